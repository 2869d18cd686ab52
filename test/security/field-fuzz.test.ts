// The suite attacks every field itself: each root query and mutation of the schema the app builds
// (so a field added tomorrow is attacked the day it is added) gets arguments generated from their
// types, plausible and hostile (test/helpers/field-fuzz.ts), from no caller, a viewer, an editor and
// an admin. Every answer: never HTTP 5xx, JSON, never INTERNAL_SERVER_ERROR, a code on every error,
// within REQUEST_TIMEOUT_MS, no error-level log line, and a mutation answered with an error wrote
// nothing (a fingerprint of every table of src/db/schema.ts before and after).
//
// Quick mode here: FIELD_FUZZ_RUNS cases per field and caller (default 3), plus each list argument
// at its limit + 1 from the editor. A failure names its field, caller, case index and seed:
// FIELD_FUZZ_SEED=<seed> reproduces it. A longer mode: FIELD_FUZZ_RUNS=30 FIELD_FUZZ_SEED=random
// npx vitest run test/security/field-fuzz.test.ts (about 4 minutes), or runFieldFuzz from a bench.
import "reflect-metadata";
import { appendFileSync } from "node:fs";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { is, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/common/log.js";
import { queryRows } from "../../src/db/client.js";
import * as tables from "../../src/db/schema.js";
import { listLimits } from "../../src/server/limits/list-limits.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { describeProblem, fuzzOrder, limitsOf, nestedFields, rootFields, unreachableFields, runFieldFuzz, type FuzzRecords, type FuzzResult, type FuzzRole } from "../helpers/field-fuzz.js";
import { uniqueOrg, useOwnTestService } from "../helpers/service.js";
import { testConfig } from "../helpers/shared-service.js";

const RUNS = Number(process.env.FIELD_FUZZ_RUNS ?? 3);
/** Fixed, so that npm test sends the same cases every run; FIELD_FUZZ_SEED=<n> another set, FIELD_FUZZ_SEED=random a new one. */
const SEED = process.env.FIELD_FUZZ_SEED === "random" ? Date.now() % 1_000_000 : Number(process.env.FIELD_FUZZ_SEED ?? 20_261_203);

/**
 * Root fields that cannot be called by this test, each with why. Empty: uploads go as multipart
 * (importSchedule, importScheduleAsync, importAsRun).
 */
const CANNOT_BE_CALLED: Record<string, string> = {};

const schema = await buildGraphQLSchema();
const ROOTS = rootFields(schema);
/** The fields with arguments below the root (Schedule.atVersion, …), each reached by a query. */
const NESTED = nestedFields(schema);

// Its own service: the test reaches into its database (the fingerprint) and its log.
const t = useOwnTestService({ logLevel: "info" });
const config = testConfig(undefined);
const limits = limitsOf(config as unknown as Record<string, unknown>);
// The lists allowed more than MAX_LIST_LENGTH, by schema coordinate.
limits.listLimitOf = listLimits(config).of;
const org = uniqueOrg("fuzz");
const tokens: Partial<Record<FuzzRole, string>> = {};
let records: FuzzRecords;
const errorLines: string[] = [];
/** The request log lines the service wrote (the capture's own check). */
const requestLines: string[] = [];
const sent = new Map<string, number>();
const started = performance.now();
/** FIELD_FUZZ_LOG=<file>: one JSON line per request (field, caller, codes, timing), to see what the fuzz sent. */
const LOG_FILE = process.env.FIELD_FUZZ_LOG;

/** Every table of the app's schema (src/db/schema.ts), partitioned ones through their parent. */
const TABLES = (Object.values(tables) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => {
    const config = getTableConfig(table);
    return config.schema ? `"${config.schema}"."${config.name}"` : `"${config.name}"`;
  });

/** Rows and a hash of their text, per table: equal before and after means nothing was written. */
async function tableHashes(): Promise<string> {
  const parts = TABLES.map((name) => `select '${name}' as t, count(*)::text as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from ${name} x`);
  const rows = await queryRows<{ t: string; n: string; h: string }>(t.service.database.db, sql.raw(parts.join(" union all ")));
  return rows.map((r) => `${r.t}:${r.n}:${r.h}`).join(" ");
}

/** The first transaction id not yet handed out: it moves with every write, committed or not (reads and refusals before any write take none). */
async function nextTransactionId(): Promise<string> {
  const [{ xmax }] = await queryRows<{ xmax: string }>(t.service.database.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`);
  return xmax;
}

let known: { xmax: string; hashes: string } | undefined;

/**
 * The database's fingerprint: the tables' hashes, taken again only when a transaction id was handed
 * out since the last time, so that most refused mutations cost one small statement.
 */
async function fingerprint(): Promise<string> {
  const xmax = await nextTransactionId();
  if (known?.xmax !== xmax) known = { xmax, hashes: await tableHashes() };
  return known.hashes;
}

beforeAll(async () => {
  // The service's log from here on: its error-level lines are findings.
  Object.assign(t.service.log, createLogger("info", {}, (line) => {
    if (/"level":"error"/.test(line)) errorLines.push(line);
    else if (/"msg":"graphql"/.test(line)) requestLines.push(line);
  }));
  tokens.viewer = await t.token(org, "viewer", "fuzz-viewer");
  tokens.editor = await t.token(org, "editor", "fuzz-editor");
  tokens.admin = await t.token(org, "admin", "fuzz-admin");
  const editor = t.client(tokens.editor);
  const scheduleIds: string[] = [];
  for (const name of ["Fuzz A", "Fuzz B", "Fuzz C"]) {
    const { createSchedule } = await editor.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name } });
    scheduleIds.push(createSchedule.id);
  }
  const eventIds: string[] = [];
  for (const [i, title] of ["News", "Ad break", "Film"].entries()) {
    const { createEvent } = await editor.data(`mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { id } }`, {
      s: scheduleIds[0],
      input: { onAirTime: new Date(Date.parse("2026-03-01T06:00:00Z") + i * 600_000).toISOString(), duration: 600_000, title, mediaId: "FUZZ-1" },
    });
    eventIds.push(createEvent.id);
  }
  await editor.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, { a: [{ assetId: "FUZZ-1", name: "Fuzz asset" }, { assetId: "FUZZ-2", name: "Other" }] });
  const { createChangeSet } = await editor.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: scheduleIds[1] });
  const { exportSchedule } = await editor.data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "fuzz.json", format: JSON) { id } }`, { id: scheduleIds[0] });
  records = { organization: org, scheduleIds, eventIds, changeSetIds: [createChangeSet.id], jobIds: [exportSchedule.id], assetIds: ["FUZZ-1", "FUZZ-2"] };
  console.log(`field fuzz: ${ROOTS.length} root fields and ${NESTED.length} below them, ${RUNS} runs per field and caller, seed ${SEED} (FIELD_FUZZ_SEED=${SEED} reproduces)`);
});

