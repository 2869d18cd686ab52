// As-run reconciliation through GraphQL (HTTP, the real service) on the machine's PostgreSQL: a
// 24-hour schedule of 2,000 events and one of 100,000 events, each with an as-run of every event
// (1 in 3 by mediaId only, some late, short or skipped, 1 in 50 missing, 1 in 100 unplanned).
// Also the pure matching alone (src/asrun/reconcile.ts) on the same sizes.
// Run: npx tsx bench/asrun.ts [runs]   (DATABASE_URL defaults to the local server)
import { reconcile, type AiredEntry, type PlannedEvent } from "../src/asrun/reconcile.js";
import { summarize } from "../src/asrun/summary.js";
import { largeBench, measure } from "./lib.js";

const RUNS = Number(process.argv[2] ?? 7);
const ORG = "bench";
const T0 = Date.UTC(2026, 0, 1, 6);
const DAY = 86_400_000;

const { direct, gql, recount, stop } = await largeBench(ORG);

/** One line per operation: median and max of RUNS runs after a warm-up (bench/lib.ts measure). */
async function report(label: string, run: () => unknown): Promise<void> {
  const m = await measure(label, async () => run(), RUNS);
  console.log(`${label.padEnd(58)} median ${m.medianMs.toFixed(1).padStart(8)} ms   max ${m.maxMs.toFixed(1).padStart(8)} ms`);
}

/** A schedule of `count` events over 24 hours and its as-run, loaded with two INSERT … SELECT. */
async function load(count: number): Promise<number> {
  const { createSchedule } = await gql(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: `As-run ${count}` } });
  const id = Number(createSchedule.id);
  const step = Math.floor(DAY / count);
  await direct`
    insert into events (schedule_id, organization, on_air_time, duration, event_type, title, media_id, data)
    select ${id}, ${ORG}, ${T0}::bigint + i * ${step}, ${step}, case when i % 4 = 0 then 'PRIMARY' else 'ADVERTISEMENT' end, 'Item ' || i, 'M-' || (i % 500),
      case when i % 10 = 0 then '{"scte35Signals":[{"command":"ON"},{"command":"OFF"}]}'::jsonb else '{}'::jsonb end
    from generate_series(0::bigint, ${count - 1}::bigint) as i`;
  await direct`
    insert into as_run_entries (organization, schedule_id, entry_id, event_id, media_id, actual_start, actual_duration, status, device_id)
    select ${ORG}::text, ${id}::bigint, 'x' || e.n, case when e.n % 3 = 0 then null else e.id end, e.media_id,
      e.on_air_time + case when e.n % 7 = 0 then 2000 else 0 end, e.duration - case when e.n % 11 = 0 then 1500 else 0 end,
      case when e.n % 97 = 0 then 'SKIPPED' else 'AIRED' end, 'px-1'
    from (select id, on_air_time, duration, media_id, row_number() over (order by on_air_time) as n from events where schedule_id = ${id}) e
    where e.n % 50 <> 0
    union all
    select ${ORG}::text, ${id}::bigint, 'u' || i, null, 'SLATE', ${T0}::bigint + i * ${step} * 100 + 500, 10000, 'UNPLANNED', 'px-1'
    from generate_series(0::bigint, ${Math.floor(count / 100)}::bigint) as i`;
  await direct`update schedules set time_origin = 0, event_count = ${count} where id = ${id}`;
  await direct`vacuum analyze events`;
  await direct`vacuum analyze as_run_entries`;
  await recount(id);
  return id;
}

const QUERY = `query($s: ID!, $tol: Int) { asRunReconciliation(scheduleId: $s, toleranceMs: $tol, size: 20) {
  totalElements content { state eventId startDeviationMs durationDeviationMs }
  summary { counts { state count } byEventType { eventType plannedMs airedMs } adBreakMinutesPlanned adBreakMinutesAired scte35CuesPlanned scte35CuesAired worstDeviations { eventId } } } }`;

/** The same shapes in memory, for the pure matching alone. */
function synthetic(count: number): { events: PlannedEvent[]; entries: AiredEntry[] } {
  const step = Math.floor(DAY / count);
  const events: PlannedEvent[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1, start: T0 + i * step, duration: step, eventType: i % 4 ? "ADVERTISEMENT" : "PRIMARY", title: null, mediaId: `M-${i % 500}`, scte35Cues: i % 10 ? 0 : 2,
  }));
  const entries: AiredEntry[] = events.filter((_, i) => (i + 1) % 50).map((e, j) => ({
    id: j + 1, entryId: `x${j}`, eventId: j % 3 ? e.id : null, mediaId: e.mediaId, start: e.start + (j % 7 ? 0 : 2000), duration: e.duration - (j % 11 ? 0 : 1500),
    status: j % 97 ? "AIRED" : "SKIPPED", deviceId: "px-1", reason: null, scte35Cues: null,
  }));
  return { events, entries };
}

try {
  console.log(`${RUNS} runs each, after one warm-up\n`);
  for (const count of [2_000, 100_000]) {
    const id = await load(count);
    const first = (await gql(QUERY, { s: id, tol: 1000 })).asRunReconciliation;
    console.log(`${count} events: ${first.totalElements} rows; ${first.summary.counts.map((c: { state: string; count: number }) => `${c.state} ${c.count}`).join(", ")}`);
    await report(`asRunReconciliation, ${count} events (page of 20 + summary)`, () => gql(QUERY, { s: id, tol: 1000 }));
    const { events, entries } = synthetic(count);
    await report(`pure reconcile + summarize, ${count} events`, () => summarize(reconcile(events, entries, 1000)));
  }
} finally {
  await stop();
}
