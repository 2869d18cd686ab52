// The SQL the schedule aggregate's store runs, checked in as text (src/schedules/store/queries/*.sql,
// one file per store file that runs statements) so that a change to a statement shows in review as a
// change to SQL. This runs every exported store function that sends a statement at least once (a few
// on a draft too, where a statement takes another form) on one tiny schedule, captures every
// statement drizzle sends (the database's logger option), and compares the text with the
// checked-in files. A new store function that runs SQL gets a case here. `UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts`
// rewrites them. Parameters are $1…; both drivers send the same text.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../src/db/client.js";
import { draftTarget, scheduleTarget, type EventTarget } from "../../src/schedules/target.js";
import { schedules, type EventValues } from "../../src/schedules/store/tables.js";
import { loadCheckedEvents, eventRowsById } from "../../src/schedules/store/validation.js";
import { channelRuns, knownChannels } from "../../src/schedules/store/rights.js";
import { eventIdsOfSchedule, plannedEvents, unnamedReferences } from "../../src/schedules/store/reconciliation.js";
import { eventsInAirOrder } from "../../src/schedules/store/exports.js";
import { currentEvents, currentTimings, lockedOnAir, scheduleColumns, untouchedEvents } from "../../src/schedules/store/history.js";
import { eventsSummaryRows, missingAssetPages, programmePage } from "../../src/schedules/store/summaries.js";
import { positionAt, schedulesPageRows, targetPageRows, targetsPageRows } from "../../src/schedules/store/pages.js";
import { countEvents, eventStarts, firstStart, lastEnd, loadEventsById, loadEventValuesById, loadSegmentsFrom, loadTimings, loadTimingsById, loadTimingsFrom, lockedGaps, requireEventIds } from "../../src/schedules/store/timings.js";
import { appendEvents, copyEvents, deleteAllEvents, deleteEventIds, deleteEventsStartingIn, deleteSomeEvents, insertEvents, moveBySteps, moveEvents, retimeEvents, shiftAll, updateEvents } from "../../src/schedules/store/writes.js";
import { markEpg, markScte, updateMatching } from "../../src/schedules/store/marks.js";
import { assetRowsUsed, replaceInEvents, syncTitles } from "../../src/schedules/store/catalog.js";
import { eventRowsAround } from "../../src/schedules/store/lookups.js";
import { refreshDates, touchTarget } from "../../src/schedules/store/counters.js";
import { changeSetRow, visibleChangeSetRows, deleteChangeSet, insertChangeSet, markApplied } from "../../src/schedules/store/change-sets.js";
import { addedEvents, changedDraftEvents, conflictingEvents, copyIntoDraft, mergeDraft, removedEvents, scheduleVersionsOfChanged } from "../../src/schedules/store/drafts.js";
import { writeRevertedEvents, writeRevertedScheduleColumns, type ColumnValues } from "../../src/schedules/store/revert.js";
import { createHiddenSchedule, deleteHiddenSchedule, markImportAlive, revealImported } from "../../src/schedules/store/imports.js";
import { foldedPagesStatement, jsonPagesDocuments, type JsonReadPlan } from "../../src/schedules/store/json-pages.js";
import { archiveEvents, restoreEvents } from "../../src/schedules/store/archive.js";
import { armLockHorizon, lockHorizonHits } from "../../src/schedules/store/lock-horizon.js";
import { queryRows } from "../../src/db/client.js";
import { useMigratedDatabase } from "../helpers/database.js";

const QUERIES = join(import.meta.dirname, "../../src/schedules/store/queries");
const UPDATE = process.env.UPDATE_SQL_SNAPSHOTS === "1";
const HOW = "UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts";

/** The instant the tiny schedule starts at (ms since the epoch). */
const T0 = Date.UTC(2026, 0, 1);

