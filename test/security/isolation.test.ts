// Tenant isolation, generated from the schema: every root query and mutation has a case here (a
// root field without one fails the first test). Organization A holds one of everything; a token of
// organization B, on A's ids and naming A, gets NOT_FOUND or FORBIDDEN (or, for a list scoped to
// the caller, none of A's records); A's viewer gets FORBIDDEN on every write; and A's rows, read
// straight from the database, are the same afterwards. Who owns what: docs/REPORTING.md.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { INGEST } from "../helpers/telemetry.js";
import { type GraphQLResult, uniqueOrg, useOwnTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useOwnTestService(); // its own service: this file reaches into its database

const A = uniqueOrg("isoa");
const B = uniqueOrg("isob");
const DAY = { from: "2026-03-02T00:00:00Z", to: "2026-03-03T00:00:00Z" };
const CSV = readFileSync(new URL("../fixtures/import/schedule.csv", import.meta.url), "utf8");

interface Ids {
  schedule: string;
  version: number;
  event: string;
  changeSet: string;
  job: string;
  collection: string;
  template: string;
}

/** One request of a case. `allow`: the error codes that count as "denied" (default NOT_FOUND, FORBIDDEN). */
interface Variant {
  query: string;
  variables?: Record<string, unknown>;
  upload?: boolean;
  allow?: string[];
  /** A list scoped to the caller: answering data is fine when it holds none of A's records. */
  scopedList?: boolean;
}

interface Case {
  /** The first variant names organization A (where the field takes one); a viewer of A runs it on writes. */
  variants(ids: Ids): Variant[];
}

const DENIED = ["NOT_FOUND", "FORBIDDEN"];
// A foreign playout id answers exactly like one nobody registered (docs/REPORTING.md "Who owns what").
const LIKE_MISSING = [...DENIED, "BAD_USER_INPUT"];
const W = `window: { from: "${DAY.from}", to: "${DAY.to}" }`;
const onA = `organization: "${A}"`;

const q = (query: string, variables?: Record<string, unknown>, extra: Partial<Variant> = {}): Variant => ({ query, variables, ...extra });
const list = (query: string, variables?: Record<string, unknown>): Variant => q(query, variables, { scopedList: true });

const QUERIES: Record<string, Case> = {
  asRunReconciliation: {
    variants: (i) => [
      q(`query($s: ID!) { asRunReconciliation(scheduleId: $s, ${onA}) { number } }`, { s: i.schedule }),
      q(`query($s: ID!) { asRunReconciliation(scheduleId: $s) { number } }`, { s: i.schedule }),
    ],
  },
  // Pure decoding of the caller's own text: no records of anyone.
  decodeScte35: { variants: () => [list(`{ decodeScte35(data: "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg==") { crc32 } }`)] },
  scheduleDiff: {
    variants: (i) => [
      q(`query($s: ID!, $v: Int!) { scheduleDiff(scheduleId: $s, fromVersion: 1, toVersion: $v, ${onA}) { added { id } } }`, { s: i.schedule, v: i.version }),
      q(`query($s: ID!, $v: Int!) { scheduleDiff(scheduleId: $s, fromVersion: 1, toVersion: $v) { added { id } } }`, { s: i.schedule, v: i.version }),
    ],
  },
  assetCollection: {
    variants: (i) => [q(`query($id: ID!) { assetCollection(id: $id, ${onA}) { id name } }`, { id: i.collection }), q(`query($id: ID!) { assetCollection(id: $id) { id name } }`, { id: i.collection })],
  },
  assetCollections: { variants: () => [q(`{ assetCollections(${onA}) { content { id name } } }`), list(`{ assetCollections { totalElements content { id name } } }`)] },
  scheduleTemplate: {
    variants: (i) => [q(`query($id: ID!) { scheduleTemplate(id: $id, ${onA}) { id name } }`, { id: i.template }), q(`query($id: ID!) { scheduleTemplate(id: $id) { id name } }`, { id: i.template })],
  },
  scheduleTemplates: { variants: () => [q(`{ scheduleTemplates(${onA}) { content { id name } } }`), list(`{ scheduleTemplates { totalElements content { id name } } }`)] },
  asset: { variants: () => [q(`{ asset(assetId: "${A}-asset", ${onA}) { assetId organization } }`), list(`{ asset(assetId: "${A}-asset") { assetId organization } }`)] },
  assets: { variants: () => [q(`{ assets(${onA}) { content { assetId organization } } }`), list(`{ assets { content { assetId organization } } }`)] },
  billingUsage: { variants: () => [list(`{ billingUsage(${W}) { organization } }`)] },
  billingUsagePage: { variants: () => [list(`{ billingUsagePage(${W}) { totalElements content { organization } } }`)] },
  cacheDownloads: { variants: () => [q(`{ cacheDownloads(${onA}, ${W}) { ip } }`)] },
  cacheDownloadPage: { variants: () => [q(`{ cacheDownloadPage(${onA}, ${W}) { content { ip } } }`)] },
  changeSet: {
    variants: (i) => [q(`query($id: ID!) { changeSet(id: $id, ${onA}) { id } }`, { id: i.changeSet }), q(`query($id: ID!) { changeSet(id: $id) { id } }`, { id: i.changeSet })],
  },
  changeSets: {
    variants: (i) => [q(`query($s: ID!) { changeSets(scheduleId: $s, ${onA}) { id } }`, { s: i.schedule }), q(`query($s: ID!) { changeSets(scheduleId: $s) { id } }`, { s: i.schedule })],
  },
  changeSetPage: {
    variants: (i) => [
      q(`query($s: ID!) { changeSetPage(scheduleId: $s, ${onA}) { content { id } } }`, { s: i.schedule }),
      q(`query($s: ID!) { changeSetPage(scheduleId: $s) { content { id } } }`, { s: i.schedule }),
    ],
  },
  channelUptime: { variants: () => [q(`{ channelUptime(${W}, organizations: ["${A}"]) { channelId } }`), list(`{ channelUptime(${W}) { channelId organization } }`)] },
  executionDays: { variants: () => [list(`{ executionDays(from: "2000-01-01T00:00:00Z") { executions { organization executionId } } }`)] },
  executionDayPage: { variants: () => [list(`{ executionDayPage(from: "2000-01-01T00:00:00Z") { totalElements content { executions { organization executionId } } } }`)] },
  job: { variants: (i) => [q(`query($id: ID!) { job(id: $id) { id organization } }`, { id: i.job })] },
  jobs: { variants: () => [q(`{ jobs(organizations: ["${A}"]) { id organization } }`), list(`{ jobs { id organization } }`)] },
  jobPage: { variants: () => [q(`{ jobPage(organizations: ["${A}"]) { content { id organization } } }`), list(`{ jobPage { totalElements content { id organization } } }`)] },
  licenceUsage: { variants: () => [q(`{ licenceUsage(${onA}, ${W}) { playoutId } }`)] },
  organizationIds: { variants: () => [list(`{ organizationIds }`)] },
  organizationSummaries: { variants: () => [list(`{ organizationSummaries { organizationId } }`)] },
  organizationSummary: { variants: () => [q(`{ organizationSummary(${onA}) { organizationId } }`)] },
  organizations: { variants: () => [list(`{ organizations { organizationId } }`)] },
  playoutHistory: {
    variants: () => [
      q(`{ playoutHistory(${W}, organizations: ["${A}"]) { playoutId } }`),
      q(`{ playoutHistory(window: { from: "${DAY.from}", to: "${DAY.to}", playoutIds: ["${A}-p"] }) { playoutId } }`, undefined, { allow: LIKE_MISSING }),
      list(`{ playoutHistory(${W}) { playoutId organization } }`),
    ],
  },
  playoutHistoryGroups: {
    variants: () => [q(`{ playoutHistoryGroups(organizations: ["${A}"]) { providerId } }`), list(`{ playoutHistoryGroups { providerId names organizations { organizationId } } }`)],
  },
  playoutNamesByIp: { variants: () => [q(`{ playoutNamesByIp(ip: "10.9.9.9", ${onA}, ${W}) }`)] },
  playoutUptime: { variants: () => [q(`{ playoutUptime(${W}, organizations: ["${A}"]) { playoutId } }`), list(`{ playoutUptime(${W}) { playoutId organization } }`)] },
  playoutUsage: { variants: () => [q(`{ playoutUsage(${onA}, ${W}) { playoutId } }`)] },
  // Platform records: every caller reads them; none is A's.
  regionStreamStats: { variants: () => [list(`{ regionStreamStats { region } }`)] },
  schedule: {
    variants: (i) => [q(`query($id: ID!) { schedule(id: $id, ${onA}) { id organization } }`, { id: i.schedule }), q(`query($id: ID!) { schedule(id: $id) { id organization } }`, { id: i.schedule })],
  },
  schedules: { variants: () => [q(`{ schedules(${onA}) { content { id organization } } }`), list(`{ schedules { content { id organization } } }`)] },
  schedulesByGraphicsProject: {
    variants: () => [q(`{ schedulesByGraphicsProject(name: "${A}-gp", ${onA}) { id } }`), list(`{ schedulesByGraphicsProject(name: "${A}-gp") { id organization } }`)],
  },
  schedulePageByGraphicsProject: {
    variants: () => [
      q(`{ schedulePageByGraphicsProject(name: "${A}-gp", ${onA}) { content { id } } }`),
      list(`{ schedulePageByGraphicsProject(name: "${A}-gp") { totalElements content { id organization } } }`),
    ],
  },
  storageUsage: { variants: () => [q(`{ storageUsage(${onA}, ${W}) { size } }`)] },
  uptimeTotals: { variants: () => [q(`{ uptimeTotals(${onA}, ${W}) { totalUptime } }`)] },
};

const EVENT = { onAirTime: "2026-03-01T07:00:00Z", duration: 60_000, title: "Intruder" };
const AIRED = { entryId: "intruder-1", mediaId: "M1", actualStart: "2026-03-01T07:00:00Z", actualDurationMs: 60_000, status: "AIRED", deviceId: "p1" };
const COLLECTION_INPUT = { name: "Taken over", kind: "FILLER", mediaIds: ["X"] };
const TEMPLATE_INPUT = { name: "Taken over", timeZone: "UTC", broadcastDayStart: "06:00", slots: [] };
const MUTATIONS: Record<string, Case> = {
  createAssetCollection: { variants: () => [q(`mutation($i: AssetCollectionInput!) { createAssetCollection(input: $i, ${onA}) { id } }`, { i: COLLECTION_INPUT })] },
  updateAssetCollection: {
    variants: (i) => [
      q(`mutation($id: ID!, $i: AssetCollectionInput!) { updateAssetCollection(id: $id, input: $i, version: 1, ${onA}) { id } }`, { id: i.collection, i: COLLECTION_INPUT }),
      q(`mutation($id: ID!, $i: AssetCollectionInput!) { updateAssetCollection(id: $id, input: $i, version: 1) { id } }`, { id: i.collection, i: COLLECTION_INPUT }),
    ],
  },
  deleteAssetCollection: {
    variants: (i) => [q(`mutation($id: ID!) { deleteAssetCollection(id: $id, ${onA}) { id } }`, { id: i.collection }), q(`mutation($id: ID!) { deleteAssetCollection(id: $id) { id } }`, { id: i.collection })],
  },
  createScheduleTemplate: { variants: () => [q(`mutation($i: ScheduleTemplateInput!) { createScheduleTemplate(input: $i, ${onA}) { id } }`, { i: TEMPLATE_INPUT })] },
  updateScheduleTemplate: {
    variants: (i) => [
      q(`mutation($id: ID!, $i: ScheduleTemplateInput!) { updateScheduleTemplate(id: $id, input: $i, version: 1, ${onA}) { id } }`, { id: i.template, i: TEMPLATE_INPUT }),
      q(`mutation($id: ID!, $i: ScheduleTemplateInput!) { updateScheduleTemplate(id: $id, input: $i, version: 1) { id } }`, { id: i.template, i: TEMPLATE_INPUT }),
    ],
  },
  deleteScheduleTemplate: {
    variants: (i) => [q(`mutation($id: ID!) { deleteScheduleTemplate(id: $id, ${onA}) { id } }`, { id: i.template }), q(`mutation($id: ID!) { deleteScheduleTemplate(id: $id) { id } }`, { id: i.template })],
  },
  generateSchedule: {
    variants: (i) => [
      q(`mutation($i: GenerateScheduleInput!) { generateSchedule(input: $i) { id } }`, { i: { templateId: i.template, scheduleId: i.schedule, from: "2026-03-02", days: 1, organization: A } }),
      q(`mutation($i: GenerateScheduleInput!) { generateSchedule(input: $i) { id } }`, { i: { templateId: i.template, scheduleId: i.schedule, from: "2026-03-02", days: 1 } }),
    ],
  },
  exportAsRunReconciliation: {
    variants: (i) => [q(`mutation($s: ID!) { exportAsRunReconciliation(scheduleId: $s, fileName: "x.csv", ${onA}) { id } }`, { s: i.schedule })],
  },
  importAsRun: { variants: (i) => [q(`mutation($s: ID!, $file: Upload!) { importAsRun(scheduleId: $s, file: $file, ${onA}) { id } }`, { s: i.schedule }, { upload: true })] },
  ingestAsRun: { variants: (i) => [q(`mutation($s: ID!, $e: [AsRunEntryInput!]!) { ingestAsRun(scheduleId: $s, entries: $e, ${onA}) { inserted } }`, { s: i.schedule, e: [AIRED] })] },
  revertSchedule: { variants: (i) => [q(`mutation($s: ID!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: 1, version: $v, ${onA}) { id } }`, { s: i.schedule, v: i.version })] },
  applyChangeSet: { variants: (i) => [q(`mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v, ${onA}) { id } }`, { id: i.changeSet, v: i.version })] },
  archiveSchedule: { variants: (i) => [q(`mutation($id: ID!) { archiveSchedule(id: $id, ${onA}) { id } }`, { id: i.schedule })] },
  bulkEditEvents: {
    variants: (i) => [q(`mutation($s: ID!, $v: Int!, $e: ID!) { bulkEditEvents(scheduleId: $s, version: $v, input: { deleted: [$e] }, ${onA}) { content { id } } }`, { s: i.schedule, v: i.version, e: i.event })],
  },
  cancelJob: { variants: (i) => [q(`mutation($id: ID!) { cancelJob(id: $id) { id } }`, { id: i.job })] },
  copySchedule: { variants: (i) => [q(`mutation($id: ID!) { copySchedule(id: $id, ${onA}) { id } }`, { id: i.schedule }), q(`mutation($id: ID!) { copySchedule(id: $id) { id } }`, { id: i.schedule })] },
  createChangeSet: { variants: (i) => [q(`mutation($s: ID!) { createChangeSet(scheduleId: $s, ${onA}) { id } }`, { s: i.schedule })] },
  createEvent: { variants: (i) => [q(`mutation($s: ID!, $e: EventInput!) { createEvent(scheduleId: $s, input: $e, ${onA}) { id } }`, { s: i.schedule, e: EVENT })] },
  createSchedule: { variants: () => [q(`mutation { createSchedule(input: { name: "Intruder" }, ${onA}) { id } }`)] },
  deleteEvents: { variants: (i) => [q(`mutation($s: ID!, $e: ID!) { deleteEvents(scheduleId: $s, ids: [$e], ${onA}) { id } }`, { s: i.schedule, e: i.event })] },
  deleteSchedule: { variants: (i) => [q(`mutation($id: ID!) { deleteSchedule(id: $id, ${onA}) { id } }`, { id: i.schedule })] },
  deleteSchedules: { variants: (i) => [q(`mutation($id: ID!) { deleteSchedules(ids: [$id], ${onA}) { id } }`, { id: i.schedule })] },
  discardChangeSet: { variants: (i) => [q(`mutation($id: ID!) { discardChangeSet(id: $id, ${onA}) { id } }`, { id: i.changeSet })] },
  exportSchedule: { variants: (i) => [q(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "x.json", format: JSON, ${onA}) { id } }`, { id: i.schedule })] },
  generateAllBillingUsage: {
    // For B: a run over B's own organizations, which writes nothing of A's (the snapshot says so).
    variants: () => [q(`mutation { generateAllBillingUsage(${W}) { organizations records } }`, undefined, { scopedList: true })],
  },
  generateBillingUsage: { variants: () => [q(`mutation { generateBillingUsage(${onA}, ${W}) { records } }`)] },
  importSchedule: { variants: () => [q(`mutation($file: Upload!) { importSchedule(file: $file, ${onA}) { id } }`, undefined, { upload: true })] },
  importScheduleAsync: { variants: () => [q(`mutation($file: Upload!) { importScheduleAsync(file: $file, ${onA}) { id } }`, undefined, { upload: true })] },
  ingestTelemetry: {
    variants: () => [
      q(INGEST, { batch: { organizations: [{ organizationId: A, name: "Taken over" }] } }),
      q(INGEST, { batch: { playouts: [{ playoutId: `${A}-p`, organization: B, playoutName: "Taken over" }] } }),
      q(INGEST, { batch: { channels: [{ channelId: `${A}-c`, organization: B, channelName: "Taken over" }] } }),
      q(INGEST, { batch: { playoutSamples: [{ playoutId: `${A}-p`, time: "2026-03-02T05:00:00Z", playback: 0 }] } }, { allow: LIKE_MISSING }),
      q(INGEST, { batch: { billingUsage: [{ organization: A, timeStamp: "2026-03-02T00:00:00Z", playoutUptime: 1 }] } }),
      q(INGEST, { batch: { cacheDownloads: [{ organization: A, time: "2026-03-02T05:00:00Z", ip: "1.1.1.1" }], storageSnapshots: [{ organization: A, time: "2026-03-02T05:00:00Z", count: 0, size: 0 }] } }),
      q(INGEST, { batch: { providers: [{ providerId: `iso-provider`, providerName: "Renamed" }] } }),
      q(INGEST, { batch: { streamStats: [{ region: "iso-region", time: "2030-01-01T00:00:00Z", streamCount: 0 }] } }),
      q(INGEST, { batch: { executions: [{ executionId: `${A}-exec`, organization: A, success: false }] } }),
    ],
  },
  markEpgEvents: { variants: (i) => [q(`mutation($s: ID!, $e: ID!) { markEpgEvents(scheduleId: $s, criteria: { ids: [$e] }, ${onA}) { messages { message } } }`, { s: i.schedule, e: i.event })] },
  markScteEvents: { variants: (i) => [q(`mutation($s: ID!, $e: ID!) { markScteEvents(scheduleId: $s, criteria: { ids: [$e] }, ${onA}) { messages { message } } }`, { s: i.schedule, e: i.event })] },
  replaceAsset: {
    variants: (i) => [
      q(`mutation($s: ID!, $v: Int!) { replaceAsset(scheduleId: $s, version: $v, assetId: "${A}-asset", replacement: { assetId: "${A}-other" }, ${onA}) { __typename } }`, { s: i.schedule, v: i.version }),
    ],
  },
  reportExecution: { variants: () => [q(`mutation { reportExecution(input: { executionId: "${A}-exec", organization: "${A}", success: false }) { code } }`)] },
  restoreSchedules: { variants: (i) => [q(`mutation($id: ID!) { restoreSchedules(ids: [$id], ${onA}) { id } }`, { id: i.schedule })] },
  rippleSchedule: {
    variants: (i) => [q(`mutation($s: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e, ${onA}) { id } }`, { s: i.schedule, v: i.version, e: i.event })],
  },
  shiftSchedule: { variants: (i) => [q(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 60000, ${onA}) { id } }`, { id: i.schedule })] },
  syncEventTitles: { variants: (i) => [q(`mutation($s: ID!, $e: ID!) { syncEventTitles(scheduleId: $s, eventIds: [$e], ${onA}) { id } }`, { s: i.schedule, e: i.event })] },
  transposeSchedule: { variants: (i) => [q(`mutation($id: ID!) { transposeSchedule(id: $id, startTime: "2027-01-01T00:00:00Z", ${onA}) { id } }`, { id: i.schedule })] },
  updateEvents: {
    variants: (i) => [q(`mutation($s: ID!, $v: Int!, $e: EventInput!) { updateEvents(scheduleId: $s, version: $v, events: [$e], ${onA}) { id } }`, { s: i.schedule, v: i.version, e: { ...EVENT, id: i.event } })],
  },
  updateEventsByCriteria: {
    variants: (i) => [
      q(`mutation($s: ID!, $e: ID!) { updateEventsByCriteria(scheduleId: $s, ids: [$e], replacementType: PLACEHOLDER, ${onA}) { messages { message } } }`, { s: i.schedule, e: i.event }),
    ],
  },
  updateSchedule: { variants: (i) => [q(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "Taken over" }, ${onA}) { id } }`, { id: i.schedule })] },
  upsertAssets: { variants: () => [q(`mutation { upsertAssets(assets: [{ assetId: "${A}-asset", name: "Taken over" }], ${onA}) { assetId } }`)] },
};

let ids: Ids;

/** Organization A with one of everything: assets, a schedule with events, a change set, a job, telemetry, billing. */
async function seedA(): Promise<Ids> {
  const editor = t.client(await t.token(A, "editor"));
  const admin = t.client(await t.token(A, "admin"));
  const platform = t.client(await t.token("*", "admin", "platform"));
  await editor.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, {
    a: [{ assetId: `${A}-asset`, mediaId: `${A}-media`, name: "A's asset", metadata: { durationInMilliseconds: 60_000 } }],
  });
  const { createSchedule: s } = await editor.data(`mutation($i: ScheduleInput!) { createSchedule(input: $i) { id } }`, {
    i: { name: "A's day", graphicsProject: `${A}-gp`, startDate: "2026-03-01T06:00:00Z" },
  });
  const event = async (onAirTime: string, title: string) =>
    (await editor.data(`mutation($s: ID!, $e: EventInput!) { createEvent(scheduleId: $s, input: $e) { id } }`, {
      s: s.id,
      e: { onAirTime, duration: 60_000, title, mediaId: `${A}-media`, assetData: { assetId: `${A}-asset` } },
    })).createEvent.id as string;
  const first = await event("2026-03-01T06:00:00Z", "First");
  await event("2026-03-01T06:02:00Z", "Second");
  const { createChangeSet } = await editor.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: s.id });
  const { exportSchedule } = await editor.data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "a.json", format: JSON) { id } }`, { id: s.id });
  await platform.data(INGEST, {
    batch: {
      providers: [{ providerId: "iso-provider", providerName: "Iso provider" }],
      streamStats: [{ region: "iso-region", time: "2026-03-02T00:00:00Z", streamCount: 3 }],
    },
  });
  await admin.data(INGEST, {
    batch: {
      organizations: [{ organizationId: A, name: "Org A", totalAccounts: 2 }],
      channels: [{ channelId: `${A}-c`, organization: A, channelName: "A channel", providerId: "iso-provider" }],
      playouts: [{ playoutId: `${A}-p`, organization: A, playoutName: "A playout", channelId: `${A}-c`, providerId: "iso-provider", ip: "10.9.9.9" }],
      playoutSamples: [{ playoutId: `${A}-p`, time: "2026-03-02T01:00:00Z", playback: 1, cpu: 10 }],
      cacheDownloads: [{ organization: A, time: "2026-03-02T01:00:00Z", ip: "10.9.9.9", playoutName: "A playout", count: 1, size: 10 }],
      storageSnapshots: [{ organization: A, time: "2026-03-02T01:00:00Z", count: 1, size: 10 }],
      executions: [{ executionId: `${A}-exec`, executionTime: "2026-03-02T02:00:00Z" }],
    },
  });
  await admin.data(`mutation { generateBillingUsage(${onA}, ${W}) { records } }`);
  const { createAssetCollection: collection } = await editor.data(`mutation { createAssetCollection(input: { name: "A's films", kind: PROGRAMMES, mediaIds: ["${A}-media"] }) { id } }`);
  const { createScheduleTemplate: template } = await editor.data(`mutation($c: ID!) { createScheduleTemplate(input: { name: "A's week", timeZone: "UTC", broadcastDayStart: "06:00",
    slots: [{ days: [MON], start: "06:00", anchor: HARD, source: COLLECTION, eventType: PRIMARY, collectionId: $c }] }) { id } }`, { c: collection.id });
  const { schedule } = await editor.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: s.id });
  return { schedule: s.id, version: schedule.version, event: first, changeSet: createChangeSet.id, job: exportSchedule.id, collection: collection.id, template: template.id };
}

