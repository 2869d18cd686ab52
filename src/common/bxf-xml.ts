// The structure the BXF (SMPTE ST 2021) readers walk, shared by the schedule reader
// (src/io/formats/bxf-read.ts) and the as-run reader (src/asrun/bxf.ts): a streaming parser
// (saxes) whose elements are matched by local name (any BXF version, any prefix); the message's
// head (BxfMessage/BxfData/Schedule, its Channel) above the items (ScheduledEvent, AsRun items),
// each item followed down a tree of the paths its reader takes; what is not read skipped whole
// and listed in one warning. saxes never loads a DTD or an external entity, and a document that
// declares entities is refused. Pure: text in, calls to the reader out.
import { SaxesParser, type SaxesTagNS } from "saxes";
import { badInput } from "./errors.js";

export type BxfTag = SaxesTagNS;

/** The head paths both readers know (BXF puts the schedule, and the as-run, in a Schedule of the message's BxfData). */
export const BXF_DATA = "BxfMessage/BxfData";
export const BXF_SCHEDULE = "BxfMessage/BxfData/Schedule";

/** What a reader does with the elements its walk hands it (those inside an element skipped never come). */
export interface BxfElements {
  open(tag: BxfTag): void;
  /** The element opened last and not skipped closes. */
  close(): void;
}

/**
 * One walk over a BXF document: the parser, its first fault (which ends the read), the head path,
 * the elements skipped and the text of the element read.
 */
export class BxfWalk {
  readonly parser = new SaxesParser<{ xmlns: true; position: true }>({ xmlns: true, position: true });
  /** The first fault: the feed throws it after the piece that raised it. */
  failure: Error | null = null;
  /** The local names of the head elements open (BxfMessage, BxfData, Schedule, …); not those inside an item. */
  readonly head: string[] = [];
  /** > 0 inside an element skipped. */
  private skipDepth = 0;
  private collecting = false;
  private text = "";
  // Elements not read: how many, and the line of the first (the warning names it).
  private readonly ignored = new Map<string, { count: number; line: number }>();

  constructor(elements: BxfElements) {
    const parser = this.parser;
    parser.on("doctype", (doctype) => {
      if (/<!ENTITY/i.test(doctype)) this.fail(`line ${parser.line}: entity declarations are not accepted (DTDs and external entities are never loaded)`);
    });
    parser.on("error", (error) => this.fail(`line ${parser.line}: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")}`));
    parser.on("opentag", (tag) => {
      if (this.failure) return;
      if (this.skipDepth > 0) this.skipDepth++;
      else this.guard(() => elements.open(tag));
    });
    const onText = (t: string) => {
      if (this.collecting && this.skipDepth === 0) this.text += t;
    };
    parser.on("text", onText);
    parser.on("cdata", onText);
    parser.on("closetag", () => {
      if (this.failure) return;
      if (this.skipDepth > 0) this.skipDepth--;
      else this.guard(() => elements.close());
    });
  }

  /** A reader's refusal is the walk's fault, thrown after the piece (saxes would be left mid-piece by a throw). */
  private guard(handle: () => void): void {
    try {
      handle();
    } catch (error) {
      this.failure ??= error as Error;
    }
  }

  get line(): number {
    return this.parser.line;
  }

  /** Refuses the document (the first refusal is the one told). */
  fail(message: string): void {
    this.failure ??= badInput(message);
  }

  /** Skips the element just opened with all inside it; `name` lists it in the warning of elements not read. */
  skip(name?: string): void {
    if (name !== undefined) {
      const seen = this.ignored.get(name);
      if (seen) seen.count++;
      else this.ignored.set(name, { count: 1, line: this.parser.line });
    }
    this.skipDepth = 1;
  }

  /** Collects the text (and CDATA) of the element just opened, up to takeText (not that of elements skipped inside it). */
  collectText(): void {
    this.collecting = true;
    this.text = "";
  }

