// The import graph under src/, checked by `npm run lint` (docs/ARCHITECTURE.md "Boundaries"):
//
// 1. No cycle among the modules that exist at run time, static or dynamic (`import()`): fails.
// 2. No cycle when type imports count too (`import type`, `import { type X }`, `export type … from`,
//    `typeof import("…")`): they vanish when compiled, but a circle of types still ties modules that
//    can be neither read nor changed one without the other. Fails on a cycle not covered by the
//    baselines below.
// 3. Floors: a folder imports only folders of its own floor or below (FLOORS, lowest first), type
//    imports included. Fails on an import up a floor not listed in KNOWN_FLOOR_CROSSINGS.
//    src/db/schema.ts, the list of every table, is the one module allowed to reach up.
//
// 4. Rooms of the composition root (SERVER_ROOMS): src/server/ is in rooms, each a floor of its own
//    inside server/; a room imports only rooms below it, and a module outside a room reaches it only
//    through the room's index.ts (outside src/server/, only through src/server/index.ts). Fails on any.
//
// It prints the count of each, and fails on a baseline entry that matches nothing any more (so the
// baselines only shrink).
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/**
 * The floors of src/, lowest first; a folder (or a module directly in src/) is named by its first
 * path segment. A folder may import its own floor and the floors below it, never one above.
 * Folders of one floor may import each other (through their index.ts: eslint.config.js), as long
 * as that makes no cycle.
 */
export const FLOORS: readonly (readonly string[])[] = [
  // Pure rules: no database, no GraphQL, no slice.
  ["timecode", "localtime", "timeline", "traffic"],
  // Shared by every slice: configuration, helpers, the drivers and the types of the context.
  ["config.ts", "config-types.ts", "common", "db", "types"],
  // The engines and catalogs the schedule aggregate stands on.
  ["jobs", "assets", "telemetry"],
  // The schedule aggregate: schedules, their events, drafts and store; the one unit of work.
  ["schedules"],
  // The slices that use the aggregate through its operations and reads.
  ["events", "changesets", "history", "checks", "asrun", "io", "reporting", "scte35", "templates", "collections"],
  // Demo data, made with every slice.
  ["seed"],
  // The composition root and the commands.
  ["server", "cli", "main.ts"],
];

/** Modules that may import above their floor, with why. */
const FLOOR_EXEMPT: Record<string, string> = {
  "db/schema.ts": "the list of every table, for migrations and Drizzle's relational queries",
};

/**
 * TEMPORARY, expected to end empty: the imports up a floor that exist today, by module (relative to
 * src/) and the folders above it that the module still reaches. A new module or a new folder is
 * not covered.
 */
export const KNOWN_FLOOR_CROSSINGS: Record<string, readonly string[]> = {
  // The demo's jobs (src/jobs/seed.ts writes job rows, which only jobs/ may) include an archive,
  // whose events it hands to the aggregate's own archive edit (completeArchive): the one call of
  // the job engine's folder into a slice above it, for demo data only.
  "jobs/seed.ts": ["schedules"],
};

/**
 * TEMPORARY, expected to end empty: the circles of type imports inside one floor that exist today,
 * each by its modules; a circle is covered when all its modules are in one entry. (A circle across
 * floors climbs a floor somewhere: the floor check reports that import, and a circle whose only
 * climbs are in KNOWN_FLOOR_CROSSINGS is not reported twice.) Circles at run time are never covered.
 */
export const KNOWN_TYPE_CYCLES: readonly (readonly string[])[] = [
];

/**
 * The rooms of src/server/, lowest first (docs/ARCHITECTURE.md "The serving layer"). The modules
 * directly in src/server/ (app.ts, services.ts, …) stand above every room and use them all.
 */
export const SERVER_ROOMS: readonly string[] = ["http", "observability", "identity", "limits", "graphql", "graphiql"];

export interface RoomViolation {
  from: string;
  to: string;
  why: string;
}

/** The imports under `root` (src/) that break the rooms of `root/server/`: up a room, or past a room's index.ts. */
export function roomViolations(root: string, rooms: readonly string[] = SERVER_ROOMS, graph = importGraphs(root).all): RoomViolation[] {
  const violations: RoomViolation[] = [];
  const roomOf = (path: string): string | null => {
    const parts = path.split("/");
    return parts[0] === "server" && parts.length > 2 ? parts[1] : null;
  };
  for (const [file, targets] of graph) {
    const from = toPosix(relative(root, file));
    const fromRoom = roomOf(from);
    for (const target of targets) {
      const to = toPosix(relative(root, target));
      if (folderOf(to) !== "server" || folderOf(from) === "server" && roomOf(to) === fromRoom) continue;
      if (folderOf(from) !== "server") {
        if (to !== "server/index.ts") violations.push({ from, to, why: "outside src/server/, import it only through src/server/index.ts" });
        continue;
      }
      const toRoom = roomOf(to);
      if (toRoom === null) {
        if (fromRoom !== null) violations.push({ from, to, why: `a room (${fromRoom}/) does not import the modules above the rooms` });
        continue;
      }
      if (to !== `server/${toRoom}/index.ts`) violations.push({ from, to, why: `import server/${toRoom}/ only through its index.ts` });
      if (fromRoom !== null && rooms.indexOf(toRoom) > rooms.indexOf(fromRoom)) violations.push({ from, to, why: `${fromRoom}/ is below ${toRoom}/ (SERVER_ROOMS)` });
      if (!rooms.includes(toRoom)) violations.push({ from, to, why: `server/${toRoom}/ is not in SERVER_ROOMS` });
    }
  }
  return violations;
}

