// Local broadcast time through GraphQL (HTTP, the real service) on the machine's PostgreSQL: a
// Europe/London schedule of 30 s spots across the spring clock change. Figures: a page of 1,000
// events with and without onAirLocal (target: at most 1.2× without), the same with endLocal and
// broadcastDate, a broadcast day, and wall-clock shift and copy of the whole schedule.
// Run: npx tsx bench/localtime.ts [events] [runs]   (DATABASE_URL defaults to the local server)
import { largeBench } from "./lib.js";

const COUNT = Number(process.argv[2] ?? 20_000);
const RUNS = Number(process.argv[3] ?? 9);
const ORG = "bench";
// Saturday 28 March 2026 06:00 GMT: 20,000 spots of 30 s reach past the change on Sunday 01:00 UTC.
const T0 = Date.UTC(2026, 2, 28, 6);

const { direct, gql, recount, stop } = await largeBench(ORG);

async function measure(label: string, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await run();
  await run(); // warm-ups (plans, caches, JIT)
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${label.padEnd(58)} median ${median.toFixed(1).padStart(8)} ms   max ${times[times.length - 1].toFixed(1).padStart(8)} ms`);
  return median;
}

try {
  const { createSchedule } = await gql(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, {
    input: { name: "Local bench", timeZone: "Europe/London", broadcastDayStart: "06:00", startDate: new Date(T0).toISOString() },
  });
  const scheduleId = Number(createSchedule.id);
  await direct`
    insert into events (schedule_id, organization, on_air_time, duration, event_type, title, media_id, data)
    select ${scheduleId}, ${ORG}, ${T0}::bigint + i * 30000, 30000, case when i % 4 = 0 then 'PRIMARY' else 'ADVERTISEMENT' end, 'Spot ' || i, 'M-' || (i % 500), '{}'::jsonb
    from generate_series(0::bigint, ${COUNT - 1}::bigint) as i`;
  await direct`vacuum analyze events`;
  await recount(scheduleId);
  console.log(`${COUNT} events of a Europe/London schedule; ${RUNS} runs each\n`);

  const page = (fields: string) => () => gql(`query($id: ID!) { schedule(id: $id) { events(page: 2, size: 1000) { content { ${fields} } } } }`, { id: scheduleId });
  const base = "id onAirTime duration title";
  const without = await measure("page of 1,000 events", page(base));
  const withLocal = await measure("page of 1,000 events with onAirLocal", page(`${base} onAirLocal`));
  await measure("page of 1,000 events with onAirLocal endLocal broadcastDate", page(`${base} onAirLocal endLocal broadcastDate`));
  console.log(`onAirLocal costs ${(withLocal / without).toFixed(2)}× the page without it (target ≤ 1.2×)\n`);
  await measure("broadcastDay 2026-03-28 (23 h) with 1,000 events", () =>
    gql(`query($id: ID!) { schedule(id: $id) { broadcastDay(date: "2026-03-28") { lengthMs events(size: 1000) { content { id onAirLocal } } } } }`, { id: scheduleId }),
  );
  await measure("shiftSchedule days: 7, wallClock (every event)", () => gql(`mutation($id: ID!) { shiftSchedule(id: $id, days: 7, wallClock: true) { version } }`, { id: scheduleId }));
  await measure("shiftSchedule days: -7, wallClock (every event)", () => gql(`mutation($id: ID!) { shiftSchedule(id: $id, days: -7, wallClock: true) { version } }`, { id: scheduleId }));
  await measure("copySchedule a week later, wallClock", () =>
    gql(`mutation($id: ID!, $d: DateTime!) { copySchedule(id: $id, startDate: $d, wallClock: true) { id } }`, { id: scheduleId, d: "2026-04-04T05:00:00Z" }),
  );
} finally {
  await stop();
}
