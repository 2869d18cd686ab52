// `npx tsx tools/check-schema-changes.ts [--base <rev>]`: compares schema.graphql with the schema of a
// base commit and fails on a breaking change that docs/SCHEMA-CHANGES.md does not list, or lists
// without the deprecation it must have gone through. Dangerous changes are printed, the others
// counted. The base: --base or SCHEMA_BASE when given; else the newest release tag (v<digit>…)
// reachable from HEAD; else HEAD's first parent. Why that rule, the listing's format and the
// deprecation policy: docs/SCHEMA-CHANGES.md. Run by .ci/run after the schema drift check.
// Exit codes: 0 no unlisted breaking change, 1 some (or a listing that does not hold), 2 setup.
import { CriticalityLevel, diff, type Change } from "@graphql-inspector/core";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildSchema, type GraphQLSchema } from "graphql";
import { deprecationIn, MIN_DEPRECATION_DAYS, parseListings, REMOVALS, undeprecatedUses, type Listing } from "./schema-changes/listing.js";

const SCHEMA_FILE = "schema.graphql";
const LISTING_FILE = "docs/SCHEMA-CHANGES.md";
const RELEASE_TAGS = "v[0-9]*";
const USAGE = "usage: npx tsx tools/check-schema-changes.ts [--base <commit or tag>]  (or SCHEMA_BASE=<rev>)";
const DAY_SECONDS = 86_400;

export interface SchemaChangesOptions {
  /** The repository's work tree: its schema.graphql and docs/SCHEMA-CHANGES.md are the head side. */
  root: string;
  /** The revision to compare with; overrides `env.SCHEMA_BASE` and the rule. */
  base?: string;
  env?: Record<string, string | undefined>;
}

export interface CheckResult {
  code: 0 | 1 | 2;
  out: string;
}

interface Git {
  (...args: string[]): { ok: boolean; out: string; err: string };
}

const gitIn =
  (root: string): Git =>
  (...args) => {
    const run = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return { ok: run.status === 0, out: (run.stdout ?? "").trim(), err: (run.stderr ?? "").trim() || (run.error?.message ?? "") };
  };

const SHALLOW_HINT =
  "this clone is shallow and does not hold it: fetch the history (`git fetch --unshallow`, or `git fetch --deepen=1` for HEAD's parent, `git fetch --tags` for the release tags) or set SCHEMA_BASE to a commit the clone holds";

type Base = { kind: "found"; rev: string; sha: string; why: string } | { kind: "none"; why: string } | { kind: "error"; message: string };

/** The commit to compare with, and why it was chosen (docs/SCHEMA-CHANGES.md "Which base"). */
export function resolveBase(git: Git, explicit: string | undefined): Base {
  if (!git("rev-parse", "--verify", "--quiet", "HEAD^{commit}").ok) return { kind: "error", message: "no commit at HEAD: run the check in a clone of the repository" };
  const shallow = git("rev-parse", "--is-shallow-repository").out === "true";
  const commitOf = (rev: string) => {
    const found = git("rev-parse", "--verify", "--quiet", `${rev}^{commit}`);
    return found.ok ? found.out : null;
  };
  if (explicit) {
    const sha = commitOf(explicit);
    if (!sha) return { kind: "error", message: `the base ${explicit} names no commit of this clone${shallow ? `: ${SHALLOW_HINT}` : ""}` };
    return { kind: "found", rev: explicit, sha, why: "given (--base or SCHEMA_BASE)" };
  }
  const head = commitOf("HEAD")!;
  // A release commit is compared with the release before it, not with itself.
  for (const from of ["HEAD", "HEAD^1"]) {
    const tag = git("describe", "--tags", "--abbrev=0", "--match", RELEASE_TAGS, from);
    if (!tag.ok) break;
    const sha = commitOf(tag.out)!;
    if (sha !== head) return { kind: "found", rev: tag.out, sha, why: "the newest release tag reachable from HEAD" };
  }
  const parent = commitOf("HEAD^1");
  if (parent) return { kind: "found", rev: "HEAD^", sha: parent, why: "HEAD's first parent (no release tag reachable from HEAD)" };
  if (shallow) return { kind: "error", message: `no base: no release tag, and HEAD's parent is missing because ${SHALLOW_HINT}` };
  return { kind: "none", why: "HEAD is the repository's first commit" };
}

const line = (change: Change) => `  ${change.type} ${change.path ?? "(schema)"}: ${change.message}`;

function parse(sdl: string, what: string): GraphQLSchema | string {
  try {
    return buildSchema(sdl);
  } catch (error) {
    return `${what} does not parse: ${(error as Error).message}`;
  }
}