/** Every .ts file under `dir`, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The relative specifiers a module imports, each marked when only types are taken. */
function specifiersOf(text: string, fileName: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (node.exportClause !== undefined && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.specifier.startsWith("."));
}

/**
 * The relative specifiers a module imports: static imports, re-exports and `import("…")`; with
 * `types`, also type-only imports and re-exports and `import("…")` types; without, only what
 * exists at run time.
 */
export function importSpecifiers(text: string, fileName = "module.ts", { types = false } = {}): string[] {
  return specifiersOf(text, fileName)
    .filter((s) => types || !s.typeOnly)
    .map((s) => s.specifier);
}

/** The relative specifiers a module needs at run time: static imports and re-exports not marked type-only, and `import("…")`. */
export const runtimeSpecifiers = (text: string, fileName = "module.ts"): string[] => importSpecifiers(text, fileName);

function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

type Graph = Map<string, string[]>;

/** The modules under `root` (absolute paths) and the modules each imports: at run time, and with type imports counted. */
function importGraphs(root: string): { runtime: Graph; all: Graph } {
  const runtime: Graph = new Map();
  const all: Graph = new Map();
  for (const file of sourceFiles(root)) {
    const found = specifiersOf(readFileSync(file, "utf8"), file)
      .map((s) => ({ target: resolveSpecifier(file, s.specifier), typeOnly: s.typeOnly }))
      .filter((s): s is { target: string; typeOnly: boolean } => s.target !== null);
    runtime.set(file, [...new Set(found.filter((s) => !s.typeOnly).map((s) => s.target))]);
    all.set(file, [...new Set(found.map((s) => s.target))]);
  }
  return { runtime, all };
}

/**
 * The import cycles among the modules under `root`, each as the list of its files (relative to
 * `root`); with `types`, type imports count; `skip(from, to)` (paths relative to `root`) leaves an
 * import out.
 */
export function importCycles(root: string, { types = false, skip }: { types?: boolean; skip?: (from: string, to: string) => boolean } = {}): string[][] {
  const graphs = importGraphs(root);
  return cyclesOf(root, types ? graphs.all : graphs.runtime, skip);
}

function cyclesOf(root: string, graph: Graph, skip?: (from: string, to: string) => boolean): string[][] {
  const edges = skip ? new Map([...graph].map(([file, targets]) => [file, targets.filter((t) => !skip(toPosix(relative(root, file)), toPosix(relative(root, t))))])) : graph;
  // Tarjan's strongly connected components: every component of more than one module (or a module importing itself) is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(component.map((f) => toPosix(relative(root, f))).sort());
    }
  };
  for (const file of edges.keys()) if (!index.has(file)) connect(file);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

const toPosix = (path: string): string => path.split(sep).join("/");
/** The folder of a module relative to src/: its first path segment (a module directly in src/ is its own). */
export const folderOf = (path: string): string => path.split("/")[0];
/** The folders a cycle runs through, sorted. */
export const cycleFolders = (cycle: readonly string[]): string[] => [...new Set(cycle.map(folderOf))].sort();

/** The floor of a folder (0 is the lowest), or -1 when FLOORS does not place it. */
export function floorOf(folder: string, floors: readonly (readonly string[])[] = FLOORS): number {
  return floors.findIndex((floor) => floor.includes(folder));
}

export interface FloorCrossing {
  /** The importing module, relative to the root. */
  from: string;
  /** The imported module, relative to the root. */
  to: string;
}

/** The imports under `root` from a folder to a folder of a higher floor, type imports included; and the folders FLOORS does not place. */
export function floorCrossings(root: string, floors: readonly (readonly string[])[] = FLOORS, graph = importGraphs(root).all): { crossings: FloorCrossing[]; unplaced: string[] } {
  const crossings: FloorCrossing[] = [];
  const unplaced = new Set<string>();
  for (const [file, targets] of graph) {
    const from = toPosix(relative(root, file));
    if (FLOOR_EXEMPT[from]) continue;
    const own = floorOf(folderOf(from), floors);
    if (own < 0) unplaced.add(folderOf(from));
    for (const target of targets) {
      const to = toPosix(relative(root, target));
      const theirs = floorOf(folderOf(to), floors);
      if (theirs < 0) unplaced.add(folderOf(to));
      else if (own >= 0 && theirs > own) crossings.push({ from, to });
    }
  }
  return { crossings, unplaced: [...unplaced].sort() };
}