const event = (offsetMs: number, title: string, extra: Partial<EventValues> = {}): EventValues => ({
  onAirTime: T0 + offsetMs,
  duration: 60_000,
  eventType: "PRIMARY",
  title,
  locked: false,
  mediaId: `M-${title}`,
  assetId: null,
  status: null,
  data: {},
  ...extra,
});

/** One store function run: the store file it lives in, its name, the arguments (as read in the header), and the work. */
interface Case {
  file: string;
  name: string;
  args: string;
  run: (executor: Executor) => Promise<unknown>;
  /** Writes run inside a transaction that is rolled back. */
  write?: boolean;
}

const statements: string[] = [];
const database = useMigratedDatabase({ logger: { logQuery: (query) => statements.push(query) } });
let scheduleId = 0;
/** An empty schedule of the same organization and origin (what copyEvents copies into). */
let copyId = 0;
let target: EventTarget;
/** The draft of the change set below: the store runs the same functions on it, some with other statements. */
let draft: EventTarget;
let ids: number[] = [];
/** A change set of the schedule with its draft copied (drafts.ts), and a new one not yet copied. */
let changeSetId = 0;
let newChangeSetId = 0;
/** What a revert writes back, as the history slice rewinds it: the schedule's row and an event's, by column names. */
let scheduleRowColumns: ColumnValues = {};
let eventColumns: ColumnValues = {};

beforeAll(async () => {
  const { db } = database.handle;
  const [row] = await db.insert(schedules).values({ organization: "store-sql", name: "store sql", timeOrigin: T0 }).returning({ id: schedules.id });
  scheduleId = row.id;
  target = scheduleTarget(scheduleId);
  const rows = await insertEvents(db, target, [event(0, "a"), event(60_000, "b", { locked: true }), event(120_000, "c", { eventType: "SECONDARY" })]);
  ids = rows.map((r) => r.id);
  await db.execute(sql`update schedules set event_count = ${ids.length} where id = ${scheduleId}`);
  const [schedule] = await db.select().from(schedules).where(sql`${schedules.id} = ${scheduleId}`);
  changeSetId = (await insertChangeSet(db, schedule, "store-sql", 20)).id;
  await copyIntoDraft(db, changeSetId, scheduleId);
  draft = draftTarget({ id: changeSetId, scheduleId });
  const [copy] = await db.insert(schedules).values({ organization: "store-sql", name: "store sql (copy)", timeOrigin: T0 }).returning({ id: schedules.id });
  copyId = copy.id;
  newChangeSetId = (await insertChangeSet(db, schedule, "store-sql", 20)).id;
  scheduleRowColumns = await scheduleColumns(db, scheduleId);
  eventColumns = (await currentEvents(db, scheduleId, [ids[0]])).get(ids[0]) ?? {};
});

const page = { page: 0, size: 10 };

/**
 * JSON read plans (src/events/json-plan.ts) of real selections of Schedule.events: the
 * benchmark's `schedule(id){ events(size:200){ content{ id title onAirTime duration asset{
 * systemFields{ title } } } } }`, the peer benchmark's Q4 page, and one with data fields and a whole
 * asset document.
 */
/** A plan with the key its statement is kept by. */
type KeyedPlan = JsonReadPlan & { key: string };
const BENCH_PLAN: KeyedPlan = { key: "bench", columns: ["duration", "id", "onAirTime", "title"], data: [], total: false, asset: { columns: [], documents: [{ field: "systemFields", keys: ["title"] }] } };
const Q4_PLAN: KeyedPlan = {
  key: "Q4",
  columns: ["duration", "eventType", "id", "onAirTime", "title"],
  data: [],
  total: false,
  asset: { columns: ["assetId", "assetSize", "mediaId", "name"], documents: [{ field: "systemFields", keys: ["title"] }] },
};
const DATA_PLAN: KeyedPlan = { key: "data", columns: ["id"], data: ["programme", "som"], total: false, asset: { columns: [], documents: [{ field: "tags", keys: null }] } };
const range = () => ({ from: T0, to: T0 + 86_400_000 });

