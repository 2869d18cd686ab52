// `npm run bench:peers -- --writes`: the write path against a peer, history on for every writer
// (the database's triggers write it whoever updates `events`).
//   single: one event's title through this service's updateEvents (with the schedule's version, the
//     check that refuses a stale edit) against PostGraphile's generated updateEventByRowId.
//   bulk:   1,000 events' titles through bulkEditEvents against one SQL statement (the floor's POST /bulk-edit).
// Each connection edits a schedule of its own (the version check is per schedule); every request
// carries the version its connection last had answered. The rows are restored before every run.
// Last line: `writes: single update <x> (CPU <y>) × PostGraphile, bulk edit <x> (CPU <y>) × one statement`.
import postgres from "postgres";
import { signToken } from "../../src/server/identity/tokens.js";
import { prepareDatabase } from "./database.js";
import { ensurePeersInstalled, f2, firstDifference, graphql, machineLine, median, out, SECRET, warmUpSeconds } from "./harness.js";
import { measure, settle, type Measured } from "./load.js";
import { printProfile } from "./profile.js";
import { startProcess, type ServerProcess } from "./processes.js";
import { USAGE_WINDOW } from "./queries.js";
import { datasetSize, ORG } from "./seed.js";
import { restorerOf, type Restorer } from "./write-restore.js";

const CONNECTIONS = [2, 10];
const BULK_EVENTS = 1000;
type Mutation = "single" | "bulk";
type Peer = "this" | "PostGraphile" | "floor";
const PEERS_OF: Record<Mutation, Peer[]> = { single: ["this", "PostGraphile"], bulk: ["this", "floor"] };
const LABEL: Record<Mutation, string> = { single: "single-event update", bulk: `bulk edit of ${BULK_EVENTS} events` };

const OUR_UPDATE = `mutation U($s: ID!, $v: Int!, $e: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $e) { version } }`;
const OUR_BULK = `mutation B($s: ID!, $v: Int!, $u: [EventInput!]!) { bulkEditEvents(scheduleId: $s, version: $v, input: { updated: $u }) { content { version } } }`;
const THEIR_UPDATE = `mutation U($id: BigInt!, $patch: EventPatch!) { updateEventByRowId(input: { rowId: $id, eventPatch: $patch }) { event { rowId version } } }`;

interface Target {
  scheduleId: string;
  /** The first events of the schedule by id: the bulk edit's, and those single updates go through in turn. */
  eventIds: string[];
}

/** One connection's edits: its schedule, the versions answered so far, how many it has made. */
interface Editor {
  target: Target;
  scheduleVersion: number;
  eventVersions: Map<string, number>;
  made: number;
}

/** The body of an editor's next mutation; every one changes the title it touches (a new number each time). */
function bodyOf(mutation: Mutation, peer: Peer, editor: Editor): string {
  const { target, made } = editor;
  if (mutation === "single") {
    const id = target.eventIds[made % target.eventIds.length];
    const title = `Edited ${made + 1}`;
    if (peer === "this") return JSON.stringify({ query: OUR_UPDATE, variables: { s: target.scheduleId, v: editor.scheduleVersion, e: [{ id, title }] } });
    // The same change as the service's: the title, and the event's version one up.
    return JSON.stringify({ query: THEIR_UPDATE, variables: { id, patch: { title, version: editor.eventVersions.get(id)! + 1 } } });
  }
  const title = `Bulk ${made + 1}`;
  if (peer === "this") return JSON.stringify({ query: OUR_BULK, variables: { s: target.scheduleId, v: editor.scheduleVersion, u: target.eventIds.map((id) => ({ id, title })) } });
  return JSON.stringify({ scheduleId: target.scheduleId, ids: target.eventIds, titles: target.eventIds.map(() => title) });
}

/** After an answered mutation: the versions it wrote. */
function advance(mutation: Mutation, editor: Editor): void {
  if (mutation === "single") {
    const id = editor.target.eventIds[editor.made % editor.target.eventIds.length];
    editor.eventVersions.set(id, editor.eventVersions.get(id)! + 1);
  } else for (const id of editor.target.eventIds) editor.eventVersions.set(id, editor.eventVersions.get(id)! + 1);
  editor.scheduleVersion++;
  editor.made++;
}

