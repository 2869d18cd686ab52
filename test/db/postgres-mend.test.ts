// The mend of postgres.js applied at install (tools/patch-postgres.mjs): present in this install,
// recognised by the service, idempotent, and refused on code it was not written for.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RESERVE_MARK, reservationsMended } from "../../src/db/postgres-mend.js";
// @ts-expect-error: a plain script of the install, without types
import { ORIGINAL, patchPostgres, RESERVE_MARK as TOOL_MARK } from "../../tools/patch-postgres.mjs";

/** A package laid out as postgres.js, both entry files holding `text`. */
function fakePackage(text: string): string {
  const root = mkdtempSync(join(tmpdir(), "pgw-mend-"));
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "cjs", "src"), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "postgres", version: "3.4.9" }));
  for (const file of ["src/index.js", "cjs/src/index.js"]) writeFileSync(join(root, file), `// before\n${text}\n// after\n`);
  return root;
}

describe("postgres.js's mend", () => {
  it("is in this install, and the service knows it", () => {
    expect(RESERVE_MARK).toBe(TOOL_MARK);
    expect(reservationsMended()).toBe(true);
  });

  it("patches both builds once, and refuses code it was not written for", () => {
    const root = fakePackage(ORIGINAL);
    try {
      patchPostgres(root);
      const once = readFileSync(join(root, "src/index.js"), "utf8");
      expect(once).toContain(RESERVE_MARK);
      expect(once).toContain("if (c.reserved !== reservation) return");
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
