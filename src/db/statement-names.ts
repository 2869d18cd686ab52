// The name of a statement: the function of src/ that asked for it (`jobs/service.findJob`,
// `schedules/store/pages.pageRows`), so that a metric or a span says which store function a
// statement belongs to without its text or values. Used only when the service keeps metrics or
// traces (observed.ts); otherwise nothing here runs.
//
// Where the name comes from. A statement is sent inside drizzle's `then`, which `await` calls from
// a microtask: by then the stack no longer holds the function that built it. So a database named
// here (namingStatements) marks each query it builds with the name of the function that built it
// (one stack capture when built), and the driver reads that mark while the query is being sent
// (synchronously inside `then`). A statement sent without a mark (a prepared one, `.execute()` on
// it) is named from the stack at the moment it is sent, which then holds its caller.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { boundedLru } from "../common/bounded-lru.js";

/** Anonymous and unknown statements, and every name past MAX_NAMES. */
export const OTHER_STATEMENT = "other";
/** Distinct names at most: the functions of the code, so a bound that is never met in practice. */
const MAX_NAMES = 2000;

/** src/ (or dist/, built): frames outside it are drizzle's, the drivers' and node's. */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OWN_FOLDER = "db/";

let marked: string | undefined;
const names = new Set<string>();
/** Names found on the stack, by statement text (a prepared statement is sent from one place). */
const byText = boundedLru<string, string>({ entries: 1000 });

function bounded(name: string): string {
  if (names.has(name)) return name;
  if (names.size >= MAX_NAMES) return OTHER_STATEMENT;
  names.add(name);
  return name;
}

function callSites(): NodeJS.CallSite[] {
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  Error.prepareStackTrace = (_error, sites) => sites;
  Error.stackTraceLimit = 24;
  const holder = {} as { stack: NodeJS.CallSite[] };
  Error.captureStackTrace(holder, callSites);
  const sites = holder.stack;
  Error.prepareStackTrace = prepare;
  Error.stackTraceLimit = limit;
  return Array.isArray(sites) ? sites : [];
}

/**
 * The first function of src/ outside src/db/ on the stack, as `folder/module.function`. An
 * anonymous one (a transaction's callback) takes the name of the nearest named function of its
 * module further down the stack (async frames count), else `opener` (the function that opened
 * the transaction it runs in), else its module and line.
 */
function callerName(opener?: string): string {
  let anonymous: { module: string; line: number | null } | undefined;
  for (const site of callSites()) {
    let file = site.getFileName();
    if (!file) continue;
    if (file.startsWith("file://")) file = fileURLToPath(file);
    const path = relative(ROOT, file);
    if (path.startsWith("..") || path.startsWith(OWN_FOLDER) || path.includes("node_modules")) continue;
    const module = path.replace(/\.[cm]?[jt]s$/, "");
    if (anonymous && anonymous.module !== module) continue;
    const fn = site.getFunctionName();
    if (!fn) {
      anonymous ??= { module, line: site.getLineNumber() };
      continue;
    }
    const type = site.getTypeName();
    return bounded(type && !fn.includes(".") && /^[A-Z]/.test(type) ? `${module}.${type}.${fn}` : `${module}.${fn}`);
  }
  if (anonymous) return opener ?? bounded(`${anonymous.module}:${anonymous.line}`);
  return opener ?? OTHER_STATEMENT;
}

/** The name of the statement being sent now (called by the driver as it sends `text`). */
export function statementNameOf(text: string): string {
  if (marked !== undefined) return marked;
  let name = byText.get(text);
  if (name === undefined) byText.set(text, (name = callerName()));
  return name;
}

function asNamed<T>(name: string, send: () => T): T {
  const before = marked;
  marked = name;
  try {
    return send();
  } finally {
    marked = before;
  }
}

type Query = { then: (...args: unknown[]) => unknown; execute?: (...args: unknown[]) => unknown };

/** Marks a query drizzle will send: its own `then` and `execute` send it under `name`. */
function mark<T>(query: T, name: string): T {
  const q = query as unknown as Query;
  if (!q || typeof q.then !== "function") return query;
  const then = q.then;
  const execute = q.execute;
  q.then = function (this: unknown, ...args: unknown[]) {
    return asNamed(name, () => then.apply(this, args));
  };
  if (typeof execute === "function") {
    q.execute = function (this: unknown, ...args: unknown[]) {
      return asNamed(name, () => execute.apply(this, args));
    };
  }
  return query;
}

/** The step of a builder that makes the query (select → from, insert → values or select, update → set). */
const MAKERS = ["from", "values", "select", "set"];

/** A builder whose query, once made, is marked with `name`; a query already made is marked at once. */
function named<T>(built: T, name: string): T {
  const builder = built as Record<string, unknown>;
  if (!builder || typeof builder !== "object") return built;
  if (typeof builder.then === "function") return mark(built, name);
  for (const maker of MAKERS) {
    const make = builder[maker];
    if (typeof make === "function") builder[maker] = (...args: unknown[]) => mark(make.apply(builder, args), name);
  }
  return built;
}

const BUILDS = new Set(["select", "selectDistinct", "selectDistinctOn", "insert", "update", "delete", "execute", "$count"]);

/**
 * The database (or transaction) whose every query is named after the function that built it;
 * its transactions hand their callbacks a named transaction, whose anonymous callbacks' queries
 * are named after the function that opened it (`opener`).
 */
export function namingStatements<D extends object>(db: D, opener?: string): D {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      if (BUILDS.has(property)) return (...args: unknown[]) => named(value.apply(target, args), callerName(opener));
      if (property === "with") {
        return (...args: unknown[]) => {
          const builders = value.apply(target, args) as Record<string, (...a: unknown[]) => unknown>;
          const name = callerName(opener);
          return Object.fromEntries(Object.entries(builders).map(([key, build]) => [key, (...a: unknown[]) => named(build(...a), name)]));
        };
      }
      if (property === "transaction") {
        return (fn: (tx: unknown) => unknown, ...rest: unknown[]) => {
          const name = callerName(opener);
          return value.call(target, (tx: object) => fn(namingStatements(tx, name)), ...rest);
        };
      }
      return value;
    },
  }) as D;
}
