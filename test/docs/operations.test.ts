// docs/OPERATIONS.md says it covers every operation of the SPEC: each id has a `###` section
// heading naming it (alone, in a list, or in a range such as O1–O7), and that section defines it
// in a line of its own (`- **S30** — ripples a schedule …`). Code and docs cite the ids (S31, O16)
// without saying what they are; a clone has no SPEC, so every id cited under src/ or docs/ must
// be defined there. The ids are fixed here, as the SPEC numbers them (S1–S40, O1–O20).
// Each section's `Code:` line names the files that serve it, each followed by the names it declares
// for the operation (`src/io/formats/exports.ts` (xmltvDocument)): a file that exists but holds
// something else (the reader where the writer is meant) fails as surely as a missing file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SPEC_IDS = [...Array.from({ length: 40 }, (_, i) => `S${i + 1}`), ...Array.from({ length: 20 }, (_, i) => `O${i + 1}`)];
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ID = /\b([SO])(\d+)(\s*[–-]\s*[SO]?(\d+))?\b/g;

/** The ids a text names; "S19–S22" (en dash or hyphen) stands for S19, S20, S21, S22. */
function idsIn(text: string): string[] {
  const ids: string[] = [];
  for (const [, letter, first, , last] of text.matchAll(ID)) {
    const to = last ? Number(last) : Number(first);
    for (let n = Number(first); n <= to; n++) ids.push(`${letter}${n}`);
  }
  return ids;
}

/** The ids named by `###` headings. */
function idsInHeadings(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^###\s+(.*)$/gm)].flatMap(([, heading]) => idsIn(heading)));
}

/** Each definition line (`- **S2** — text`) with the `###` heading of its section. */
function definitions(markdown: string): Map<string, { text: string; heading: string }> {
  const found = new Map<string, { text: string; heading: string }>();
  let heading = "";
  for (const line of markdown.split("\n")) {
    if (/^#{1,3}\s/.test(line)) heading = line.startsWith("### ") ? line : "";
    const definition = /^- \*\*([SO]\d+)\*\* — (.*)$/.exec(line);
    if (definition) found.set(definition[1], { text: definition[2].trim(), heading });
  }
  return found;
}

/** Each `###` section's `Code:` lines (resolver → service → store/rules files), by heading. */
function codeLinesBySection(markdown: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let heading = "";
  for (const line of markdown.split("\n")) {
    if (/^#{1,3}\s/.test(line)) {
      heading = line.startsWith("### ") ? line : "";
      if (heading) sections.set(heading, []);
    } else if (heading && line.startsWith("Code:")) sections.get(heading)!.push(line);
  }
  return sections;
}

/** The repository paths a `Code:` line names, each in backticks. */
function pathsIn(codeLine: string): string[] {
  return [...codeLine.matchAll(/`([^`]+)`/g)].map(([, path]) => path);
}

/** Each path of a `Code:` line with the names that follow it in parentheses: `src/a.ts` (one, two). */
function namesByPath(codeLine: string): { path: string; names: string[] }[] {
  return [...codeLine.matchAll(/`([^`]+)`(?:\s*\(([^)]*)\))?/g)].map(([, path, names]) => ({
    path,
    names: (names ?? "").split(",").map((name) => name.trim()).filter(Boolean),
  }));
}

/**
 * Whether a source text declares a name: a function, class, interface, type, enum or variable
 * (`function name`, `const name`, exported or not), or a method of a class (`  async name(…) {`,
 * `  name(` ending a line whose parameters follow). A call (`  name(x);`) is not a declaration.
 */
function declares(source: string, name: string): boolean {
  const id = name.replace(/[$]/g, "\\$&");
  return (
    new RegExp(`\\b(?:function\\*?|class|interface|type|enum|const|let|var)\\s+${id}\\b`).test(source) ||
    new RegExp(`^[ \\t]+(?:(?:public|private|protected|static|readonly|async|get|set)\\s+)*\\*?${id}\\s*(?:<[^>\\n]*>)?\\((?:.*[{(,])?[ \\t]*$`, "m").test(source)
  );
}

/** Every file under a folder whose name ends with one of the extensions. */
function filesUnder(folder: string, extensions: string[]): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => join(entry.parentPath, entry.name));
}

const operations = readFileSync(join(ROOT, "docs/OPERATIONS.md"), "utf8");

