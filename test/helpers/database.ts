// One migrated database for the tests of a file, without a service: PGlite in memory, or a new
// database on the server of DATABASE_URL (dropped afterwards). Opened in beforeAll and closed in
// afterAll; a file's own beforeAll, registered after this call, finds it open.
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "../../src/db/client.js";
import { runMigrations } from "../../src/db/migrate.js";
import { freshDatabase } from "./shared-service.js";

export interface TestDatabase {
  /** The open handle (set by the time a test or a later beforeAll runs). */
  handle: DatabaseHandle;
  /** The URL of the fresh database on PostgreSQL, undefined on PGlite. */
  databaseUrl: string | undefined;
}

export function useMigratedDatabase(options: Pick<DatabaseOptions, "logger" | "maxConnections"> = {}): TestDatabase {
  const bed = {} as TestDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      const fresh = await freshDatabase(process.env.DATABASE_URL);
      bed.databaseUrl = fresh.url;
      drop = fresh.drop;
    }
    bed.handle = await openDatabase({ ...options, databaseUrl: bed.databaseUrl, dataDir: "memory://", templateDir: process.env.PGLITE_TEMPLATE_DIR });
    await runMigrations(bed.handle);
  });
  afterAll(async () => {
    await bed.handle?.close();
    await drop?.();
  });
  return bed;
}