export interface Baselines {
  floorCrossings: Record<string, readonly string[]>;
  typeCycles: readonly (readonly string[])[];
}

export interface ImportReport {
  /** Cycles at run time: always an error. */
  runtimeCycles: string[][];
  /** Cycles with type imports counted (strongly connected components), and those the baselines do not cover. */
  typeCycles: string[][];
  newTypeCycles: string[][];
  /** Imports up a floor, and those no baseline entry covers. */
  crossings: FloorCrossing[];
  newCrossings: FloorCrossing[];
  /** Folders with no floor. */
  unplaced: string[];
  /** Baseline entries that match nothing any more: to delete. */
  stale: string[];
  /** Imports that break the rooms of src/server/. */
  rooms: RoomViolation[];
}

/** Checks the import graph under `root` against the floors and the baselines. */
export function checkImports(root: string, baselines: Baselines = { floorCrossings: KNOWN_FLOOR_CROSSINGS, typeCycles: KNOWN_TYPE_CYCLES }, floors = FLOORS): ImportReport {
  const graphs = importGraphs(root);
  const graph = graphs.all;
  const { crossings, unplaced } = floorCrossings(root, floors, graph);
  const known = (from: string, to: string): boolean => (baselines.floorCrossings[from]?.includes(folderOf(to)) ?? false) && floorOf(folderOf(to), floors) > floorOf(folderOf(from), floors);
  const newCrossings = crossings.filter((c) => !known(c.from, c.to));
  const typeCycles = cyclesOf(root, graph);
  // Without the known climbs, what is left of the circles must be in KNOWN_TYPE_CYCLES.
  const left = cyclesOf(root, graph, known);
  const covering = (cycle: string[]): number => baselines.typeCycles.findIndex((entry) => cycle.every((f) => entry.includes(f)));
  const newTypeCycles = left.filter((cycle) => covering(cycle) < 0);
  const stale = [
    ...Object.entries(baselines.floorCrossings).flatMap(([from, folders]) =>
      folders.filter((folder) => !crossings.some((c) => c.from === from && folderOf(c.to) === folder)).map((folder) => `KNOWN_FLOOR_CROSSINGS: ${from} → ${folder}/`),
    ),
    ...baselines.typeCycles.filter((_, i) => !left.some((cycle) => covering(cycle) === i)).map((entry) => `KNOWN_TYPE_CYCLES: ${entry.join(", ")}`),
  ];
  const rooms = existsSync(join(root, "server")) ? roomViolations(root, SERVER_ROOMS, graph) : [];
  return { runtimeCycles: cyclesOf(root, graphs.runtime), typeCycles, newTypeCycles, crossings, newCrossings, unplaced, stale, rooms };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(process.argv[2] ?? "src");
  const under = `${toPosix(relative(process.cwd(), root))}/`;
  const report = checkImports(root);
  for (const cycle of report.runtimeCycles) console.error(`import cycle at run time among ${cycle.length} modules under ${under}: ${cycle.join(", ")}`);
  for (const cycle of report.newTypeCycles) console.error(`import cycle (type imports counted) among ${cycle.length} modules under ${under}: ${cycle.join(", ")}`);
  for (const c of report.newCrossings) {
    console.error(`import up a floor: ${under}${c.from} imports ${under}${c.to} (${folderOf(c.from)} is on floor ${floorOf(folderOf(c.from))}, ${folderOf(c.to)} on floor ${floorOf(folderOf(c.to))}: FLOORS in tools/import-cycles.ts)`);
  }
  for (const folder of report.unplaced) console.error(`${under}${folder} has no floor: place it in FLOORS (tools/import-cycles.ts)`);
  for (const v of report.rooms) console.error(`room of the composition root: ${under}${v.from} imports ${under}${v.to}: ${v.why}`);
  for (const entry of report.stale) console.error(`baseline entry that matches nothing any more, delete it: ${entry}`);
  console.log(
    `import graph of ${under}: ${report.runtimeCycles.length} cycles at run time; ${report.typeCycles.length} circles with type imports counted ` +
      `(${report.typeCycles.map((c) => c.length).join(" + ") || 0} modules; ${report.newTypeCycles.length} not covered); ` +
      `${report.crossings.length} imports up a floor (${report.crossings.length - report.newCrossings.length} in KNOWN_FLOOR_CROSSINGS); ` +
      `${report.rooms.length} imports breaking the rooms of server/`,
  );
  const failed = report.runtimeCycles.length + report.newTypeCycles.length + report.newCrossings.length + report.unplaced.length + report.stale.length + report.rooms.length;
  process.exitCode = failed > 0 ? 1 : 0;
}