describe("docs/OPERATIONS.md", () => {
  it("reads ids from headings, ranges included, and only from ### headings", () => {
    const ids = idsInHeadings("## Change sets (S19–S22)\n### S2, S9: `x`\n### O1–O3, O10\nS5 in text\n");
    expect([...ids].sort()).toEqual(["O1", "O10", "O2", "O3", "S2", "S9"]);
  });

  it("reads definitions with the heading of their section", () => {
    const found = definitions("### S2, S9: `x`\n\n- **S2** — searches.\n- **S9**: not a definition\n## Jobs\n- **S1** — lists jobs.\n");
    expect([...found]).toEqual([
      ["S2", { text: "searches.", heading: "### S2, S9: `x`" }],
      ["S1", { text: "lists jobs.", heading: "" }],
    ]);
  });

  it("has a section for every SPEC operation", () => {
    const covered = idsInHeadings(operations);
    expect(SPEC_IDS.filter((id) => !covered.has(id))).toEqual([]);
  });

  it("defines each id once, in a section whose heading names it", () => {
    const found = definitions(operations);
    const count = (id: string) => [...operations.matchAll(new RegExp(`^- \\*\\*${id}\\*\\* — `, "gm"))].length;
    const misplaced = [...found].filter(([id, { text, heading }]) => !text || !idsIn(heading).includes(id) || count(id) !== 1);
    expect(misplaced).toEqual([]);
  });

  it("defines every id cited under src/ and docs/, and every SPEC id", () => {
    const defined = definitions(operations);
    const cited = new Set(SPEC_IDS);
    for (const file of [...filesUnder("src", [".ts"]), ...filesUnder("docs", [".md"])]) {
      for (const id of idsIn(readFileSync(file, "utf8"))) cited.add(id);
    }
    // `S3` is also an asset origin (Amazon S3) in src/assets/enums.ts; it is a SPEC id all the same.
    expect([...cited].filter((id) => !defined.has(id)).sort()).toEqual([]);
  });

  it("reads Code: lines per ### section and the paths they name", () => {
    const found = codeLinesBySection("## A\nCode: `x`\n### S1: `a`\n\nCode: `src/a.ts` → `src/b.ts`\n### S2\ntext\n## B\nCode: `y`\n");
    expect([...found]).toEqual([
      ["### S1: `a`", ["Code: `src/a.ts` → `src/b.ts`"]],
      ["### S2", []],
    ]);
    expect(pathsIn("Code: `src/a.ts` → `src/b.ts` (`src/c/`)")).toEqual(["src/a.ts", "src/b.ts", "src/c/"]);
    expect(namesByPath("Code: `src/a.ts` (one, two) → `src/b.ts` → `src/c.ts` (three)")).toEqual([
      { path: "src/a.ts", names: ["one", "two"] },
      { path: "src/b.ts", names: [] },
      { path: "src/c.ts", names: ["three"] },
    ]);
  });

  it("tells a declaration from a call or a mention", () => {
    const source = [
      "export async function writeXmltv(out: Writable) {",
      "const TABLE = 1;",
      "export class ScheduleService {",
      "  async create(viewer: Viewer, input: ScheduleInput): Promise<Schedule> {",
      "  list(",
      "    viewer: Viewer,",
      "  ) {",
      "    requireRole(viewer, \"editor\");",
      "    return readXmltv(text);",
      "  }",
      "}",
    ].join("\n");
    expect(["writeXmltv", "TABLE", "ScheduleService", "create", "list"].filter((name) => !declares(source, name))).toEqual([]);
    expect(["requireRole", "readXmltv", "viewer", "Writable"].filter((name) => declares(source, name))).toEqual([]);
  });

  it("gives every section one Code: line naming its resolver first, then files that exist", () => {
    const wrong = [...codeLinesBySection(operations)].flatMap(([heading, lines]) => {
      if (lines.length !== 1) return [`${heading}: ${lines.length} Code: lines`];
      const paths = pathsIn(lines[0]);
      const problems = paths.filter((path) => !path.startsWith("src/") || !existsSync(join(ROOT, path))).map((path) => `${heading}: ${path} does not exist`);
      if (paths.length < 2 || !/resolvers?\.ts$/.test(paths[0])) problems.push(`${heading}: the line names no resolver then service`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it("names after each Code: path what it declares that serves the operation", () => {
    const wrong = [...codeLinesBySection(operations)].flatMap(([heading, lines]) =>
      lines.flatMap((line) =>
        namesByPath(line).flatMap(({ path, names }) => {
          if (names.length === 0) return [`${heading}: ${path} names no function`];
          if (!existsSync(join(ROOT, path))) return [];
          const source = readFileSync(join(ROOT, path), "utf8");
          return names.filter((name) => !declares(source, name)).map((name) => `${heading}: ${path} does not declare ${name}`);
        }),
      ),
    );
    expect(wrong).toEqual([]);
  });
});