/**
 * Every row of A, table by table, read through the service's own database handle: rows with A's
 * organization, children of A's change sets and jobs, and whole tables that belong to no
 * organization (platform records and executions of the platform included).
 */
async function snapshotOfA(): Promise<Record<string, string[]>> {
  const db = t.service.database.db;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  const tables = new Map<string, Set<string>>();
  for (const c of columns) tables.set(c.table_name, (tables.get(c.table_name) ?? new Set()).add(c.column_name));
  const out: Record<string, string[]> = {};
  for (const [table, cols] of [...tables].sort(([x], [y]) => x.localeCompare(y))) {
    const where = cols.has("organization")
      ? sql`organization in (${A}, '*')`
      : cols.has("organization_id")
        ? sql`organization_id = ${A}`
        : cols.has("change_set_id")
          ? sql`change_set_id in (select id from change_sets where organization = ${A})`
          : cols.has("job_id")
            ? sql`job_id in (select id from jobs where organization = ${A})`
            : sql`true`;
    const rows = await queryRows<{ row: string }>(db, sql`select to_jsonb(x)::text as row from ${sql.identifier(table)} x where ${where}`);
    out[table] = rows.map((r) => r.row).sort();
  }
  return out;
}

async function run(token: string, variant: Variant): Promise<GraphQLResult> {
  if (variant.upload) return uploadRequest(t.url, token, variant.query, { name: "schedule.csv", content: CSV }, variant.variables);
  return t.client(token).request(variant.query, variant.variables);
}

