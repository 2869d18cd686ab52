// A new embedded database starts from the migrated template (src/db/pglite-template.ts): in
// memory, and in a data directory that holds no database yet. A directory that holds one is
// opened as it is, never loaded over.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../src/db/pglite-template.js";

const made: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const templateDir = process.env.PGLITE_TEMPLATE_DIR ?? tempDir("pgw-template-");
const migrations = async (db: Awaited<ReturnType<typeof openPglite>>): Promise<number> =>
  Number((await db.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0].n);

describe("the migrated template", () => {
  it("gives a new in-memory database and a new data directory every migration, and the directory keeps what is written", async () => {
    const memory = await openPglite(undefined, templateDir);
    const expected = await migrations(memory);
    expect(expected).toBeGreaterThan(25);
    await memory.close();
    expect(readdirSync(templateDir).some((name) => name.endsWith(".tar"))).toBe(true);

    const folder = join(tempDir("pgw-template-dir-"), "pglite");
    const first = await openPglite(folder, templateDir);
    expect(await migrations(first)).toBe(expected);
    await first.exec("create table kept (v int); insert into kept values (7)");
    await first.close();
    expect(existsSync(join(folder, "PG_VERSION"))).toBe(true);

    // Opened again, with or without a template: the database written, not the template.
    for (const again of [templateDir, undefined]) {
      const reopened = await openPglite(folder, again);
      expect((await reopened.query<{ v: number }>("select v from kept")).rows).toEqual([{ v: 7 }]);
      await reopened.close();
    }
  });
});
