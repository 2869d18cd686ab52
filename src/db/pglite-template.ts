// A new embedded database (in memory, DATA_DIR=memory://, or in a data directory that holds none
// yet) starts from a migrated template when PGLITE_TEMPLATE_DIR names a folder: PGlite's initdb
// and the migrations cost 4–13 s on a two-core machine, loading the template's files 1–3 s. The
// template is made by the first process that needs it (initdb, every migration, then PGlite's
// dump of its data folder) and written under a name made of the PGlite version and the
// migrations' contents, so a new migration or PGlite release makes a new one; it is written to a
// temporary name and renamed, so a process never reads half a template. The migrations still run
// after opening (runMigrations): on a template they find nothing to do. The test suite sets it
// (vitest.config.ts), as can anyone starting many short-lived embedded services; it holds no data,
// only the migrated schema. A data directory that holds a database is opened as it is.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";

/** The installed PGlite's version (its package.json is not among the files it exports). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (dirname(dir) !== dir) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (manifest.name === "@electric-sql/pglite") return String(manifest.version);
    } catch {
      // not this folder
    }
    dir = dirname(dir);
  }
  return "unknown";
}

/** The template's file name: what it depends on, hashed. */
function templateName(): string {
  const hash = createHash("sha256");
  hash.update(pgliteVersion());
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: "utf8" }).sort()) {
    hash.update(file);
    if (/\.(sql|json)$/.test(file)) hash.update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return `pglite-${hash.digest("hex").slice(0, 16)}.tar`;
}

/** The migrated template in `templateDir`, made now (initdb, every migration, a dump) when there is none yet. */
async function template(templateDir: string): Promise<Blob> {
  const file = join(templateDir, templateName());
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // not made yet
  }
  const fresh = new PGlite();
  await fresh.waitReady;
  await migrate(drizzle(fresh), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = Buffer.from(await (await fresh.dumpDataDir("none")).arrayBuffer());
  await fresh.close();
  mkdirSync(templateDir, { recursive: true });
  const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  return new Blob([dump]);
}

/**
 * A new PGlite: in memory (`folder` undefined) or in a folder, from the template in `templateDir`
 * when one is named and the folder holds no database yet (an existing database is opened as it is).
 */
export async function openPglite(folder: string | undefined, templateDir: string | undefined): Promise<PGlite> {
  const fresh = folder === undefined || !existsSync(join(folder, "PG_VERSION"));
  const loadDataDir = templateDir && fresh ? await template(templateDir) : undefined;
  return folder === undefined ? new PGlite({ loadDataDir }) : new PGlite(folder, { loadDataDir });
}
