// The docs are code that is compiled: every ```ts and ```tsx block of docs/CLIENTS.md is type-checked
// with `tsc --strict` against the installed Apollo Client, urql, graphcache and codegen, each block
// as a module of its own, in a folder under node_modules/.cache (so that it imports the packages as
// a frontend does). Run by `npm run lint`; test/docs/snippets.test.ts plants broken blocks.
//
// What a block may say, in an HTML comment on the line right before its fence (not shown by a
// Markdown viewer):
//
//   <!-- snippet
//   import type { ApolloClient } from "@apollo/client";
//   declare const client: ApolloClient;
//   -->
//       The context of the block: TypeScript put before it in its module, declaring what the block
//       uses without defining it (a client, an id, a typed document). Declare real types, never `any`.
//       `./clients/<file>.js` imports a configuration of docs/clients/, as the page's folder sees it.
//
//   <!-- snippet: unchecked: <reason> -->
//       Not compiled (a package the repository does not install); the reason is required and every
//       such block is listed when the tool runs.
//
// A block without a comment is compiled alone: it must import or declare every name it uses. A
// block that quotes a file of docs/clients/ whole is that file, compiled with the others.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export interface Snippet {
  doc: string;
  /** 1-based line of the block's first code line in the page. */
  line: number;
  lang: "ts" | "tsx";
  code: string;
  /** The comment's TypeScript, and the page line of its first line. */
  context?: { code: string; line: number };
  unchecked?: string;
}

const FENCE = /^( *)```(ts|tsx|typescript)\s*$/;

/** Every TypeScript block of a Markdown page, with the comment before it. */
export function extractSnippets(doc: string, text: string): Snippet[] {
  const lines = text.split("\n");
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) {
      // Skip the body of any other fence, so that a ```ts shown inside it is not taken for a block.
      if (/^ *```/.test(lines[i])) while (++i < lines.length && !/^ *```\s*$/.test(lines[i]));
      continue;
    }
    const indent = open[1].length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^ *```\s*$/.test(lines[j]); j++) body.push(lines[j].slice(Math.min(indent, lines[j].length - lines[j].trimStart().length)));
    if (j === lines.length) throw new Error(`${doc}:${i + 1}: a \`\`\`${open[2]} block is never closed`);
    const snippet: Snippet = { doc, line: i + 2, lang: open[2] === "tsx" ? "tsx" : "ts", code: body.join("\n") + "\n" };
    const comment = commentBefore(lines, i);
    if (comment) {
      const head = /^<!--\s*snippet(?::\s*unchecked:\s*(.*?))?\s*(-->)?$/.exec(comment.lines[0]);
      if (!head) throw new Error(`${doc}:${comment.line}: a comment before a block must start "<!-- snippet" (see tools/check-doc-snippets.ts)`);
      if (head[1] !== undefined) {
        if (!head[1].trim()) throw new Error(`${doc}:${comment.line}: "unchecked:" needs its reason`);
        snippet.unchecked = head[1].trim();
      } else {
        snippet.context = { code: comment.lines.slice(1, -1).join("\n") + "\n", line: comment.line + 1 };
      }
    }
    out.push(snippet);
    i = j;
  }
  return out;
}

/** The HTML comment that ends on the line before `fence`, if any (lines trimmed of the block's indentation). */
function commentBefore(lines: string[], fence: number): { lines: string[]; line: number } | undefined {
  const end = fence - 1;
  if (end < 0 || !lines[end].trim().endsWith("-->")) return undefined;
  let start = end;
  while (start >= 0 && !lines[start].trim().startsWith("<!--")) start--;
  if (start < 0) return undefined;
  return { lines: lines.slice(start, end + 1).map((l) => l.trim()), line: start + 1 };
}

export interface CheckResult {
  checked: number;
  unchecked: Snippet[];
  /** `doc:line: message`, one per diagnostic, at the page's line. */
  errors: string[];
}

export interface CheckOptions {
  /** The folder whose .ts files a context imports as ./clients/<file>.js (docs/clients). */
  clientsDir: string;
  /** Where the temporary folder goes: somewhere below the repository's node_modules. */
  workRoot: string;
}

export const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // A frontend's: the browser's globals, no Node.
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: [],
  jsx: ts.JsxEmit.ReactJSX,
  skipLibCheck: true,
  isolatedModules: true,
};

/** Compiles every block of the pages (and the files of `clientsDir`) with --strict; never throws on a type error. */
export async function checkSnippets(pages: { doc: string; text: string }[], options: CheckOptions): Promise<CheckResult> {
  await mkdir(options.workRoot, { recursive: true });
  const dir = await mkdtemp(join(options.workRoot, "doc-snippets-"));
  try {
    await mkdir(join(dir, "clients"));
    const clients = new Map<string, string>();
    for (const file of (await readdir(options.clientsDir)).filter((f) => /\.tsx?$/.test(f))) {
      const text = await readFile(join(options.clientsDir, file), "utf8");
      clients.set(text, file);
      await writeFile(join(dir, "clients", file), text);
    }
    const roots = [...clients.values()].map((file) => join(dir, "clients", file));
    const where = new Map<string, { snippet: Snippet; contextLines: number }>();
    const unchecked: Snippet[] = [];
    let n = 0;
    for (const { doc, text } of pages) {
      for (const snippet of extractSnippets(doc, text)) {
        if (snippet.unchecked) {
          unchecked.push(snippet);
          continue;
        }
        if (!snippet.context && clients.has(snippet.code)) continue; // a file of docs/clients quoted whole
        const context = snippet.context?.code ?? "";
        const file = join(dir, `snippet-${++n}.${snippet.lang}`);
        // `export {}` makes each block a module of its own (its names never meet another block's).
        await writeFile(file, `${context}${snippet.code}export {};\n`);
        where.set(file, { snippet, contextLines: context ? context.split("\n").length - 1 : 0 });
        roots.push(file);
      }
    }
    const program = ts.createProgram(roots, COMPILER_OPTIONS);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      if (!d.file || d.start === undefined) return `(compiler): ${message}`;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      const at = where.get(d.file.fileName);
      if (!at) return `${d.file.fileName.replace(join(dir, "clients"), options.clientsDir)}:${line + 1}: ${message}`;
      const { snippet, contextLines } = at;
      const pageLine = line < contextLines ? snippet.context!.line + line : snippet.line + line - contextLines;
      return `${snippet.doc}:${pageLine}: ${message}`;
    });
    // In page order, whatever order the compiler visited the modules in.
    const at = (e: string) => /^(.*?):(\d+):/.exec(e) ?? ["", e, "0"];
    errors.sort((a, b) => at(a)[1].localeCompare(at(b)[1]) || Number(at(a)[2]) - Number(at(b)[2]));
    return { checked: where.size + clients.size, unchecked, errors };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The pages checked by `npm run lint`. */
export const PAGES = ["docs/CLIENTS.md"];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = await Promise.all(PAGES.map(async (doc) => ({ doc, text: await readFile(doc, "utf8") })));
  const result = await checkSnippets(pages, { clientsDir: "docs/clients", workRoot: join("node_modules", ".cache") });
  for (const s of result.unchecked) console.log(`${s.doc}:${s.line}: not compiled: ${s.unchecked}`);
  for (const e of result.errors) console.error(e);
  console.log(`doc snippets: ${result.checked} compiled with --strict, ${result.unchecked.length} unchecked, ${result.errors.length} errors`);
  if (result.errors.length) process.exitCode = 1;
}
