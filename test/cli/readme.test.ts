// The README's "Commands" section: well-formed tables (a paragraph inside a table breaks its last
// rows into raw pipes), and every flag of the remote commands listed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXPORT_OPTIONS, IMPORT_OPTIONS, JOBS_OPTIONS } from "../../src/cli/options.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const commands = readme.slice(readme.indexOf("## Commands\n"), readme.indexOf("\n## ", readme.indexOf("## Commands\n") + 1));

describe("README Commands", () => {
  it("has tables whose every row follows a header and its separator", () => {
    const tables: string[][] = [];
    let previous = "";
    for (const line of commands.split("\n")) {
      if (line.startsWith("|")) {
        if (!previous.startsWith("|")) tables.push([]);
        tables[tables.length - 1].push(line);
      }
      previous = line;
    }
    expect(tables.length).toBeGreaterThanOrEqual(2);
    for (const rows of tables) {
      expect(rows[1], rows[0]).toMatch(/^\|(-+\|)+$/);
      const columns = rows[0].split(/(?<!\\)\|/).length;
      for (const row of rows) expect(row.split(/(?<!\\)\|/).length, row).toBe(columns);
    }
  });

  it.each([
    ["import", IMPORT_OPTIONS],
    ["export", EXPORT_OPTIONS],
    ["jobs", JOBS_OPTIONS],
  ])("lists every flag of %s", (_command, options) => {
    for (const flag of Object.keys(options)) expect(commands).toContain(`--${flag}`);
  });
});