const CASES: Case[] = [
  { file: "validation", name: "loadCheckedEvents", args: "scheduleTarget", run: (x) => loadCheckedEvents(x, target) },
  { file: "validation", name: "loadCheckedEvents", args: "draftTarget", run: (x) => loadCheckedEvents(x, draftTarget({ id: changeSetId, scheduleId })) },
  { file: "validation", name: "eventRowsById", args: "scheduleId, [id, id], columnsOnly: false", run: (x) => eventRowsById(x, scheduleId, ids.slice(0, 2), false) },
  { file: "validation", name: "eventRowsById", args: "scheduleId, [id, id], columnsOnly: true", run: (x) => eventRowsById(x, scheduleId, ids.slice(0, 2), true) },
  { file: "rights", name: "knownChannels", args: "organization, [channel, channel]", run: (x) => knownChannels(x, "store-sql", ["One", "Two"]) },
  { file: "rights", name: "channelRuns", args: "organization, channel, exceptScheduleId, [key, key]", run: (x) => channelRuns(x, "store-sql", "One", scheduleId + 1, ["M-a", "asset 1"]) },
  { file: "reconciliation", name: "plannedEvents", args: "scheduleId, from: null, to: null", run: (x) => plannedEvents(x, scheduleId, null, null) },
  { file: "reconciliation", name: "plannedEvents", args: "scheduleId, from, to", run: (x) => plannedEvents(x, scheduleId, T0, T0 + 3_600_000) },
  { file: "reconciliation", name: "unnamedReferences", args: "scheduleId, [{ eventId, mediaId }]", run: (x) => unnamedReferences(x, scheduleId, [{ eventId: ids[0], mediaId: "M-x" }]) },
  { file: "reconciliation", name: "eventIdsOfSchedule", args: "scheduleId, [id]", run: (x) => eventIdsOfSchedule(x, scheduleId, [ids[0]]) },
  {
    file: "exports",
    name: "eventsInAirOrder",
    args: "scheduleId (one page)",
    run: async (x) => {
      for await (const _row of eventsInAirOrder(x, scheduleId));
    },
  },
  { file: "history", name: "scheduleColumns", args: "scheduleId", run: (x) => scheduleColumns(x, scheduleId) },
  { file: "history", name: "currentTimings", args: "scheduleId, [id]", run: (x) => currentTimings(x, scheduleId, [ids[0]]) },
  { file: "history", name: "currentEvents", args: "scheduleId, [id]", run: (x) => currentEvents(x, scheduleId, [ids[0]]) },
  { file: "history", name: "currentEvents", args: 'scheduleId, "all"', run: (x) => currentEvents(x, scheduleId, "all") },
  { file: "history", name: "untouchedEvents", args: "scheduleId, excluded: [id], limit: 10", run: (x) => untouchedEvents(x, scheduleId, [ids[0]], 10) },
  { file: "history", name: "lockedOnAir", args: 'scheduleId, "all", now', run: (x) => lockedOnAir(x, scheduleId, "all", T0 + 90_000) },
  { file: "summaries", name: "eventsSummaryRows", args: "scheduleId, size: 10, now, range: null", run: (x) => eventsSummaryRows(x, scheduleId, 10, T0) },
  { file: "summaries", name: "eventsSummaryRows", args: "scheduleId, size: 10, now, one day", run: (x) => eventsSummaryRows(x, scheduleId, 10, T0, range()) },
  { file: "summaries", name: "programmePage", args: "scheduleId, { page: 0, size: 10 }", run: (x) => programmePage(x, scheduleId, page) },
  { file: "summaries", name: "missingAssetPages", args: "scheduleId, size: 10", run: (x) => missingAssetPages(x, scheduleId, 10) },
  {
    file: "pages",
    name: "targetPageRows",
    args: "schedule target, { page: 0, size: 10 }, no filter, { data: false, lookBack: false }",
    run: (x) => targetPageRows(x, target, page, null, { data: false, lookBack: false }),
  },
  {
    file: "pages",
    name: "targetPageRows",
    args: "schedule target, { page: 0, size: 10 }, { eventType: PRIMARY }, { data: true, lookBack: true }",
    run: (x) => targetPageRows(x, target, page, { eventType: "PRIMARY" }, { data: true, lookBack: true }),
  },
  { file: "pages", name: "positionAt", args: "schedule target, time, no filter", run: (x) => positionAt(x, target, T0 + 90_000) },
  {
    file: "pages",
    name: "targetPageRows",
    args: "schedule target, { page: 0, size: 1 } (nearer the start), no filter, { data: false, lookBack: false }",
    run: (x) => targetPageRows(x, target, { page: 0, size: 1 }, null, { data: false, lookBack: false }),
  },
  { file: "pages", name: "targetPageRows", args: "draft target, { page: 0, size: 10 }, no filter, { data: true, lookBack: true }", run: (x) => targetPageRows(x, draft, page, null, { data: true, lookBack: true }) },
  {
    file: "pages",
    name: "schedulesPageRows",
    args: "[scheduleId], { page: 0, size: 10 }, no filter, { data: false, lookBack: false }",
    run: (x) => schedulesPageRows(x, [scheduleId], page, null, { data: false, lookBack: false }),
  },
  {
    file: "pages",
    name: "targetsPageRows",
    args: "[draft target], { page: 0, size: 10 }, { eventType: PRIMARY }, { data: true, lookBack: true }",
    run: (x) => targetsPageRows(x, [draft], page, { eventType: "PRIMARY" }, { data: true, lookBack: true }),
  },
  { file: "timings", name: "loadTimings", args: "schedule target", run: (x) => loadTimings(x, target) },
  { file: "timings", name: "loadEventsById", args: "schedule target, [id, id]", run: (x) => loadEventsById(x, target, ids.slice(0, 2)) },
  { file: "timings", name: "loadEventValuesById", args: "schedule target, [id, id]", run: (x) => loadEventValuesById(x, target, ids.slice(0, 2)) },
  { file: "timings", name: "loadEventValuesById", args: "schedule target, [id, id], the rules' values and title", run: (x) => loadEventValuesById(x, target, ids.slice(0, 2), ["duration", "eventType", "locked", "onAirTime", "title"]) },
  { file: "timings", name: "countEvents", args: "schedule target", run: (x) => countEvents(x, target) },
  { file: "timings", name: "lastEnd", args: "schedule target", run: (x) => lastEnd(x, target) },
  { file: "timings", name: "lockedGaps", args: "schedule target, from, to", run: (x) => lockedGaps(x, target, T0, T0 + 3_600_000) },
  { file: "timings", name: "loadTimingsFrom", args: "schedule target, id, until the next locked", run: (x) => loadTimingsFrom(x, target, ids[0], true) },
  { file: "timings", name: "loadSegmentsFrom", args: "schedule target, [id, id]", run: (x) => loadSegmentsFrom(x, target, ids.slice(0, 2)) },
  { file: "timings", name: "firstStart", args: "scheduleId", run: (x) => firstStart(x, scheduleId) },
  { file: "timings", name: "eventStarts", args: "scheduleId", run: (x) => eventStarts(x, scheduleId) },
  { file: "timings", name: "loadTimingsById", args: "draft target, [id, id]", run: (x) => loadTimingsById(x, draft, ids.slice(0, 2)) },
  { file: "timings", name: "requireEventIds", args: "schedule target, [id, id]", run: (x) => requireEventIds(x, target, ids.slice(0, 2)) },
  { file: "writes", name: "insertEvents", args: "schedule target, [one event] (rolled back)", write: true, run: (x) => insertEvents(x, target, [event(180_000, "d")]) },
  {
    file: "writes",
    name: "updateEvents",
    args: "schedule target, [{ id, values }] (rolled back)",
    write: true,
    run: (x) => updateEvents(x, target, [{ id: ids[0], values: event(0, "a2") }]),
  },
  { file: "writes", name: "moveEvents", args: "schedule target, [{ id, onAirTime }] (rolled back)", write: true, run: (x) => moveEvents(x, target, [{ id: ids[2], onAirTime: T0 + 240_000 }]) },
  { file: "writes", name: "deleteEventIds", args: "schedule target, [id] (rolled back)", write: true, run: (x) => deleteEventIds(x, target, [ids[2]]) },
  { file: "writes", name: "deleteEventIds", args: "draft target, [id] (rolled back)", write: true, run: (x) => deleteEventIds(x, draft, [ids[2]]) },
  { file: "writes", name: "moveEvents", args: "draft target, [{ id, onAirTime }] (rolled back)", write: true, run: (x) => moveEvents(x, draft, [{ id: ids[2], onAirTime: T0 + 240_000 }]) },
  { file: "writes", name: "appendEvents", args: "schedule target, [one event] (rolled back)", write: true, run: (x) => appendEvents(x, target, [event(180_000, "d")]) },
  {
    file: "writes",
    name: "retimeEvents",
    args: "schedule target, [{ id, onAirTime, duration, somDelta }] (rolled back)",
    write: true,
    run: (x) => retimeEvents(x, target, [{ id: ids[0], onAirTime: T0, duration: 30_000, somDelta: 30_000 }]),
  },
  { file: "writes", name: "deleteAllEvents", args: "schedule target (rolled back)", write: true, run: (x) => deleteAllEvents(x, target) },
  { file: "writes", name: "deleteEventsStartingIn", args: "draft target, from, to (rolled back)", write: true, run: (x) => deleteEventsStartingIn(x, draft, T0, T0 + 3_600_000) },
  { file: "writes", name: "shiftAll", args: "scheduleId, one hour (rolled back)", write: true, run: (x) => shiftAll(x, scheduleId, 3_600_000) },
  {
    file: "writes",
    name: "moveBySteps",
    args: "scheduleId, [{ from, by: one hour }, { from, by: two hours }] (rolled back)",
    write: true,
    run: (x) => moveBySteps(x, scheduleId, [{ from: T0, by: 3_600_000 }, { from: T0 + 60_000, by: 7_200_000 }]),
  },
  { file: "writes", name: "copyEvents", args: "scheduleId, { id, organization } of an empty schedule (rolled back)", write: true, run: (x) => copyEvents(x, scheduleId, { id: copyId, organization: "store-sql" }) },
  { file: "writes", name: "deleteSomeEvents", args: "scheduleId, limit: 5000 (rolled back)", write: true, run: (x) => deleteSomeEvents(x, scheduleId, 5000) },
  { file: "marks", name: "markEpg", args: "schedule target, { eventType: PRIMARY } (rolled back)", write: true, run: (x) => markEpg(x, target, { eventType: "PRIMARY" }) },
  { file: "marks", name: "markScte", args: "schedule target, { locked: true } (rolled back)", write: true, run: (x) => markScte(x, target, { locked: true }) },
  {
    file: "marks",
    name: "updateMatching",
    args: "schedule target, { term }, { patch: { programme } } (rolled back)",
    write: true,
    run: (x) => updateMatching(x, target, { term: "a" }, { patch: { programme: { title: "P" } } }),
  },
  { file: "catalog", name: "syncTitles", args: "scheduleId, organization, [id] (rolled back)", write: true, run: (x) => syncTitles(x, scheduleId, "store-sql", [ids[0]]) },
  { file: "catalog", name: "assetRowsUsed", args: "[scheduleId], organization, name", run: (x) => assetRowsUsed(x, [scheduleId], "store-sql", "asset 1") },
  {
    file: "catalog",
    name: "replaceInEvents",
    args: "scheduleId, [mediaId], an asset's summary (rolled back)",
    write: true,
    run: (x) =>
      replaceInEvents(x, scheduleId, ["M-a"], { assetId: "asset 1", mediaId: "M-1", name: "asset 1", title: "Asset one", storageType: null, qcStatus: null, durationMs: 30_000, version: 1, rights: [], advertiser: null, productCategory: null }),
  },
  { file: "lookups", name: "eventRowsAround", args: "scheduleId, at", run: (x) => eventRowsAround(x, scheduleId, T0 + 90_000) },
  { file: "counters", name: "touchTarget", args: "schedule target (rolled back)", write: true, run: (x) => touchTarget(x, target) },
  { file: "counters", name: "touchTarget", args: "schedule target, none moved, extremes kept (rolled back)", write: true, run: (x) => touchTarget(x, target, 0, true) },
  { file: "counters", name: "refreshDates", args: "scheduleId (rolled back)", write: true, run: (x) => refreshDates(x, scheduleId) },
  { file: "counters", name: "touchTarget", args: "draft target (rolled back)", write: true, run: (x) => touchTarget(x, draft) },
  {
    file: "change-sets",
    name: "insertChangeSet",
    args: "schedule row, createdBy (rolled back)",
    write: true,
    run: async (x) => {
      const [row] = await x.select().from(schedules).where(sql`${schedules.id} = ${scheduleId}`);
      statements.pop(); // the test's own read of the row, not the store's
      return insertChangeSet(x, row, "store-sql", 20);
    },
  },
  { file: "change-sets", name: "changeSetRow", args: "id, organization, lock: true", run: (x) => changeSetRow(x, 1, "store-sql", true) },
  { file: "change-sets", name: "visibleChangeSetRows", args: "scheduleId, organization, { page: 0, size: 10 }, withTotal: true", run: (x) => visibleChangeSetRows(x, scheduleId, "store-sql", { page: 0, size: 10 }, true) },
  { file: "change-sets", name: "visibleChangeSetRows", args: "scheduleId, organization, { page: 0, size: 10 }, withTotal: false", run: (x) => visibleChangeSetRows(x, scheduleId, "store-sql", { page: 0, size: 10 }, false) },
  { file: "change-sets", name: "deleteChangeSet", args: "id (rolled back)", write: true, run: (x) => deleteChangeSet(x, changeSetId) },
  { file: "change-sets", name: "markApplied", args: "scheduleId (rolled back)", write: true, run: (x) => markApplied(x, scheduleId) },
  { file: "drafts", name: "copyIntoDraft", args: "new changeSetId, scheduleId (rolled back)", write: true, run: (x) => copyIntoDraft(x, newChangeSetId, scheduleId) },
  { file: "drafts", name: "conflictingEvents", args: "changeSetId, scheduleId", run: (x) => conflictingEvents(x, changeSetId, scheduleId) },
  { file: "drafts", name: "mergeDraft", args: "changeSetId, scheduleId (rolled back)", write: true, run: (x) => mergeDraft(x, changeSetId, scheduleId) },
  { file: "drafts", name: "addedEvents", args: "changeSetId, scheduleId", run: (x) => addedEvents(x, changeSetId, scheduleId) },
  { file: "drafts", name: "removedEvents", args: "changeSetId, scheduleId", run: (x) => removedEvents(x, changeSetId, scheduleId) },
  { file: "drafts", name: "changedDraftEvents", args: "changeSetId, scheduleId", run: (x) => changedDraftEvents(x, changeSetId, scheduleId) },
  { file: "drafts", name: "scheduleVersionsOfChanged", args: "changeSetId, scheduleId", run: (x) => scheduleVersionsOfChanged(x, changeSetId, scheduleId) },
  {
    file: "revert",
    name: "writeRevertedEvents",
    args: "scheduleId, removed: [id], changed: [event columns], restored: [event columns] (rolled back)",
    write: true,
    run: (x) =>
      writeRevertedEvents(x, scheduleId, [ids[2]], [{ ...eventColumns, title: "a (reverted)" }], [{ ...eventColumns, id: Math.max(...ids) + 1000, on_air_time: 300_000 }]),
  },
  {
    file: "revert",
    name: "writeRevertedScheduleColumns",
    args: "scheduleId, schedule columns (rolled back)",
    write: true,
    run: (x) => writeRevertedScheduleColumns(x, scheduleId, { ...scheduleRowColumns, name: "store sql (reverted)" }),
  },
  {
    file: "imports",
    name: "createHiddenSchedule",
    args: "{ name, organization, createdBy, fps, channel, importJobId: null } (rolled back)",
    write: true,
    run: (x) => createHiddenSchedule(x, { name: "import.csv", organization: "store-sql", createdBy: "store-sql", fps: 25, channel: "ONE", importJobId: null }),
  },
  { file: "imports", name: "markImportAlive", args: "scheduleId (rolled back)", write: true, run: (x) => markImportAlive(x, scheduleId) },
  {
    file: "imports",
    name: "revealImported",
    args: "scheduleId, { name, channel, fps } (rolled back)",
    write: true,
    run: (x) => revealImported(x, scheduleId, { name: "import.csv", channel: "ONE", fps: 25 }),
  },
  { file: "imports", name: "deleteHiddenSchedule", args: "scheduleId (rolled back)", write: true, run: (x) => deleteHiddenSchedule(x, scheduleId) },
  {
    file: "json-pages",
    name: "jsonPagesDocuments",
    args: "[scheduleId], { page: 0, size: 200 }, no filter, the benchmark's plan (id title onAirTime duration asset { systemFields { title } })",
    run: (x) => jsonPagesDocuments(x, [scheduleId], { page: 0, size: 200 }, null, BENCH_PLAN),
  },
  {
    file: "json-pages",
    name: "jsonPagesDocuments",
    args: "[scheduleId], { page: 30, size: 20 }, { eventType: ADVERTISEMENT }, Q4's plan (… eventType asset { assetId name mediaId assetSize systemFields { title } })",
    run: (x) => jsonPagesDocuments(x, [scheduleId], { page: 30, size: 20 }, { eventType: "ADVERTISEMENT" }, Q4_PLAN),
  },
  {
    file: "json-pages",
    name: "jsonPagesDocuments",
    args: "[scheduleId], { page: 30, size: 20 }, { eventType: ADVERTISEMENT }, Q4's plan with totalElements selected (the count in the same statement)",
    run: (x) => jsonPagesDocuments(x, [scheduleId], { page: 30, size: 20 }, { eventType: "ADVERTISEMENT" }, { ...Q4_PLAN, key: "Q4 total", total: true }),
  },
  {
    file: "json-pages",
    name: "jsonPagesDocuments",
    args: "[scheduleId], { page: 0, size: 50 }, no filter, plan of { id programme som asset { tags } }",
    run: (x) => jsonPagesDocuments(x, [scheduleId], { page: 0, size: 50 }, null, DATA_PLAN),
  },
  {
    file: "json-pages",
    name: "foldedPagesStatement",
    args: "a schedule by id with _rank 1 (the shape Query.schedule folds), { page: 0, size: 200 }, no filter, the benchmark's plan",
    run: (x) => queryRows(x, foldedPagesStatement(sql`select *, 1 as _rank from ${schedules} where ${schedules.id} = ${scheduleId}`, { page: 0, size: 200 }, null, BENCH_PLAN)),
  },
  { file: "lock-horizon", name: "armLockHorizon", args: "draft target, limit (rolled back)", write: true, run: (x) => armLockHorizon(x, draft, T0 + 60_000) },
  { file: "lock-horizon", name: "lockHorizonHits", args: "(rolled back)", write: true, run: (x) => lockHorizonHits(x) },
  { file: "archive", name: "archiveEvents", args: "scheduleId (rolled back)", write: true, run: (x) => archiveEvents(x, scheduleId) },
  { file: "archive", name: "restoreEvents", args: "scheduleId (rolled back)", write: true, run: (x) => restoreEvents(x, scheduleId) },
];