interface Context {
  admin: postgres.Sql;
  database: string;
  servers: Record<Peer, ServerProcess>;
  token: string;
  targets: Target[];
  restorer: Restorer;
  seconds: number;
}

async function editorsOf(context: Context): Promise<Editor[]> {
  const ids = context.targets.map((t) => t.scheduleId);
  const schedules = new Map((await context.admin`select id::text, version from schedules where id = any(${ids}::int8[])`).map((r) => [r.id as string, r.version as number]));
  const events = new Map((await context.admin`select id::text, version from events where schedule_id = any(${ids}::int8[])`).map((r) => [r.id as string, r.version as number]));
  return context.targets.map((target) => ({ target, scheduleVersion: schedules.get(target.scheduleId)!, eventVersions: new Map(target.eventIds.map((id) => [id, events.get(id)!])), made: 0 }));
}

/** Versions written since the restore: what tells that every answered mutation was applied (none refused as stale). */
async function versionsWritten(context: Context): Promise<number> {
  const ids = context.targets.map((t) => t.scheduleId);
  const [{ n }] = await context.admin`select coalesce(sum(e.version - b.version), 0)::int8 as n from events e join peers.write_events_before b on b.id = e.id where e.schedule_id = any(${ids}::int8[])`;
  return Number(n);
}

type Run = Measured & { statements: number };

async function run(context: Context, mutation: Mutation, peer: Peer, connections: number): Promise<Run> {
  await settle(context.admin, context.database);
  await context.restorer.restore();
  const editors = await editorsOf(context);
  let next = 0;
  // One editor per connection; each answer moves its editor on and sets the connection's next body.
  const setupClient = (client: any) => {
    const editor = editors[next++ % editors.length];
    client.setBody(bodyOf(mutation, peer, editor));
    client.on("response", (status: number) => {
      if (status === 200) advance(mutation, editor);
      client.setBody(bodyOf(mutation, peer, editor));
    });
  };
  const path = peer === "floor" ? "/bulk-edit" : "/graphql";
  const server = context.servers[peer];
  const statementsBefore = await server.statements();
  const m = await measure(server, { method: "POST", path, body: "{}" }, connections, context.seconds, context.admin, context.database, peer === "this" ? context.token : undefined, setupClient);
  // Answered mutations each wrote 1 (single) or BULK_EVENTS (bulk) event versions; those in flight at the end may add up to one per connection.
  const perMutation = mutation === "single" ? 1 : context.targets[0].eventIds.length;
  const answered = editors.reduce((sum, e) => sum + e.made, 0);
  await settle(context.admin, context.database);
  const written = (await versionsWritten(context)) / perMutation;
  if (written < answered || written > answered + connections) throw new Error(`${LABEL[mutation]}, ${peer}: ${answered} mutations answered but ${written} written (refused as stale or failed?)`);
  // Counted at the driver like the reads' (those in flight at the end make it a little high).
  return { ...m, statements: ((await server.statements()) - statementsBefore) / Math.max(1, written) };
}

