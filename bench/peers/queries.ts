// Q1–Q5 as each peer is asked them, and a normalizer per query that turns every answer into one
// shape (ids as strings, times as ms since the epoch, numbers as numbers), so that equality is checked.
import { ORG, TELEMETRY_END } from "./seed.js";

export type Peer = "jit" | "graphql" | "postgraphile" | "floor" | "rows";
export type QueryName = "Q1" | "Q2" | "Q3" | "Q4" | "Q5";
export const ALL_QUERIES: QueryName[] = ["Q1", "Q2", "Q3", "Q4", "Q5"];

export interface Request {
  method: "GET" | "POST";
  path: string;
  body?: string;
}

const DAY = 86_400_000;
export const USAGE_WINDOW = { from: new Date(TELEMETRY_END - 30 * DAY), to: new Date(TELEMETRY_END) };
export const Q1_SCHEDULES = 20;
export const Q1_EVENTS = 50;
export const Q2_EVENTS = 200;
/** Q4: a later page (0-based page 30 of 20) of one schedule's events of one type, with five asset fields. */
export const Q4_PAGE = 30;
export const Q4_SIZE = 20;
export const Q4_TYPE = "ADVERTISEMENT";

const post = (query: string, variables: Record<string, unknown> = {}): Request => ({ method: "POST", path: "/graphql", body: JSON.stringify({ query, variables }) });

/** This service's Q1–Q5 (also used by test/bench/peers-statements.test.ts). */
export const SERVICE_QUERIES = {
  Q1: `query Q1($s: Int, $e: Int) { schedules(size: $s) { content { id name events(size: $e) { content { id title onAirTime duration asset { systemFields { title } } } } } } }`,
  Q2: `query Q2($id: ID!, $e: Int) { schedule(id: $id) { id name events(size: $e) { content { id scheduleId onAirTime duration eventType title locked mediaId status version houseId som } } } }`,
  Q3: `query Q3($org: String!, $w: TimeWindowInput!) { playoutUsage(organization: $org, window: $w) { playoutId organization playoutName ip port instanceType templateType timeStamp uptime downtime } }`,
  Q4: `query Q4($id: ID!, $t: EventType, $p: Int, $e: Int) { schedule(id: $id) { id events(eventType: $t, page: $p, size: $e) { content { id title onAirTime duration eventType
    asset { assetId name mediaId assetSize systemFields { title } } } } } }`,
  Q5: `query Q5($id: ID!) { job(id: $id) { id status progress dateFinished resourceLink } }`,
};

const POSTGRAPHILE = {
  Q1: `query Q1($s: Int, $e: Int, $org: String) { allSchedules(first: $s, orderBy: ROW_ID_ASC, condition: { organization: $org }) { nodes { rowId name
    eventsByScheduleId(first: $e, orderBy: [ON_AIR_TIME_ASC, ROW_ID_ASC]) { nodes { rowId title onAirTime duration asset { title } } } } } }`,
  Q2: `query Q2($id: BigInt!, $e: Int) { scheduleByRowId(rowId: $id) { rowId name
    eventsByScheduleId(first: $e, orderBy: [ON_AIR_TIME_ASC, ROW_ID_ASC]) { nodes { rowId scheduleId onAirTime duration eventType title locked mediaId status version data } } } }`,
  Q3: `query Q3($org: String!, $from: Datetime!, $to: Datetime!) { peersPlayoutUsage(organization: $org, fromTime: $from, toTime: $to) {
    nodes { playoutId organization playoutName ip port instanceType templateType timeStamp uptime downtime } } }`,
  Q4: `query Q4($id: BigInt!, $t: String, $o: Int, $e: Int) { scheduleByRowId(rowId: $id) { rowId
    eventsByScheduleId(first: $e, offset: $o, orderBy: [ON_AIR_TIME_ASC, ROW_ID_ASC], condition: { eventType: $t }) { nodes { rowId title onAirTime duration eventType
      asset { assetId name mediaId assetSize systemFields } } } } }`,
  // The service's resourceLink is the file's URL once SUCCEEDED with a file: PostGraphile reads the columns it comes from.
  Q5: `query Q5($id: BigInt!) { jobByRowId(rowId: $id) { rowId status progress dateFinished fileSize } }`,
};