/** Why a listed breaking change does not hold, or null when it does. */
function listingFault(git: Git, listing: Listing, base: GraphQLSchema, goingWith: ReadonlySet<string>, headTime: number): string | null {
  const name = `${listing.coordinate} (${LISTING_FILE}:${listing.line})`;
  if (listing.deprecatedIn === "none") return null;
  const when = git("show", "-s", "--format=%ct", `${listing.deprecatedIn}^{commit}`);
  if (!when.ok) return `${name}: "Deprecated in" ${listing.deprecatedIn} names no commit of this clone`;
  // A deprecation on a branch that never reached HEAD was never seen by a client.
  if (!git("merge-base", "--is-ancestor", `${listing.deprecatedIn}^{commit}`, "HEAD").ok) return `${name}: "Deprecated in" ${listing.deprecatedIn} is not in HEAD's history`;
  if (REMOVALS.has(listing.change)) {
    const inBase = deprecationIn(base, listing.coordinate, goingWith);
    if (inBase !== "deprecated") {
      const uses = listing.change === "TYPE_REMOVED" ? `: still used by ${undeprecatedUses(base, listing.coordinate, goingWith).join(", ")}` : "";
      return `${name}: a removal, but it is not @deprecated in the base${uses}`;
    }
    const then = git("show", `${listing.deprecatedIn}:${SCHEMA_FILE}`);
    const schemaThen = then.ok ? parse(then.out, `${SCHEMA_FILE} at ${listing.deprecatedIn}`) : `${listing.deprecatedIn} has no ${SCHEMA_FILE}`;
    if (typeof schemaThen === "string") return `${name}: ${schemaThen}`;
    if (deprecationIn(schemaThen, listing.coordinate, goingWith) !== "deprecated") return `${name}: not @deprecated in ${SCHEMA_FILE} at ${listing.deprecatedIn}`;
  }
  const days = Math.floor((headTime - Number(when.out)) / DAY_SECONDS);
  if (days < MIN_DEPRECATION_DAYS) return `${name}: deprecated in ${listing.deprecatedIn} ${days} days before HEAD; it stays at least ${MIN_DEPRECATION_DAYS} days`;
  return null;
}

export async function checkSchemaChanges(options: SchemaChangesOptions): Promise<CheckResult> {
  const git = gitIn(options.root);
  const base = resolveBase(git, options.base ?? (options.env?.SCHEMA_BASE || undefined));
  if (base.kind === "error") return { code: 2, out: `check-schema-changes: ${base.message}` };
  if (base.kind === "none") return { code: 0, out: `schema changes: nothing to compare with (${base.why})` };
  const out = [`schema changes against ${base.rev} (${base.sha.slice(0, 10)}): ${base.why}`];

  const headFile = join(options.root, SCHEMA_FILE);
  if (!existsSync(headFile)) return { code: 2, out: `check-schema-changes: no ${SCHEMA_FILE} in ${options.root}` };
  const baseSdl = git("show", `${base.sha}:${SCHEMA_FILE}`);
  if (!baseSdl.ok) return { code: 0, out: [...out, `  the base has no ${SCHEMA_FILE}: nothing to compare`].join("\n") };
  const baseSchema = parse(baseSdl.out, `${SCHEMA_FILE} at ${base.rev}`);
  const headSchema = parse(readFileSync(headFile, "utf8"), SCHEMA_FILE);
  if (typeof baseSchema === "string") return { code: 2, out: `check-schema-changes: ${baseSchema}` };
  if (typeof headSchema === "string") return { code: 1, out: [...out, headSchema].join("\n") };

  const changes = await diff(baseSchema, headSchema);
  const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
  const dangerous = changes.filter((c) => c.criticality.level === CriticalityLevel.Dangerous);
  const safe = changes.length - breaking.length - dangerous.length;

  const listingFile = join(options.root, LISTING_FILE);
  const { listings, problems } = existsSync(listingFile) ? parseListings(readFileSync(listingFile, "utf8"), LISTING_FILE) : { listings: [], problems: [] };
  const goingWith = new Set(breaking.filter((c) => c.type === "TYPE_REMOVED" && c.path).map((c) => c.path!));
  const headTime = Number(git("show", "-s", "--format=%ct", "HEAD").out);
  const unlisted: Change[] = [];
  const accepted: string[] = [];
  const faults: string[] = [];
  for (const change of breaking) {
    const listing = listings.find((l) => l.coordinate === change.path && l.change === change.type);
    if (!listing) {
      unlisted.push(change);
      continue;
    }
    const fault = listingFault(git, listing, baseSchema, goingWith, headTime);
    if (fault) faults.push(`  ${fault}`);
    else accepted.push(`${line(change)} (listed: deprecated in ${listing.deprecatedIn}; ${listing.why})`);
  }

  if (unlisted.length > 0) out.push(`breaking, not listed in ${LISTING_FILE} (deprecate first, then list the removal there):`, ...unlisted.map(line));
  if (faults.length > 0) out.push(`breaking, listed in ${LISTING_FILE} but the listing does not hold:`, ...faults);
  if (problems.length > 0) out.push(`${LISTING_FILE} does not follow its format:`, ...problems.map((p) => `  ${p}`));
  if (accepted.length > 0) out.push("breaking, listed with the deprecation it went through:", ...accepted);
  if (dangerous.length > 0) out.push("dangerous (allowed; a client may need to handle it):", ...dangerous.map(line));
  out.push(`${breaking.length} breaking (${unlisted.length} not listed), ${dangerous.length} dangerous, ${safe} safe`);
  const failed = unlisted.length > 0 || faults.length > 0 || problems.length > 0;
  return { code: failed ? 1 : 0, out: out.join("\n") };
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  let values: { base?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), options: { base: { type: "string" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const { code, out } = await checkSchemaChanges({ root, base: values.base, env: process.env });
  (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
  process.exit(code);
}
