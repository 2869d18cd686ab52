// The raw floor: postgres.js, one prepared statement per nesting level, JSON assembled in Node,
// node:http. It answers Q1–Q5 in this service's response shape (so one normalizer reads both):
//   GET /q1?schedules=20&events=50   GET /q2?schedule=<id>&events=200   GET /q3?from=<iso>&to=<iso>
//   GET /q4?schedule=<id>&type=ADVERTISEMENT&page=30&size=20   GET /q5?job=<id>
//   POST /bulk-edit {scheduleId, ids, titles}: the write path's single statement (writes.ts)
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import postgres from "postgres";
import { announceReady, serveStats } from "./stats.js";
import { ORG } from "./seed.js";
import { usageStatement } from "./usage-sql.js";

let statements = 0;
const db = postgres(process.env.DATABASE_URL!, { max: 10, prepare: true, onnotice: () => {} });
const iso = (ms: string | number) => new Date(Number(ms)).toISOString();

async function q1(scheduleCount: number, eventCount: number) {
  statements += 3;
  const schedules = await db`select id, name from schedules where organization = ${ORG} order by id limit ${scheduleCount}`;
  const ids = schedules.map((s) => s.id as string);
  const events = await db`select e.schedule_id, e.id, e.title, e.on_air_time + s.time_origin as on_air_time, e.duration, e.asset_id
    from schedules s cross join lateral (select * from events where schedule_id = s.id order by on_air_time, id limit ${eventCount}) e
    where s.id = any(${ids}::int8[]) order by e.schedule_id, e.on_air_time, e.id`;
  const assetIds = [...new Set(events.map((e) => e.asset_id as string))];
  const assets = await db`select asset_id, title from assets where organization = ${ORG} and asset_id = any(${assetIds}::text[])`;
  const titleOf = new Map(assets.map((a) => [a.asset_id as string, a.title as string | null]));
  const bySchedule = new Map<string, object[]>(ids.map((id) => [id, []]));
  for (const e of events) {
    bySchedule.get(e.schedule_id)!.push({
      id: e.id, title: e.title, onAirTime: iso(e.on_air_time), duration: Number(e.duration),
      asset: titleOf.has(e.asset_id) ? { systemFields: { title: titleOf.get(e.asset_id) } } : null,
    });
  }
  return { schedules: { content: schedules.map((s) => ({ id: s.id, name: s.name, events: { content: bySchedule.get(s.id) } })) } };
}

async function q2(scheduleId: string, eventCount: number) {
  statements += 2;
  const [schedule] = await db`select id, name, time_origin from schedules where id = ${scheduleId} and organization = ${ORG}`;
  if (!schedule) return { schedule: null };
  const rows = await db`select id, schedule_id, on_air_time, duration, event_type, title, locked, media_id, status, version,
      data->>'houseId' as house_id, (data->>'som')::int8 as som
    from events where schedule_id = ${scheduleId} order by on_air_time, id limit ${eventCount}`;
  const origin = Number(schedule.time_origin);
  const content = rows.map((e) => ({
    id: e.id, scheduleId: e.schedule_id, onAirTime: iso(Number(e.on_air_time) + origin), duration: Number(e.duration), eventType: e.event_type,
    title: e.title, locked: e.locked, mediaId: e.media_id, status: e.status, version: e.version, houseId: e.house_id, som: e.som === null ? null : Number(e.som),
  }));
  return { schedule: { id: schedule.id, name: schedule.name, events: { content } } };
}

async function q4(scheduleId: string, eventType: string, page: number, size: number) {
  statements += 1;
  const rows = await db`select s.id as schedule_id, e.id, e.title, e.on_air_time + s.time_origin as on_air_time, e.duration, e.event_type,
      a.asset_id, a.name, a.media_id, a.asset_size, a.system_fields->>'title' as asset_title
    from schedules s left join lateral (select * from events where schedule_id = s.id and event_type = ${eventType}
      order by on_air_time, id limit ${size} offset ${page * size}) e on true
    left join assets a on a.organization = e.organization and a.asset_id = e.asset_id
    where s.id = ${scheduleId} and s.organization = ${ORG} order by e.on_air_time, e.id`;
  if (!rows.length) return { schedule: null };
  const content = rows.filter((e) => e.id !== null).map((e) => ({
    id: e.id, title: e.title, onAirTime: iso(e.on_air_time), duration: Number(e.duration), eventType: e.event_type,
    asset: e.asset_id === null ? null : { assetId: e.asset_id, name: e.name, mediaId: e.media_id, assetSize: e.asset_size === null ? null : Number(e.asset_size), systemFields: { title: e.asset_title } },
  }));
  return { schedule: { id: rows[0].schedule_id, events: { content } } };
}

async function q5(jobId: string) {
  statements += 1;
  const [job] = await db`select id, status, progress, date_finished, file_size from jobs where id = ${jobId} and organization = ${ORG}`;
  if (!job) return { job: null };
  const link = job.status === "SUCCEEDED" && job.file_size !== null ? `/files/${job.id}` : null;
  return { job: { id: job.id, status: job.status, progress: job.progress, dateFinished: job.date_finished && new Date(job.date_finished).toISOString(), resourceLink: link } };
}

async function q3(from: Date, to: Date) {
  statements += 1;
  const { text, params } = usageStatement(ORG, from, to);
  const rows = await db.unsafe(text, params as string[], { prepare: true });
  return {
    playoutUsage: rows.map((r) => ({
      playoutId: r.playout_id, organization: r.organization, playoutName: r.playout_name, ip: r.ip, port: r.port, instanceType: r.instance_type,
      templateType: r.template_type, timeStamp: new Date(r.time_stamp).toISOString(), uptime: Number(r.uptime), downtime: Number(r.downtime),
    })),
  };
}

/** The write path's peer of a bulk edit (writes.ts): the same change to every event named, as one statement; the history triggers fire. */
async function bulkEdit(body: { scheduleId: string; ids: string[]; titles: string[] }) {
  statements += 1;
  const result = await db`update events set title = v.title, version = events.version + 1
    from unnest(${body.ids}::int8[], ${body.titles}::text[]) as v(id, title)
    where events.id = v.id and events.schedule_id = ${body.scheduleId} and events.organization = ${ORG}`;
  return { bulkEdit: { updated: result.count } };
}

async function bodyOf(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://floor");
  const p = url.searchParams;
  const answer =
    url.pathname === "/q1" ? q1(Number(p.get("schedules") ?? 20), Number(p.get("events") ?? 50))
    : url.pathname === "/q2" ? q2(p.get("schedule")!, Number(p.get("events") ?? 200))
    : url.pathname === "/q3" ? q3(new Date(p.get("from")!), new Date(p.get("to")!))
    : url.pathname === "/q4" ? q4(p.get("schedule")!, p.get("type") ?? "ADVERTISEMENT", Number(p.get("page") ?? 30), Number(p.get("size") ?? 20))
    : url.pathname === "/q5" ? q5(p.get("job")!)
    : url.pathname === "/bulk-edit" && req.method === "POST" ? bodyOf(req).then(bulkEdit)
    : Promise.reject(new Error(`unknown path ${url.pathname}`));
  answer.then((data) => send(res, 200, { data }), (error: Error) => send(res, 500, { errors: [{ message: error.message }] }));
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  serveStats(() => statements);
  announceReady(typeof address === "object" && address ? address.port : 0);
});