/** The state a mutation leaves: the events' titles and versions and the history rows of their changes. */
async function stateAfter(context: Context, mutation: Mutation, peer: Peer) {
  await context.restorer.restore();
  const [editor] = await editorsOf(context);
  const response = await fetch(`http://127.0.0.1:${context.servers[peer].port}${peer === "floor" ? "/bulk-edit" : "/graphql"}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(peer === "this" ? { authorization: `Bearer ${context.token}` } : {}) },
    body: bodyOf(mutation, peer, editor),
  });
  const text = await response.text();
  if (!response.ok || text.includes('"errors"')) throw new Error(`${LABEL[mutation]}, ${peer}: ${text.slice(0, 500)}`);
  const events = await context.admin`select id::text, title, version from events where schedule_id = ${editor.target.scheduleId} order by events.id`;
  // Per event: a statement's history row lists its events in the order it wrote them, which differs between writers.
  const history = await context.admin`select c.kind, u.* from schedule_history_changes c
    cross join lateral unnest(c.event_ids, c.title_old, c.title_new, c.version_old, c.version_new) as u(event_id, title_old, title_new, version_old, version_new)
    where c.history_id > (select history_id from peers.write_history_mark) order by u.event_id, c.seq`;
  return { events, history };
}

export async function runWrites(): Promise<void> {
  const rounds = Math.max(3, Number(process.env.PEERS_ROUNDS ?? 3));
  const seconds = Number(process.env.PEERS_SECONDS ?? 5);
  ensurePeersInstalled();
  const size = datasetSize();
  out(`peers benchmark, the write path: ${rounds} interleaved rounds of ${seconds} s per run, connections ${CONNECTIONS.join(" and ")}, history on (database triggers)`);
  out(`dataset: ${size.schedules} schedules × ${size.eventsPerSchedule} events; ${machineLine()}`);
  const database = await prepareDatabase(size, USAGE_WINDOW, ORG);
  const admin = postgres(database.url, { max: 1, onnotice: () => {} });
  const started: ServerProcess[] = [];
  try {
    // The organization's last schedules, one per connection at most, none of them a target of Q1–Q5's reads that matter (restored anyway).
    const schedules = await admin`select id::text from schedules where organization = ${ORG} order by schedules.id desc limit ${Math.max(...CONNECTIONS)}`;
    if (schedules.length < Math.max(...CONNECTIONS)) throw new Error(`the write path needs ${Math.max(...CONNECTIONS)} schedules (PEERS_SCHEDULES)`);
    const targets: Target[] = [];
    for (const { id } of schedules.reverse()) {
      const events = await admin`select id::text from events where schedule_id = ${id} order by events.id limit ${BULK_EVENTS}`;
      targets.push({ scheduleId: id, eventIds: events.map((e) => e.id as string) });
    }
    const restorer = await restorerOf(admin, targets.map((t) => t.scheduleId));
    const env = { DATABASE_URL: database.url, AUTH_SECRET: SECRET };
    const servers = {} as Record<Peer, ServerProcess>;
    for (const [peer, name, script, extra] of [["this", "this (jit)", "./serve-service.ts", { GRAPHQL_EXECUTOR: "jit" }], ["PostGraphile", "PostGraphile 5", "./serve-postgraphile.ts", {}], ["floor", "raw floor", "./serve-floor.ts", {}]] as const) {
      servers[peer] = await startProcess(name, script, { ...env, ...extra });
      started.push(servers[peer]);
    }
    const token = await signToken(SECRET, { sub: "peers-bench", orgs: [ORG], role: "editor" });
    const context: Context = { admin, database: database.name, servers, token, targets, restorer, seconds };
    await graphql(servers.this.port, `query { schedule(id: ${JSON.stringify(targets[0].scheduleId)}) { id } }`, token);

    // The same change from both peers of each mutation: equal events and equal history rows.
    out(`\nthe same change: ${LABEL.single} of event ${targets[0].eventIds[0]}, ${LABEL.bulk} (${targets[0].eventIds.length} of schedule ${targets[0].scheduleId}):`);
    for (const mutation of ["single", "bulk"] as Mutation[]) {
      const [a, b] = PEERS_OF[mutation];
      const [stateA, stateB] = [await stateAfter(context, mutation, a), await stateAfter(context, mutation, b)];
      const difference = firstDifference(stateA, stateB);
      if (difference) throw new Error(`${LABEL[mutation]}: ${a} and ${b} leave different events or history: ${difference}`);
      out(`  ${LABEL[mutation]}: ${a} and ${b} leave the same events and history rows`);
    }

    const warmUp = warmUpSeconds(2);
    if (warmUp > 0) {
      out(`\nwarm-up, not measured: each mutation on each of its peers for ${warmUp} s at ${Math.max(...CONNECTIONS)} connections`);
      for (const mutation of ["single", "bulk"] as Mutation[]) for (const peer of PEERS_OF[mutation]) await run({ ...context, seconds: warmUp }, mutation, peer, Math.max(...CONNECTIONS));
    }

    const results = new Map<string, Run[]>();
    for (let round = 1; round <= rounds; round++) {
      out(`\nround ${round} of ${rounds}`);
      out("| mutation | conns | peer | mutations/s | p50 ms | p99 ms | server CPU ms/mutation | PostgreSQL CPU ms/mutation | statements/mutation |\n|---|---|---|---|---|---|---|---|---|");
      for (const mutation of ["single", "bulk"] as Mutation[]) {
        for (const connections of CONNECTIONS) {
          const peers = round % 2 ? PEERS_OF[mutation] : [...PEERS_OF[mutation]].reverse();
          for (const peer of peers) {
            const m = await run(context, mutation, peer, connections);
            const key = `${mutation} ${connections} ${peer}`;
            results.set(key, [...(results.get(key) ?? []), m]);
            out(`| ${LABEL[mutation]} | ${connections} | ${peer} | ${m.requestsPerSecond.toFixed(1)}${m.failures ? ` (${m.failures} failed)` : ""} | ${m.p50} | ${m.p99} | ${f2(m.serverCpuMs)} | ${m.databaseCpuMs === null ? "n/a" : f2(m.databaseCpuMs)} | ${m.statements.toFixed(1)} |`);
          }
        }
      }
    }
    // --profile: where this service's CPU goes in each mutation at 10 connections (profile.ts).
    if (process.argv.includes("--profile")) {
      for (const mutation of ["single", "bulk"] as Mutation[]) {
        await servers.this.startProfile();
        const profiled = await run(context, mutation, "this", 10);
        printProfile(LABEL[mutation], profiled, await servers.this.stopProfile());
      }
    }
    await restorer.restore();
    report(results, rounds);
  } finally {
    for (const server of started) server.stop();
    await admin.end();
    await database.drop();
  }
}

function report(results: Map<string, Run[]>, rounds: number): void {
  const cpu = (m: Measured) => m.serverCpuMs + (m.databaseCpuMs ?? 0);
  const headline: string[] = [];
  out(`\nmedians over ${rounds} rounds (CPU: server process + PostgreSQL backends, per mutation; ratios this/peer, CPU as peer's over ours: higher is better)`);
  out("| mutation | conns | this mutations/s | peer mutations/s | this CPU ms | peer CPU ms | mutations/s ratio | CPU ratio |\n|---|---|---|---|---|---|---|---|");
  for (const mutation of ["single", "bulk"] as Mutation[]) {
    const peer = PEERS_OF[mutation][1];
    let lowest = { rate: Infinity, cpu: Infinity };
    for (const connections of CONNECTIONS) {
      const ours = results.get(`${mutation} ${connections} this`)!;
      const theirs = results.get(`${mutation} ${connections} ${peer}`)!;
      const rate = median(ours.map((m, i) => m.requestsPerSecond / theirs[i].requestsPerSecond));
      const cpuRatio = median(ours.map((m, i) => cpu(theirs[i]) / cpu(m)));
      lowest = { rate: Math.min(lowest.rate, rate), cpu: Math.min(lowest.cpu, cpuRatio) };
      out(`| ${LABEL[mutation]} | ${connections} | ${median(ours.map((m) => m.requestsPerSecond)).toFixed(1)} | ${peer} ${median(theirs.map((m) => m.requestsPerSecond)).toFixed(1)} | ${f2(median(ours.map(cpu)))} | ${f2(median(theirs.map(cpu)))} | ${f2(rate)} | ${f2(cpuRatio)} |`);
    }
    headline.push(`${mutation === "single" ? "single update" : "bulk edit"} ${f2(lowest.rate)} (CPU ${f2(lowest.cpu)}) × ${mutation === "single" ? "PostGraphile" : "one statement"}`);
  }
  // The lower of the two connection counts, for each mutation.
  out(`writes: ${headline.join(", ")}`);
}