afterAll(() => {
  const requests = [...sent.values()].reduce((a, b) => a + b, 0);
  console.log(`field fuzz: ${requests} requests over ${sent.size} fields in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`);
});

let recordsAt: { xmax: string; records: FuzzRecords } | undefined;

/**
 * The seeded records with their schedules' versions as they are now: asked of the service again
 * only when something was written since (most fields are queries, or were refused).
 */
async function currentRecords(): Promise<FuzzRecords> {
  const xmax = await nextTransactionId();
  if (recordsAt?.xmax === xmax) return recordsAt.records;
  const { schedules } = await t.client(tokens.editor).data(`{ schedules(size: 100) { content { id version } } }`);
  const current = new Map((schedules.content as { id: string; version: number }[]).map((s) => [s.id, s.version]));
  const versions = records.scheduleIds.flatMap((id) => (current.has(id) ? [current.get(id)!] : []));
  recordsAt = { xmax, records: { ...records, versions: versions.length ? versions : [1] } };
  return recordsAt.records;
}

describe("every root field, attacked with generated arguments", () => {
  it("finds the root fields in the schema, and a way to every field with arguments below them", () => {
    expect(ROOTS.length).toBeGreaterThan(60);
    expect(NESTED.length).toBeGreaterThan(10);
    expect(unreachableFields(schema)).toEqual([]);
    for (const name of Object.keys(CANNOT_BE_CALLED)) expect(ROOTS.map((r) => r.name), `the skip list names ${name}, which the schema no longer has`).toContain(name);
  });

  it("sees what it checks: a write changes the fingerprint, a request's log line reaches the capture", async () => {
    const before = await fingerprint();
    await t.client(tokens.editor).data(`mutation { createSchedule(input: { name: "Fuzz check" }) { id } }`);
    expect(await fingerprint()).not.toBe(before);
    requestLines.length = 0;
    await t.client(tokens.viewer).data(`{ schedules { totalElements } }`);
    expect(requestLines).toHaveLength(1);
    t.service.log.error("field fuzz: the capture's own check");
    expect(errorLines.splice(0)).toHaveLength(1);
  });

  // Destructive fields last, so the seeded records are there for the others.
  for (const root of fuzzOrder([...ROOTS, ...NESTED])) {
    if (CANNOT_BE_CALLED[root.name]) continue;
    it(`${root.via ? "below the root:" : root.operation} ${root.name}`, async () => {
      const failures: string[] = [];
      const onResult = (result: FuzzResult) => {
        sent.set(root.name, (sent.get(root.name) ?? 0) + 1);
        if (LOG_FILE) appendFileSync(LOG_FILE, JSON.stringify({ field: result.case.field, role: result.case.role, index: result.case.index, hostile: result.case.hostileArgs, literals: result.case.literalArgs.length > 0, upload: result.case.upload?.name, status: result.answer.status, ms: Math.round(result.answer.elapsedMs), codes: result.codes, problems: result.problems.map((p) => p.class), query: result.case.query.slice(0, 300), answer: result.answer.text.slice(0, 300) }) + "\n");
        for (const problem of result.problems) failures.push(describeProblem(result, SEED, problem));
      };
      await runFieldFuzz({
        url: t.url,
        tokens,
        runsPerField: RUNS,
        seed: SEED,
        records: currentRecords,
        limits,
        schema,
        fields: [root.name],
        fingerprint,
        drainErrorLog: () => errorLines.splice(0),
        onResult,
      });
      expect(failures, failures.join("\n")).toEqual([]);
    });
  }

  it("sent every root field, and every field with arguments below them, at least once", () => {
    const missing = [...ROOTS, ...NESTED].filter((r) => !CANNOT_BE_CALLED[r.name] && !sent.get(r.name)).map((r) => r.name);
    expect(missing).toEqual([]);
  });
});