/** The request of `query` for `peer`; Q2 and Q4 read the schedule `scheduleId`, Q5 polls the job `jobId`. */
export function requestOf(peer: Peer, query: QueryName, scheduleId: string, jobId = ""): Request {
  const from = USAGE_WINDOW.from.toISOString();
  const to = USAGE_WINDOW.to.toISOString();
  if (peer === "floor") {
    if (query === "Q1") return { method: "GET", path: `/q1?schedules=${Q1_SCHEDULES}&events=${Q1_EVENTS}` };
    if (query === "Q2") return { method: "GET", path: `/q2?schedule=${scheduleId}&events=${Q2_EVENTS}` };
    if (query === "Q4") return { method: "GET", path: `/q4?schedule=${scheduleId}&type=${Q4_TYPE}&page=${Q4_PAGE}&size=${Q4_SIZE}` };
    if (query === "Q5") return { method: "GET", path: `/q5?job=${jobId}` };
    return { method: "GET", path: `/q3?from=${from}&to=${to}` };
  }
  if (peer === "postgraphile") {
    if (query === "Q1") return post(POSTGRAPHILE.Q1, { s: Q1_SCHEDULES, e: Q1_EVENTS, org: ORG });
    if (query === "Q2") return post(POSTGRAPHILE.Q2, { id: scheduleId, e: Q2_EVENTS });
    if (query === "Q4") return post(POSTGRAPHILE.Q4, { id: scheduleId, t: Q4_TYPE, o: Q4_PAGE * Q4_SIZE, e: Q4_SIZE });
    if (query === "Q5") return post(POSTGRAPHILE.Q5, { id: jobId });
    return post(POSTGRAPHILE.Q3, { org: ORG, from, to });
  }
  if (query === "Q1") return post(SERVICE_QUERIES.Q1, { s: Q1_SCHEDULES, e: Q1_EVENTS });
  if (query === "Q2") return post(SERVICE_QUERIES.Q2, { id: scheduleId, e: Q2_EVENTS });
  if (query === "Q4") return post(SERVICE_QUERIES.Q4, { id: scheduleId, t: Q4_TYPE, p: Q4_PAGE, e: Q4_SIZE });
  if (query === "Q5") return post(SERVICE_QUERIES.Q5, { id: jobId });
  return post(SERVICE_QUERIES.Q3, { org: ORG, w: { from, to, period: 1, periodType: "DAYS" } });
}

const ms = (t: string | number) => (typeof t === "number" ? t : /^\d+$/.test(t) ? Number(t) : Date.parse(t));
const num = (n: unknown) => (n === null || n === undefined ? null : Number(n));
const str = (s: unknown) => (s === null || s === undefined ? null : String(s));

/** One shape for every peer's answer (`data` of the response). */
export function normalize(peer: Peer, query: QueryName, data: any): unknown {
  const pgl = peer === "postgraphile";
  if (query === "Q1") {
    const schedules = pgl ? data.allSchedules.nodes : data.schedules.content;
    return schedules.map((s: any) => ({
      id: str(pgl ? s.rowId : s.id),
      name: s.name,
      events: (pgl ? s.eventsByScheduleId.nodes : s.events.content).map((e: any) => ({
        id: str(pgl ? e.rowId : e.id), title: e.title, onAirTime: ms(e.onAirTime), duration: num(e.duration),
        assetTitle: pgl ? (e.asset?.title ?? null) : (e.asset?.systemFields?.title ?? null),
      })),
    }));
  }
  if (query === "Q2") {
    const s = pgl ? data.scheduleByRowId : data.schedule;
    const events = pgl ? s.eventsByScheduleId.nodes : s.events.content;
    return {
      id: str(pgl ? s.rowId : s.id),
      name: s.name,
      events: events.map((e: any) => ({
        id: str(pgl ? e.rowId : e.id), scheduleId: str(e.scheduleId), onAirTime: ms(e.onAirTime), duration: num(e.duration), eventType: e.eventType,
        title: e.title, locked: e.locked, mediaId: e.mediaId, status: e.status, version: num(e.version),
        houseId: pgl ? (e.data?.houseId ?? null) : e.houseId, som: num(pgl ? e.data?.som : e.som),
      })),
    };
  }
  if (query === "Q4") {
    const s = pgl ? data.scheduleByRowId : data.schedule;
    return {
      id: str(pgl ? s.rowId : s.id),
      events: (pgl ? s.eventsByScheduleId.nodes : s.events.content).map((e: any) => ({
        id: str(pgl ? e.rowId : e.id), title: e.title, onAirTime: ms(e.onAirTime), duration: num(e.duration), eventType: e.eventType,
        asset: e.asset && { assetId: e.asset.assetId, name: e.asset.name, mediaId: e.asset.mediaId, assetSize: num(e.asset.assetSize), title: e.asset.systemFields?.title ?? null },
      })),
    };
  }
  if (query === "Q5") {
    const j = pgl ? data.jobByRowId : data.job;
    const id = str(pgl ? j.rowId : j.id);
    // The service answers an absolute URL (under the request's base URL); its path is what is compared.
    const link = pgl ? (j.status === "SUCCEEDED" && j.fileSize !== null ? `/files/${id}` : null) : j.resourceLink && new URL(j.resourceLink, "http://x").pathname;
    return { id, status: j.status, progress: num(j.progress), dateFinished: j.dateFinished === null ? null : ms(j.dateFinished), resourceLink: link };
  }
  const rows = pgl ? data.peersPlayoutUsage.nodes : data.playoutUsage;
  return rows.map((r: any) => ({
    playoutId: r.playoutId, organization: r.organization, playoutName: r.playoutName, ip: r.ip, port: r.port, instanceType: r.instanceType,
    templateType: r.templateType, timeStamp: ms(r.timeStamp), uptime: num(r.uptime), downtime: num(r.downtime),
  }));
}

/** Objects in a normalized answer (schedules + events for Q1), for "per 1,000 objects" figures. */
export function objectCount(query: QueryName, normalized: any): number {
  if (query === "Q1") return normalized.reduce((n: number, s: any) => n + 1 + s.events.length, 0);
  if (query === "Q2" || query === "Q4") return 1 + normalized.events.length;
  if (query === "Q5") return 1;
  return normalized.length;
}
