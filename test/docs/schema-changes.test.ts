// tools/check-schema-changes.ts, run in-process on throw-away git repositories (git init in a
// temporary folder: a base commit and a head), and on this repository itself. Commit dates are set
// (GIT_COMMITTER_DATE) so that a deprecation's age is the same on every run.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkSchemaChanges } from "../../tools/check-schema-changes.js";
import { LISTING_COLUMNS, parseListings } from "../../tools/schema-changes/listing.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "schema-changes-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const BASE_SCHEMA = `
"""The root"""
type Query {
  """Kept"""
  schedule(id: ID!): String
  """To go"""
  oldField: String
  """Listed"""
  items(limit: Int): [String!]!
  color: Color!
}

enum Color {
  RED
  GREEN
}
`;

interface Row {
  coordinate: string;
  change: string;
  deprecatedIn: string;
  removedOn?: string;
  why?: string;
}

/** docs/SCHEMA-CHANGES.md with the listing table holding `rows`. */
function listingDoc(rows: Row[]): string {
  const table = rows.map((r) => `| \`${r.coordinate}\` | ${r.change} | ${r.deprecatedIn} | ${r.removedOn ?? "2026-06-01"} | ${r.why ?? "replaced by schedule"} |`);
  return ["# Schema changes", "", "## Listed breaking changes", "", `| ${LISTING_COLUMNS.join(" | ")} |`, `|${LISTING_COLUMNS.map(() => "---").join("|")}|`, ...table, "", "## Policy", ""].join("\n");
}

let repositories = 0;
/** A repository in a folder of its own; `commit` writes files and commits them at a given date. */
function repository() {
  const dir = join(scratch, `repo-${++repositories}`);
  mkdirSync(join(dir, "docs"), { recursive: true });
  const git = (args: string[], date?: string) =>
    execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", ...args], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
    }).trim();
  git(["init", "-q", "-b", "main"]);
  return {
    dir,
    git,
    commit(date: string, schema: string, rows: Row[] = []): string {
      writeFileSync(join(dir, "schema.graphql"), schema);
      writeFileSync(join(dir, "docs", "SCHEMA-CHANGES.md"), listingDoc(rows));
      git(["add", "-A"]);
      git(["commit", "-q", "--allow-empty", "-m", `at ${date}`], date);
      return git(["rev-parse", "HEAD"]);
    },
  };
}

const deprecate = (schema: string, field: string) => schema.replace(`${field}: String`, `${field}: String @deprecated(reason: "Use schedule")`);
const without = (schema: string, field: string) => schema.replace(new RegExp(`\\s*"""[^"]*"""\\s*${field}: String[^\\n]*`), "");

