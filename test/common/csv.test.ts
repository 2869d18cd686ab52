// The one CSV writer (src/common/csv.ts): quoting as RFC 4180 asks, formulas neutralized as OWASP
// recommends; and no other module of src/ writes CSV lines of its own.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "../../src/common/csv.js";

describe("csvCell", () => {
  it.each([
    ["=1+1", `"'=1+1"`],
    ["+SUM(A1)", `"'+SUM(A1)"`],
    ["-2+3", `"'-2+3"`],
    ["@cmd", `"'@cmd"`],
    ["\tx", `"'\tx"`],
    ["\rx", `"'\rx"`],
    ['=HYPERLINK("u")', `"'=HYPERLINK(""u"")"`],
    ["plain", "plain"],
    ["a,b", `"a,b"`],
    ['say "hi"', `"say ""hi"""`],
    [" padded", `" padded"`],
    ["a=b", "a=b"],
  ])("writes %j as %s", (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it("writes numbers as they are (a negative deviation stays a number) and null as nothing", () => {
    expect(csvLine([-30000, 0, null, undefined, true])).toBe("-30000,0,,,true\r\n");
  });
});

describe("CSV writers", () => {
  it("are all this one: no other module of src/ ends CSV lines itself", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith(".ts")) files.push(path);
      }
    };
    walk("src");
    const writers = files.filter((f) => f !== join("src", "common", "csv.ts") && /\.join\(","\)\s*\+\s*"\\r\\n"/.test(readFileSync(f, "utf8")));
    expect(writers).toEqual([]);
  });
});
