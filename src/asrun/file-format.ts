// Which reader an uploaded as-run file goes to: CSV or BXF (docs/ASRUN.md "Files"). The file name's
// extension decides first (.csv; .bxf or .xml), then the content: an XML document whose root
// element is BxfMessage is BXF, found past a byte-order mark, white space, the XML declaration,
// processing instructions, comments and a DOCTYPE, however long they are. Pure, and the peek
// reads only as much of the file as the decision needs.
import { extname } from "node:path";
import { badInput } from "../common/errors.js";

export type AsRunFileFormat = "csv" | "bxf";

/** What the start of a file says: text (not XML), XML with its root's name, or not enough yet. */
export type Head = { kind: "text" } | { kind: "xml"; root: string | null } | { kind: "more" };

const NAME = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)([\s/>]|$)/;

/** The kind of document that `head` (the first characters of a file) starts. */
export function headOf(head: string, complete = false): Head {
  let i = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  const more = (): Head => (complete ? { kind: "xml", root: null } : { kind: "more" });
  for (;;) {
    while (i < head.length && /\s/.test(head[i])) i++;
    if (i >= head.length) return complete ? { kind: "text" } : { kind: "more" };
    if (head[i] !== "<") return { kind: "text" };
    const skipTo = (end: string, from: number): boolean => {
      const at = head.indexOf(end, from);
      if (at < 0) return false;
      i = at + end.length;
      return true;
    };
    if (head.startsWith("<?", i)) {
      if (!skipTo("?>", i + 2)) return more();
    } else if (head.startsWith("<!--", i)) {
      if (!skipTo("-->", i + 4)) return more();
    } else if (head.slice(i, i + 9).toUpperCase() === "<!DOCTYPE") {
      // A DOCTYPE may hold an internal subset in [ … ] whose declarations contain ">".
      const close = head.indexOf(">", i);
      const open = head.indexOf("[", i);
      if (open >= 0 && (close < 0 || open < close)) {
        if (!skipTo("]", open) || !skipTo(">", i)) return more();
      } else if (!skipTo(">", i)) return more();
    } else {
      const m = NAME.exec(head.slice(i, i + 200));
      if (m && (m[2] !== "" || complete)) return { kind: "xml", root: m[1] };
      if (!m && head.length - i >= 200) return { kind: "xml", root: null };
      return more();
    }
  }
}

/** The local part of an element name (`bxf:BxfMessage` → `BxfMessage`). */
const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** The reader of a file: by its name's extension, else by what its start holds. */
export function asRunFormatOf(fileName: string | null | undefined, head: Head): AsRunFileFormat {
  const ext = extname(fileName ?? "").toLowerCase();
  if (ext === ".csv") return "csv";
  if (ext === ".bxf" || ext === ".xml") return "bxf";
  if (head.kind !== "xml") return "csv";
  if (head.root === null || local(head.root) === "BxfMessage") return "bxf";
  throw badInput(`The file is XML whose root element is <${head.root}>; an as-run file is CSV, or BXF (SMPTE ST 2021) whose root is <BxfMessage>`);
}

/** At most this much of a file is held to find its root element; past it, XML goes to the BXF reader. */
const PEEK_LIMIT = 1 << 20;

/** The kind of a text's start, and the whole text again (what was read to decide, then the rest). */
export async function peekHead(text: AsyncIterable<string>): Promise<{ head: Head; all: AsyncIterable<string> }> {
  const iterator = text[Symbol.asyncIterator]();
  const taken: string[] = [];
  let seen = "";
  let head: Head = { kind: "more" };
  let done = false;
  while (head.kind === "more") {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      head = headOf(seen, true);
      break;
    }
    taken.push(next.value);
    seen += next.value;
    head = headOf(seen, seen.length >= PEEK_LIMIT);
  }
  async function* all(): AsyncGenerator<string> {
    try {
      yield* taken.splice(0);
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head, all: all() };
}
