// Found reading docs/SECURITY.md as a newcomer: sections still said "Filled in by the merge".
// No doc may keep a merge placeholder, and SECURITY.md's "Query limits" names every limit setting
// the README's configuration table lists.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const docs = ["README.md", ...readdirSync(root + "docs").filter((f) => f.endsWith(".md")).map((f) => "docs/" + f)];

describe("the docs a newcomer reads", () => {
  it.each(docs)("%s holds no merge placeholder", (file) => {
    expect(readFileSync(root + file, "utf8")).not.toMatch(/filled in by the merge/i);
  });

  it("SECURITY.md's query limits name every limit setting", () => {
    const security = readFileSync(root + "docs/SECURITY.md", "utf8");
    const limits = security.split("## Query limits")[1]?.split("\n## ")[0] ?? "";
    for (const name of ["MAX_QUERY_DEPTH", "MAX_ALIASES", "MAX_DIRECTIVES", "MAX_TOKENS", "MAX_QUERY_COST", "MAX_STRING_LENGTH", "MAX_PAGE_SIZE", "MAX_UPLOAD_BYTES", "PUBLIC_INTROSPECTION"]) {
      expect(limits, name).toContain(name);
    }
  });
});
