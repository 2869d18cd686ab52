import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { DatabaseHandle } from "./client.js";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";

export { MIGRATIONS_FOLDER };

/** Applies the SQL migrations of drizzle/ that the database has not seen yet. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === "pglite") await migratePglite(handle.db as any, config);
  else await migratePostgres(handle.db as any, config);
}