class RolledBack extends Error {}

/** The statements `work` sends, trailing blanks of each line removed. */
async function captured(c: Case): Promise<string[]> {
  if (!c.write) {
    const before = statements.length;
    await c.run(database.handle.db);
    return statements.slice(before).map(tidy);
  }
  let texts: string[] = [];
  await database.handle.db
    .transaction(async (tx) => {
      const before = statements.length;
      await c.run(tx);
      texts = statements.slice(before).map(tidy);
      throw new RolledBack();
    })
    .catch((e: unknown) => {
      if (!(e instanceof RolledBack)) throw e;
    });
  return texts;
}

const tidy = (text: string): string =>
  text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();

/** The text of one store file's snapshot. */
function render(file: string, runs: { c: Case; texts: string[] }[]): string {
  const head = `-- The SQL of src/schedules/store/${file}.ts, as test/architecture/store-sql.test.ts runs it.\n-- Generated: ${HOW}\n`;
  const blocks = runs.flatMap(({ c, texts }) => texts.map((text, i) => `-- ${c.name}(${c.args})${texts.length > 1 ? ` [statement ${i + 1} of ${texts.length}]` : ""}\n${text};\n`));
  return [head, ...blocks].join("\n");
}

/** Every case's statements, run once for the checks below. */
let runs: Promise<{ c: Case; texts: string[] }[]> | null = null;
const allRuns = () =>
  (runs ??= (async () => {
    const out: { c: Case; texts: string[] }[] = [];
    for (const c of CASES) out.push({ c, texts: await captured(c) });
    return out;
  })());

