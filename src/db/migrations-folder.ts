// Where the SQL migrations live (drizzle/), for the migrator and the embedded database's template.
import { fileURLToPath } from "node:url";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));
