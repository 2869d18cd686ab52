// docs/OPERATIONS.md says it covers every operation of the SPEC: each id has a `###` section
// heading naming it (alone, in a list, or in a range such as O1–O7). The ids are fixed here, as
// the SPEC numbers them (S1–S40, O1–O20).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const SPEC_IDS = [...Array.from({ length: 40 }, (_, i) => `S${i + 1}`), ...Array.from({ length: 20 }, (_, i) => `O${i + 1}`)];

/** The ids named by `###` headings; "S19–S22" (en dash or hyphen) stands for S19, S20, S21, S22. */
function idsInHeadings(markdown: string): Set<string> {
  const ids = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^###\s+(.*)$/gm)) {
    for (const [, letter, first, , last] of heading.matchAll(/\b([SO])(\d+)(\s*[–-]\s*[SO]?(\d+))?\b/g)) {
      const to = last ? Number(last) : Number(first);
      for (let n = Number(first); n <= to; n++) ids.add(`${letter}${n}`);
    }
  }
  return ids;
}

describe("docs/OPERATIONS.md", () => {
  it("reads ids from headings, ranges included, and only from ### headings", () => {
    const ids = idsInHeadings("## Change sets (S19–S22)\n### S2, S9: `x`\n### O1–O3, O10\nS5 in text\n");
    expect([...ids].sort()).toEqual(["O1", "O10", "O2", "O3", "S2", "S9"]);
  });

  it("has a section for every SPEC operation", () => {
    const covered = idsInHeadings(readFileSync(new URL("../docs/OPERATIONS.md", import.meta.url), "utf8"));
    expect(SPEC_IDS.filter((id) => !covered.has(id))).toEqual([]);
  });
});
