// Shared steps of the as-run tests: a schedule with events, made through GraphQL.
import type { GraphQLClient, TestService } from "../helpers/service.js";
import { uniqueOrg } from "../helpers/service.js";

export const T0 = Date.parse("2026-03-01T06:00:00.000Z");
export const iso = (ms: number) => new Date(ms).toISOString();
export const MIN = 60_000;

export const INGEST = `mutation($s: ID!, $entries: [AsRunEntryInput!]!, $org: String) {
  ingestAsRun(scheduleId: $s, entries: $entries, organization: $org) { inserted duplicates unmatched } }`;

export const RECONCILE = `query($s: ID!, $from: DateTime, $to: DateTime, $tol: Int, $page: Int, $size: Int, $states: [ReconciliationState!]) {
  asRunReconciliation(scheduleId: $s, from: $from, to: $to, toleranceMs: $tol, page: $page, size: $size, states: $states) {
    number size totalElements totalPages first last toleranceMs
    content { state eventId eventType title mediaId plannedStart plannedDurationMs entryId asRunStatus actualStart actualDurationMs startDeviationMs durationDeviationMs deviceId reason }
    summary { counts { state count } plannedEvents airedEntries byEventType { eventType plannedMs airedMs } plannedMs airedMs unplannedMs
      adBreakMinutesPlanned adBreakMinutesAired scte35CuesPlanned scte35CuesAired worstDeviations { eventId startDeviationMs durationDeviationMs } } } }`;

export interface Org {
  org: string;
  editor: GraphQLClient;
  admin: GraphQLClient;
  playout: GraphQLClient;
  viewer: GraphQLClient;
}

export async function org(t: TestService): Promise<Org> {
  const org = uniqueOrg();
  const [editor, admin, playout, viewer] = await Promise.all((["editor", "admin", "playout", "viewer"] as const).map((r) => t.token(org, r)));
  return { org, editor: t.client(editor), admin: t.client(admin), playout: t.client(playout), viewer: t.client(viewer) };
}

export interface PlanSpec {
  at: number;
  duration: number;
  title?: string;
  eventType?: string;
  mediaId?: string;
  scte35Signals?: object[];
}

/** A SCTE-35 cue as the planned events carry it. */
export const CUE = { command: "ON", origin: "FROM_START", offset: 0, scteEventType: "SPLICE", segmentationTypeId: 0x34 };

/** The day the reconciliation tests plan: A, an ad break AD with two cues, B (media MB), C, D, E. */
export const DAY: PlanSpec[] = [
    { at: T0, duration: 10 * MIN, title: "A" },
    { at: T0 + 10 * MIN, duration: 2 * MIN, title: "AD", eventType: "ADVERTISEMENT", scte35Signals: [CUE, { ...CUE, segmentationTypeId: 0x35 }] },
    { at: T0 + 12 * MIN, duration: 10 * MIN, title: "B", mediaId: "MB" },
    { at: T0 + 22 * MIN, duration: 10 * MIN, title: "C" },
    { at: T0 + 32 * MIN, duration: 10 * MIN, title: "D" },
    { at: T0 + 42 * MIN, duration: 10 * MIN, title: "E" },
 ];

/** A schedule with the events (one bulk edit); answers its id and the event ids in air order. */
export async function plan(gql: GraphQLClient, specs: PlanSpec[], settings: { fps?: number } = {}): Promise<{ id: string; events: string[] }> {
  const { createSchedule } = await gql.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id version } }`, { input: { name: "Day", ...settings } });
  await gql.data(`mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { id } } }`, {
    s: createSchedule.id,
    v: createSchedule.version,
    input: { created: specs.map(({ at, ...rest }) => ({ onAirTime: iso(at), title: "Event", ...rest })) },
  });
  const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events(size: 1000) { content { id } } } }`, { id: createSchedule.id });
  return { id: createSchedule.id, events: schedule.events.content.map((e: { id: string }) => e.id) };
}

export const entry = (entryId: string, at: number, durationMs: number, extra: Record<string, unknown> = {}) => ({
  entryId,
  actualStart: iso(at),
  actualDurationMs: durationMs,
  status: "AIRED",
  deviceId: "playout-1",
  ...extra,
});