describe("tools/check-schema-changes.ts", () => {
  it("fails on a field removed without deprecation, naming it and the base it compared with", async () => {
    const repo = repository();
    repo.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    repo.commit("2026-06-01T00:00:00Z", without(BASE_SCHEMA, "oldField"));
    const result = await checkSchemaChanges({ root: repo.dir });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^schema changes against HEAD\^ \([0-9a-f]{10}\): HEAD's first parent/);
    expect(result.out).toContain("breaking, not listed in docs/SCHEMA-CHANGES.md");
    expect(result.out).toContain("FIELD_REMOVED Query.oldField: Field 'oldField' was removed from object type 'Query'");
  });

  it("passes the same removal when the field was deprecated in the base long enough and the removal is listed", async () => {
    const repo = repository();
    const deprecatedIn = repo.commit("2026-01-01T00:00:00Z", deprecate(BASE_SCHEMA, "oldField"));
    repo.commit("2026-06-01T00:00:00Z", without(BASE_SCHEMA, "oldField"), [{ coordinate: "Query.oldField", change: "FIELD_REMOVED", deprecatedIn: deprecatedIn.slice(0, 10) }]);
    const result = await checkSchemaChanges({ root: repo.dir });
    expect(result.out).toContain("breaking, listed with the deprecation it went through:\n  FIELD_REMOVED Query.oldField");
    expect(result.code).toBe(0);
  });

  it("passes a type that goes with its deprecated field when both are listed", async () => {
    const legacy = `${BASE_SCHEMA}\ntype Legacy {\n  x: Int\n}\n`.replace("color: Color!", 'color: Color!\n  legacy: Legacy @deprecated(reason: "Use schedule")');
    const repo = repository();
    const deprecatedIn = repo.commit("2026-01-01T00:00:00Z", legacy);
    repo.commit("2026-06-01T00:00:00Z", BASE_SCHEMA, [
      { coordinate: "Query.legacy", change: "FIELD_REMOVED", deprecatedIn },
      { coordinate: "Legacy", change: "TYPE_REMOVED", deprecatedIn },
    ]);
    const result = await checkSchemaChanges({ root: repo.dir });
    expect(result.out).toContain("2 breaking (0 not listed)");
    expect(result.code).toBe(0);
  });

  it("refuses a listed removal that was not deprecated in the base, or deprecated too recently", async () => {
    const undeprecated = repository();
    const base = undeprecated.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    undeprecated.commit("2026-06-01T00:00:00Z", without(BASE_SCHEMA, "oldField"), [{ coordinate: "Query.oldField", change: "FIELD_REMOVED", deprecatedIn: base }]);
    const notDeprecated = await checkSchemaChanges({ root: undeprecated.dir });
    expect(notDeprecated.code).toBe(1);
    expect(notDeprecated.out).toMatch(/Query\.oldField \(docs\/SCHEMA-CHANGES\.md:\d+\): a removal, but it is not @deprecated in the base/);

    const recent = repository();
    const deprecatedIn = recent.commit("2026-01-01T00:00:00Z", deprecate(BASE_SCHEMA, "oldField"));
    recent.commit("2026-02-01T00:00:00Z", without(BASE_SCHEMA, "oldField"), [{ coordinate: "Query.oldField", change: "FIELD_REMOVED", deprecatedIn }]);
    const tooSoon = await checkSchemaChanges({ root: recent.dir });
    expect(tooSoon.code).toBe(1);
    expect(tooSoon.out).toContain("deprecated in");
    expect(tooSoon.out).toContain("31 days before HEAD; it stays at least 90 days");

    const elsewhere = repository();
    elsewhere.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    elsewhere.git(["checkout", "-q", "-b", "side"]);
    const onSide = elsewhere.commit("2026-01-02T00:00:00Z", deprecate(BASE_SCHEMA, "oldField"));
    elsewhere.git(["checkout", "-q", "main"]);
    elsewhere.commit("2026-06-01T00:00:00Z", without(BASE_SCHEMA, "oldField"), [{ coordinate: "Query.oldField", change: "FIELD_REMOVED", deprecatedIn: onSide }]);
    const unmerged = await checkSchemaChanges({ root: elsewhere.dir });
    expect(unmerged.code).toBe(1);
    expect(unmerged.out).toContain(`"Deprecated in" ${onSide} is not in HEAD's history`);
  });

  it("fails on an argument made required", async () => {
    const repo = repository();
    repo.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    repo.commit("2026-06-01T00:00:00Z", BASE_SCHEMA.replace("items(limit: Int)", "items(limit: Int!)"));
    const result = await checkSchemaChanges({ root: repo.dir });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/FIELD_ARGUMENT_TYPE_CHANGED Query\.items\.limit: .*'Int' to 'Int!'/);

    // A change that cannot be deprecated passes only listed with "none" and a reason.
    const listed = repository();
    listed.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    listed.commit("2026-01-02T00:00:00Z", BASE_SCHEMA.replace("items(limit: Int)", "items(limit: Int!)"), [
      { coordinate: "Query.items.limit", change: "FIELD_ARGUMENT_TYPE_CHANGED", deprecatedIn: "none", why: "no client calls items yet" },
    ]);
    const accepted = await checkSchemaChanges({ root: listed.dir });
    expect(accepted.out).toContain("(listed: deprecated in none; no client calls items yet)");
    expect(accepted.code).toBe(0);
  });

  it("prints a dangerous change (an enum value added) and passes", async () => {
    const repo = repository();
    repo.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    repo.commit("2026-06-01T00:00:00Z", BASE_SCHEMA.replace("  GREEN\n", "  GREEN\n  BLUE\n"));
    const result = await checkSchemaChanges({ root: repo.dir });
    expect(result.out).toContain("dangerous (allowed; a client may need to handle it):\n  ENUM_VALUE_ADDED Color.BLUE");
    expect(result.out).toContain("0 breaking (0 not listed), 1 dangerous, 0 safe");
    expect(result.code).toBe(0);
  });

  it("passes a change of descriptions only, counting it as safe", async () => {
    const repo = repository();
    repo.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    repo.commit("2026-06-01T00:00:00Z", BASE_SCHEMA.replace('"""Kept"""', '"""A schedule by id"""'));
    const result = await checkSchemaChanges({ root: repo.dir });
    expect(result.out).toContain("0 breaking (0 not listed), 0 dangerous, 1 safe");
    expect(result.code).toBe(0);
  });

  it("compares with the newest release tag when one is reachable, SCHEMA_BASE when set", async () => {
    const repo = repository();
    repo.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    repo.git(["tag", "v1.0.0"]);
    // Added after the release and gone before the next one: no client of a release ever saw it.
    repo.commit("2026-02-01T00:00:00Z", BASE_SCHEMA.replace("color: Color!", "color: Color!\n  draftOnly: String"));
    repo.commit("2026-03-01T00:00:00Z", BASE_SCHEMA);
    const againstRelease = await checkSchemaChanges({ root: repo.dir });
    expect(againstRelease.out).toMatch(/^schema changes against v1\.0\.0 \([0-9a-f]{10}\): the newest release tag reachable from HEAD/);
    expect(againstRelease.code).toBe(0);

    const againstParent = await checkSchemaChanges({ root: repo.dir, env: { SCHEMA_BASE: "HEAD~1" } });
    expect(againstParent.out).toMatch(/^schema changes against HEAD~1 .*given \(--base or SCHEMA_BASE\)/);
    expect(againstParent.out).toContain("FIELD_REMOVED Query.draftOnly");
    expect(againstParent.code).toBe(1);
  });

  it("says what to fetch in a shallow clone instead of failing obscurely", async () => {
    const repo = repository();
    repo.commit("2026-01-01T00:00:00Z", BASE_SCHEMA);
    repo.commit("2026-06-01T00:00:00Z", without(BASE_SCHEMA, "oldField"));
    const shallow = join(scratch, `shallow-${repositories}`);
    execFileSync("git", ["clone", "-q", "--depth", "1", `file://${repo.dir}`, shallow]);
    const result = await checkSchemaChanges({ root: shallow });
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/HEAD's parent is missing because this clone is shallow .*git fetch --unshallow/);
  });

  it("reads the listing table's rows and refuses rows out of its format", () => {
    const good = parseListings(listingDoc([{ coordinate: "Query.oldField", change: "FIELD_REMOVED", deprecatedIn: "abc1234" }]));
    expect(good).toEqual({ listings: [expect.objectContaining({ coordinate: "Query.oldField", change: "FIELD_REMOVED", deprecatedIn: "abc1234", removedOn: "2026-06-01" })], problems: [] });
    const bad = parseListings(
      listingDoc([
        { coordinate: "Query.oldField", change: "FIELD_GONE", deprecatedIn: "abc1234" },
        { coordinate: "Query.oldField", change: "FIELD_REMOVED", deprecatedIn: "none" },
        { coordinate: "Query.items.limit", change: "FIELD_ARGUMENT_TYPE_CHANGED", deprecatedIn: "none", removedOn: "June" },
      ]),
    );
    expect(bad.listings).toEqual([]);
    expect(bad.problems).toEqual([
      expect.stringContaining('"FIELD_GONE" is not a change type'),
      expect.stringContaining("a removal names the commit that deprecated it"),
      expect.stringContaining('"Removed on" must be a date'),
    ]);
  });

  it("this repository's schema.graphql has no unlisted breaking change against its base, and its listing follows the format", async (context) => {
    const shallow = execFileSync("git", ["rev-parse", "--is-shallow-repository"], { cwd: ROOT, encoding: "utf8" }).trim() === "true";
    if (shallow) context.skip("a shallow clone: the base is not in it (fetch the history to run this test)");
    expect(parseListings(readFileSync(join(ROOT, "docs/SCHEMA-CHANGES.md"), "utf8")).problems).toEqual([]);
    const result = await checkSchemaChanges({ root: ROOT });
    expect(result.out).toMatch(/^schema changes against \S+ \([0-9a-f]{10}\): /);
    expect(result, result.out).toMatchObject({ code: 0 });
  });
});