/** Denied with an allowed code, or (a list scoped to the caller) data holding nothing of A. */
function verdict(result: GraphQLResult, variant: Variant): string | null {
  const allowed = variant.allow ?? DENIED;
  if (result.errors?.length) {
    const codes = result.errors.map((e) => e.extensions?.code);
    return codes.every((c) => allowed.includes(c)) ? null : `answered ${codes.join(", ")}: ${result.errors[0].message}`;
  }
  const data = JSON.stringify(result.data);
  const value = Object.values(result.data ?? {})[0];
  if (value === null) return null; // a lookup: not found
  if (!variant.scopedList) return `answered data ${data.slice(0, 200)}`;
  if (Array.isArray(value) && value.length === 0) return null;
  return data.includes(A) ? `answered A's records: ${data.slice(0, 200)}` : null;
}

describe("tenant isolation of every root field", () => {
  let before: Record<string, string[]>;
  beforeAll(async () => {
    ids = await seedA();
    before = await snapshotOfA();
  });

  it("has a case for every root query and mutation of the schema, and no other", async () => {
    const schema = await buildGraphQLSchema();
    expect(Object.keys(QUERIES).sort()).toEqual(Object.keys(schema.getQueryType()!.getFields()).sort());
    expect(Object.keys(MUTATIONS).sort()).toEqual(Object.keys(schema.getMutationType()!.getFields()).sort());
  });

  it("A's snapshot holds one of everything", () => {
    for (const table of ["assets", "schedules", "events", "change_sets", "change_set_events", "jobs", "organizations", "channels", "playouts", "playout_samples",
      "playout_hourly", "playout_daily", "cache_downloads", "storage_snapshots", "billing_usage", "executions", "providers", "stream_stats", "registry_names", "asset_collections", "schedule_templates"]) {
      expect(before[table]?.length ?? 0, table).toBeGreaterThan(0);
    }
  });

  it("a token of organization B gets nothing of A's, whatever it asks", async () => {
    const tokenB = await t.token(B, "admin", "intruder");
    const failures: string[] = [];
    for (const [field, c] of [...Object.entries(QUERIES), ...Object.entries(MUTATIONS)]) {
      for (const [n, variant] of c.variants(ids).entries()) {
        const problem = verdict(await run(tokenB, variant), variant);
        if (problem) failures.push(`${field} #${n}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a viewer of A gets FORBIDDEN on every write", async () => {
    const viewer = await t.token(A, "viewer", "reader");
    const failures: string[] = [];
    for (const [field, c] of Object.entries(MUTATIONS)) {
      for (const [n, variant] of c.variants(ids).entries()) {
        const result = await run(viewer, variant);
        const codes = result.errors?.map((e) => e.extensions?.code) ?? [];
        if (!codes.length || codes.some((code) => code !== "FORBIDDEN")) failures.push(`${field} #${n}: ${codes.join(", ") || "no error"} ${result.errors?.[0]?.message ?? ""}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("leaves every row of A as it was", async () => {
    expect(await snapshotOfA()).toEqual(before);
  });
});
