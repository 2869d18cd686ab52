// The mends of postgres.js applied at install (tools/patch-postgres.mjs): present in this install,
// recognised by the service, idempotent, and refused on code they were not written for.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MEND_MARKS, reservationsMended } from "../../src/db/postgres-mend.js";
// @ts-expect-error: a plain script of the install, without types
import { MEND_MARKS as TOOL_MARKS, ORIGINAL, ORIGINAL_ONCLOSE, patchPostgres } from "../../tools/patch-postgres.mjs";

/** A package laid out as postgres.js, both entry files holding `text`. */
function fakePackage(text: string): string {
  const root = mkdtempSync(join(tmpdir(), "pgw-mend-"));
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "cjs", "src"), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "postgres", version: "3.4.9" }));
  for (const file of ["src/index.js", "cjs/src/index.js"]) writeFileSync(join(root, file), `// before\n${text}\n// after\n`);
  return root;
}

describe("postgres.js's mends", () => {
  it("is in this install, and the service knows it", () => {
    expect(MEND_MARKS).toEqual(TOOL_MARKS);
    expect(reservationsMended()).toBe(true);
  });

  it("patches both builds once, and refuses code it was not written for", () => {
    const root = fakePackage(`${ORIGINAL}\n\n${ORIGINAL_ONCLOSE}`);
    try {
      patchPostgres(root);
      const once = readFileSync(join(root, "src/index.js"), "utf8");
      for (const mark of MEND_MARKS) expect(once).toContain(mark);
      expect(once).toContain("if (c.reserved !== reservation) return");
      expect(once).toContain("query.reserve && queries.push(query)");
      expect(readFileSync(join(root, "cjs/src/index.js"), "utf8")).toBe(once);
      patchPostgres(root);
      expect(readFileSync(join(root, "src/index.js"), "utf8")).toBe(once);
    } finally {
      rmSync(root, { recursive: true });
    }
    const other = fakePackage("function reserve() { /* rewritten upstream */ }");
    try {
      expect(() => patchPostgres(other)).toThrow(/not the code this patch was written for/);
    } finally {
      rmSync(other, { recursive: true });
    }
  });
});
