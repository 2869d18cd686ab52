// The docs stand on their own: README.md and docs/ are read in a clone of the repository, which
// holds no specification, no contract document and no issue tracker. So they may not send the
// reader to a file the clone does not hold (a `*.md` they name, a relative link, anything under
// `../`), nor to an issue or pull request by number: they say what is meant in their own words
// (an operation by its id, defined in docs/OPERATIONS.md; a measurement by its section). Code
// blocks and inline code are not prose: `#2` there is an entry id, not an issue.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** README.md and every Markdown file under docs/, as paths from the repository's root. */
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name))),
];


/** The text with fenced code blocks and inline code spans blanked (line numbers kept). */
function prose(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "))
    .replace(/`[^`\n]*`/g, (span) => " ".repeat(span.length));
}

/** Where a path named in `file` points: from the repository's root, else from the file's folder. */
function resolves(file: string, target: string): boolean {
  const path = target.replace(/[#?].*$/, "");
  if (!path) return true;
  for (const base of [ROOT, join(ROOT, dirname(file))]) {
    const full = resolve(base, path);
    if (!relative(ROOT, full).startsWith("..") && existsSync(full)) return true;
  }
  return false;
}

interface Finding {
  line: number;
  what: string;
}

/** What in a Markdown text reaches outside the repository or names an issue. */
function outsideReferences(file: string, markdown: string): Finding[] {
  const found: Finding[] = [];
  const textLines = markdown.split("\n");
  const proseLines = prose(markdown).split("\n");
  textLines.forEach((text, index) => {
    const line = index + 1;
    // Every Markdown file it names, in code or not (`docs/EVENTS.md`, "API.md"), must be in the repository.
    for (const [name] of text.matchAll(/(?<![\w/.-])(?:\.{1,2}\/)?[\w./-]*\w\.md\b/g)) {
      if (!resolves(file, name)) found.push({ line, what: `names ${name}, which the repository does not hold` });
    }
    // Nothing under ../ (a checkout beside this one).
    for (const [name] of text.matchAll(/(?<![\w.])\.\.\/(?:[\w./-]*[\w/])?/g)) {
      if (!resolves(file, name)) found.push({ line, what: `reaches outside the repository: ${name}` });
    }
    // Relative links resolve inside the repository.
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith("#")) continue;
      if (!resolves(file, target)) found.push({ line, what: `links to ${target}, which the repository does not hold` });
    }
    // No issue or pull request by number, in prose (code may hold `#2`, `&#233;`).
    const named = /\b(?:issues?|pull requests?|PRs?)\s+#?\d+(?:\s*(?:,|and|or|&)\s*#?\d+)*/gi;
    for (const [ref] of proseLines[index].matchAll(named)) found.push({ line, what: `names an issue: "${ref}"` });
    const rest = proseLines[index].replace(named, (ref) => " ".repeat(ref.length));
    for (const [ref] of rest.matchAll(/(?<![\w&#/])#\d+\b/g)) found.push({ line, what: `names an issue: "${ref}"` });
    // Nor the specification the service was first written from, by name ("SPEC ProcessingJob").
    if (/\bSPEC\b(?!\.md)/.test(proseLines[index])) found.push({ line, what: "names the SPEC, which the repository does not hold" });
  });
  return found;
}

describe("the docs stand on their own", () => {
  it("finds each kind of reference planted in a page", () => {
    const page = [
      "# Planted",
      "The contract is API.md, the operations SPEC.md \"Events\", the stack STACK.md.",
      "The checker is ../shared/tools/check-contract.mjs.",
      "See [the spec](../spec/README.md) and [nowhere](docs/NOWHERE.md).",
      "Since issue 16 the trigger, issues 3 and 4, Issue #13, fixed in #42 and PR 7.",
      "The fields of SPEC ProcessingJob.",
    ].join("\n");
    expect(outsideReferences("docs/PLANTED.md", page)).toEqual([
      { line: 2, what: "names API.md, which the repository does not hold" },
      { line: 2, what: "names SPEC.md, which the repository does not hold" },
      { line: 2, what: "names STACK.md, which the repository does not hold" },
      { line: 3, what: "reaches outside the repository: ../shared/tools/check-contract.mjs" },
      { line: 4, what: "names ../spec/README.md, which the repository does not hold" },
      { line: 4, what: "names docs/NOWHERE.md, which the repository does not hold" },
      { line: 4, what: "reaches outside the repository: ../spec/README.md" },
      { line: 4, what: "links to ../spec/README.md, which the repository does not hold" },
      { line: 4, what: "links to docs/NOWHERE.md, which the repository does not hold" },
      { line: 5, what: 'names an issue: "issue 16"' },
      { line: 5, what: 'names an issue: "issues 3 and 4"' },
      { line: 5, what: 'names an issue: "Issue #13"' },
      { line: 5, what: 'names an issue: "PR 7"' },
      { line: 5, what: 'names an issue: "#42"' },
      { line: 6, what: "names the SPEC, which the repository does not hold" },
    ]);
  });

  it("lets through what is the repository's own, and code that is not an issue", () => {
    const page = [
      "See docs/EVENTS.md, [operations](OPERATIONS.md), [the README](../README.md), [a section](#times) and [Apollo](https://www.apollographql.com/docs).",
      "An `EventId` repeated gets `#2`, `#3`; an entity `&#233;` is decoded; the S13 and O16 ids; 13 issues at most.",
      "```",
      "issue 13 in a code block, #7 too",
      "```",
    ].join("\n");
    expect(outsideReferences("docs/PLANTED.md", page)).toEqual([]);
  });

  it("README.md and docs/ name no file outside the repository and no issue", () => {
    const wrong = DOCS.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      return outsideReferences(file, text).map((finding) => `${file}:${finding.line}: ${finding.what}`);
    });
    expect(wrong).toEqual([]);
  });

});
