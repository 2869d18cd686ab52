// The schedule aggregate stands on its own floor: src/schedules/ imports none of the slices that use
// it (type imports included), and every write of the `schedules` table is made in src/schedules/
// (the event tables' statements are checked by event-sql.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const USERS = ["events", "changesets", "asrun", "history", "checks", "io", "reporting", "seed", "server", "cli"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every module specifier of a file: import, export … from, import("…") and import type. */
const specifiers = (text: string): string[] => [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)].map((m) => m[1]);

/** A write of the schedules table: raw SQL or Drizzle's builder. */
const WRITES_SCHEDULES = /\b(?:update\s+schedules|insert\s+into\s+schedules|delete\s+from\s+schedules)\b|\.(?:insert|update|delete)\(\s*schedules\s*\)/i;

describe("the schedule aggregate (src/schedules/)", () => {
  it("imports none of the slices that use it, type imports included", () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src/schedules"))) {
      for (const specifier of specifiers(readFileSync(file, "utf8"))) {
        const folder = specifier.match(/^(?:\.\.\/)+([a-z0-9-]+)\//)?.[1];
        if (folder && USERS.includes(folder)) wrong.push(`${relative(ROOT, file)} → ${specifier}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("is the only writer of the schedules table", () => {
    const wrong = sourceFiles(join(ROOT, "src"))
      .filter((file) => !relative(ROOT, file).startsWith("src/schedules/"))
      .filter((file) => WRITES_SCHEDULES.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file));
    expect(wrong).toEqual([]);
  });

  it("would report a planted import and a planted write", () => {
    expect(specifiers('import type { EventRow } from "../events/index.js";\nexport type X = EventRow;')).toEqual(["../events/index.js"]);
    expect(WRITES_SCHEDULES.test("await tx.update(schedules).set({ name });")).toBe(true);
    expect(WRITES_SCHEDULES.test("sql`delete from schedules where id = ${id}`")).toBe(true);
    expect(WRITES_SCHEDULES.test("sql`select id from schedules`")).toBe(false);
  });
});
