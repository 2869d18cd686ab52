// The README's tables stay true: its configuration table names exactly the settings src/config.ts
// reads from the environment, and its table of codes names every code format-error.ts lets a
// client see (a new setting or code is documented where a reader looks for it).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_CODES } from "../../src/server/graphql/format-error.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const config = readFileSync(new URL("../../src/config.ts", import.meta.url), "utf8");
/** The environment's own variables config.ts reads but does not own. */
const NOT_SETTINGS = new Set(["NODE_ENV"]);

const section = (start: string, end: string) => readme.slice(readme.indexOf(start), readme.indexOf(end, readme.indexOf(start)));

describe("README.md", () => {
  it("lists every setting of src/config.ts in its configuration table, and no other", () => {
    const read = new Set([...config.matchAll(/env\.([A-Z][A-Z0-9_]+)|\b(?:int|bool|claimPath|secretOf)\("([A-Z][A-Z0-9_]+)"/g)].map((m) => m[1] ?? m[2]).filter((name) => !NOT_SETTINGS.has(name)));
    const listed = new Set([...section("## Configuration", "\n## ").matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(50);
    expect([...listed].sort()).toEqual([...read].sort());
  });

  it("names every code a client may see in its table of codes", () => {
    const table = section("| code | meaning |", "\n## ");
    expect([...CLIENT_CODES].filter((code) => !table.includes(`\`${code}\``))).toEqual([]);
    expect(table).toContain("`TRUSTED_DOCUMENT_REQUIRED`");
  });
});