  takeText(): string {
    this.collecting = false;
    return this.text;
  }

  /** Opens a head element: the root must be a BxfMessage (the one element every BXF document starts with). */
  openHead(tag: BxfTag): void {
    this.head.push(tag.local);
    if (this.head.length === 1 && tag.local !== "BxfMessage") this.fail(`line ${this.parser.line}: the root element must be <BxfMessage> (SMPTE ST 2021), found <${tag.name}>`);
  }

  /** The path of the head element open ("BxfMessage/BxfData/Schedule"). */
  get where(): string {
    return this.head.join("/");
  }

  /** Skips the head element just opened, listed by its path below BxfMessage. */
  skipHead(): void {
    this.skip(this.where.replace(/^BxfMessage\//, ""));
    this.head.pop();
  }

  closeHead(): void {
    this.head.pop();
  }

  /** The warning listing the elements skipped (the first 30, each with its count and first line); null when none was. */
  notReadWarning(): string | null {
    if (!this.ignored.size) return null;
    const list = [...this.ignored].slice(0, 30).map(([n, { count, line }]) => (count > 1 ? `${n} (${count}, first line ${line})` : `${n} (line ${line})`));
    return `Elements not read, ignored: ${list.join(", ")}${this.ignored.size > 30 ? `, and ${this.ignored.size - 30} more` : ""}`;
  }
}

/** A node of the tree of an item's paths (below a ScheduledEvent, an AsRun item): the reader follows an element's path without building strings. */
export interface BxfPathNode<N> {
  /** Its path below the item ("EventData/StartDateTime"). */
  path: string;
  children: Map<string, N>;
}

/** The tree of `paths` ("EventData/StartDateTime/SmpteDateTime"), its nodes made by `make`, each path's own node given its value by `mark`. */
export function bxfPathTree<N extends BxfPathNode<N>, V>(paths: Iterable<readonly [string, V]>, make: (path: string) => N, mark: (node: N, value: V, name: string) => void): N {
  const root = make("");
  for (const [path, value] of paths) {
    let node = root;
    let name = "";
    for (name of path.split("/")) {
      let next = node.children.get(name);
      if (!next) node.children.set(name, (next = make(node.path ? `${node.path}/${name}` : name)));
      node = next;
    }
    mark(node, value, name);
  }
  return root;
}

/** The elements open below an item, as nodes of its path tree. */
export class BxfPathStack<N extends BxfPathNode<N>> {
  private readonly open: N[] = [];
  constructor(private readonly root: N) {}

  get depth(): number {
    return this.open.length;
  }

  /**
   * Enters the child `name` of the innermost element open; an element off the tree is skipped
   * (listed as `label` + its path) and gives undefined.
   */
  enter(name: string, walk: BxfWalk, label = ""): N | undefined {
    const parent = this.open.length ? this.open[this.open.length - 1] : this.root;
    const node = parent.children.get(name);
    if (node === undefined) {
      walk.skip(`${label}${parent.path ? `${parent.path}/` : ""}${name}`);
      return undefined;
    }
    this.open.push(node);
    return node;
  }

  leave(): void {
    this.open.pop();
  }
}

/** An attribute by local name (any prefix). */
export function bxfAttribute(tag: BxfTag, local: string): string | undefined {
  for (const a of Object.values(tag.attributes)) if (a.local === local) return a.value;
  return undefined;
}

/** A Channel's short name (shortName, or ShortName as some automation writes it). */
export const channelShortName = (tag: BxfTag): string | undefined => bxfAttribute(tag, "shortName") ?? bxfAttribute(tag, "ShortName");

const SPACES = /\s\s|[^\S ]/;
/** Whitespace runs as one space, trimmed (the test spares the replace for texts with single spaces only). */
export const collapseSpaces = (text: string): string => (SPACES.test(text) ? text.replace(/\s+/g, " ").trim() : text.trim());