/**
 * Where a statement looks a schedule's time origin up by something other than a parameter or a
 * per-key row (`ids.schedule_id`): a column of the rows it scans makes the lookup a subplan run
 * once a row (1,000 index probes for 1,000 events), and a range on on_air_time against it cannot
 * use the index.
 */
const ORIGIN_LOOKUP = /select o\.time_origin from schedules o where o\.id = ([^)\s]+)/g;
const perRowOrigins = (text: string): string[] =>
  [...text.matchAll(ORIGIN_LOOKUP)].map((m) => m[1]).filter((key) => !/^\$\d+$/.test(key) && key !== "ids.schedule_id");

describe("the store's SQL, checked in as text", () => {
  it("looks a schedule's time origin up once a statement, never once a row", async () => {
    const offenders = (await allRuns()).flatMap(({ c, texts }) => texts.flatMap((text) => perRowOrigins(text).map((key) => `${c.name}(${c.args}): o.id = ${key}`)));
    expect(offenders).toEqual([]);
  });

  it("matches src/schedules/store/queries/*.sql", async () => {
    const byFile = new Map<string, { c: Case; texts: string[] }[]>();
    for (const { c, texts } of await allRuns()) {
      expect(texts.length, `${c.name} sent no statement`).toBeGreaterThan(0);
      byFile.set(c.file, [...(byFile.get(c.file) ?? []), { c, texts }]);
    }
    const expected = new Map([...byFile].map(([file, runs]) => [`${file}.sql`, render(file, runs)]));
    mkdirSync(QUERIES, { recursive: true });
    const stale = readdirSync(QUERIES).filter((name) => name.endsWith(".sql") && !expected.has(name));
    if (UPDATE) {
      for (const name of stale) rmSync(join(QUERIES, name));
      for (const [name, text] of expected) writeFileSync(join(QUERIES, name), text);
      return;
    }
    expect(stale, `snapshots of no store file run here; regenerate with ${HOW}`).toEqual([]);
    for (const [name, text] of expected) {
      const path = join(QUERIES, name);
      const stored = existsSync(path) ? readFileSync(path, "utf8") : "(missing)";
      expect(stored, `src/schedules/store/queries/${name} differs from the SQL the store runs; regenerate with ${HOW} and review the diff`).toBe(text);
    }
  });
});
