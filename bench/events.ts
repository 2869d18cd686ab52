// Timings of the event operations through GraphQL (HTTP, the real service) on the machine's
// PostgreSQL, with one schedule of 100,000 events (30 s spots, a 1 s gap after every 10th event,
// a locked event every 1,000). Each figure is the median (and max) of several runs.
// Run: npx tsx bench/events.ts [events] [runs]   (DATABASE_URL defaults to the local server)
import { largeBench } from "./lib.js";

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);
const ORG = "bench";
const T0 = Date.UTC(2026, 0, 1, 6);

const { direct, url, gql, recount, stop } = await largeBench(ORG);

const results: [string, number, number][] = [];
async function measure(label: string, run: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  if (before) await before();
  await run(); // warm-up (plans, caches, JIT)
  for (let i = 0; i < RUNS; i++) {
    if (before) await before();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  results.push([label, median, times[times.length - 1]]);
  console.log(`${label.padEnd(46)} median ${median.toFixed(1).padStart(8)} ms   max ${times[times.length - 1].toFixed(1).padStart(8)} ms`);
}

try {
  const { createSchedule } = await gql(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: "Bench", startDate: new Date(T0).toISOString() } });
  const scheduleId = Number(createSchedule.id);
  const loadStarted = performance.now();
  await direct`
    insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
    select ${scheduleId}, ${ORG}, ${T0}::bigint + (i * 30000) + (i / 10) * 1000, 30000,
      case when i % 1000 = 0 then 'LIVE' when i % 4 = 0 then 'PRIMARY' else 'ADVERTISEMENT' end,
      'Spot ' || i, i % 1000 = 0, 'M-' || (i % 500), 'A-' || (i % 500), 'READY',
      jsonb_build_object('houseId', 'H' || i, 'som', 0, 'assetData', jsonb_build_object('assetId', 'A-' || (i % 500), 'assetQCStatus', 'PASSED'),
        'secondaryEvents', jsonb_build_array(jsonb_build_object('command', 'ON', 'objectName', 'logo', 'offset', 0, 'origin', 'FROM_START')))
    from generate_series(0::bigint, ${COUNT - 1}::bigint) as i`;
  await direct`vacuum analyze events`;
  // The schedule's counters and dates follow the events.
  await recount(scheduleId);
  if (process.env.BENCH_LOAD_ONLY) {
    console.log(`loaded ${COUNT} events into ${url} (schedule ${scheduleId}); kept`);
    process.exit(0);
  }
  console.log(`${COUNT} events loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ${RUNS} runs each\n`);
  const version = async () => (await gql(`query($id: ID!) { schedule(id: $id) { version } }`, { id: scheduleId })).schedule.version as number;

  const PAGE = `query($id: ID!, $page: Int, $size: Int) { schedule(id: $id) { events(page: $page, size: $size) {
    content { id onAirTime duration eventType title locked mediaId houseId assetData { assetId } secondaryEvents { command objectName } } gaps overlaps programmes totalElements } } }`;
  const last = Math.ceil(COUNT / 20) - 1;
  await measure("events page 0 (size 20)", () => gql(PAGE, { id: scheduleId, page: 0, size: 20 }));
  await measure(`events page ${last} (last, size 20)`, () => gql(PAGE, { id: scheduleId, page: last, size: 20 }));
  await measure(`events page ${Math.floor(last / 2)} (middle, size 20)`, () => gql(PAGE, { id: scheduleId, page: Math.floor(last / 2), size: 20 }));
  await measure("events page 0 (size 1000)", () => gql(PAGE, { id: scheduleId, page: 0, size: 1000 }));
  await measure("events page, term filter (size 20)", () => gql(`query($id: ID!) { schedule(id: $id) { events(term: "spot 9999", size: 20) { totalElements content { id } } } }`, { id: scheduleId }));
  // 19 more schedules of 100 events: a list of 20 schedules with their first events.
  for (let k = 0; k < 19; k++) {
    const { createSchedule: extra } = await gql(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: `Bench ${k}` } });
    await direct`insert into events (schedule_id, organization, on_air_time, duration, title)
      select ${Number(extra.id)}, ${ORG}, ${T0}::bigint + i * 60000, 60000, 'E' || i from generate_series(0::bigint, 99::bigint) as i`;
    await recount(extra.id);
  }
  await measure("20 schedules with their first 20 events each", () =>
    gql(`{ schedules(size: 20) { content { id name events(size: 20) { totalElements gaps content { id onAirTime title duration } } } } }`),
  );
  await measure("eventsSummary (size 20)", () =>
    gql(`query($id: ID!) { schedule(id: $id) { eventsSummary { currentEventPage eventsByType gaps { total pages } overlaps { total } totalProgrammes } } }`, { id: scheduleId }),
  );
  await measure("eventPageAt", () => gql(`query($id: ID!, $t: DateTime!) { schedule(id: $id) { eventPageAt(time: $t, pageSize: 20) } }`, { id: scheduleId, t: new Date(T0 + COUNT * 25_000).toISOString() }));
  await measure("shiftSchedule (+1 min)", () => gql(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 60000) { version } }`, { id: scheduleId }));
  await measure("transposeSchedule", async () => gql(`mutation($id: ID!, $t: DateTime!) { transposeSchedule(id: $id, startTime: $t) { version } }`, { id: scheduleId, t: new Date(T0 + Math.floor(Math.random() * 1e6)).toISOString() }));

  const [{ first }] = await direct`select min(id)::int as first from events where schedule_id = ${scheduleId}`;
  // Re-open the gaps before each ripple so that every run moves ~100,000 events.
  const reopen = () => direct`with o as (update schedules set time_origin = 0 where id = ${scheduleId}) update events set on_air_time = ${T0}::bigint + ((id - ${first}) * 30000) + ((id - ${first}) / 10) * 1000 where schedule_id = ${scheduleId}`;
  await measure("rippleSchedule fixAll (moves ~100,000)", async () =>
    gql(`mutation($id: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $id, version: $v, fromEventId: $e, fixAll: true) { version } }`, { id: scheduleId, v: await version(), e: first }),
    reopen,
  );
  await measure("rippleSchedule from the 10th-last event", async () =>
    gql(`mutation($id: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $id, version: $v, fromEventId: $e) { version } }`, { id: scheduleId, v: await version(), e: first + COUNT - 10 }),
    reopen,
  );
  await measure("ripplePreview fixAll (page 0, size 20)", () =>
    gql(`query($id: ID!, $e: ID!) { schedule(id: $id) { ripplePreview(eventId: $e, fixAll: true) { finishDate page { totalElements content { id onAirTime } } } } }`, { id: scheduleId, e: first }),
    reopen,
  );
  const BULK = `mutation($id: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $id, version: $v, input: $input) { content { version } messages { message } } }`;
  let round = 0;
  const ids = Array.from({ length: 1000 }, (_, i) => String(first + 1 + i * 97));
  await measure("bulkEditEvents 1,000 updates (fields)", async () =>
    gql(BULK, { id: scheduleId, v: await version(), input: { updated: ids.map((id) => ({ id, title: `Edited ${round++}`, houseId: `HX${round}`, secondaryEvents: [{ command: "OFF", objectName: "logo" }] })) } }),
  );
  await measure("bulkEditEvents 1,000 updates (durations)", async () =>
    gql(BULK, { id: scheduleId, v: await version(), input: { updated: ids.map((id) => ({ id, duration: 20_000 + (round++ % 10) * 1000 })) } }),
  );
  await measure("bulkEditEvents 1,000 creations (SPLICE)", async () => {
    const at = T0 + Math.floor(Math.random() * COUNT) * 30_000;
    return gql(BULK, { id: scheduleId, v: await version(), input: { resolveType: "SPLICE", created: Array.from({ length: 1000 }, (_, i) => ({ onAirTime: new Date(at + i * 90_000 + 5_000).toISOString(), duration: 10_000, title: `New ${i}` })) } });
  });
  // Last: a schedule with no locked event, edited near its start (the gaps before locked events are looked for up to the next one).
  await direct`update events set locked = false where schedule_id = ${scheduleId}`;
  await direct`vacuum analyze events`;
  await measure("bulkEditEvents 1 duration, nothing locked", async () =>
    gql(BULK, { id: scheduleId, v: await version(), input: { updated: [{ id: String(first + 5), duration: 20_000 + (round++ % 10) * 1000 }] } }),
  );
  // Small edits that once read the whole schedule (docs/DECISIONS.md 89): an append to the end, and a revert of one event's edit.
  await measure("bulkEditEvents sentToEnd of 1 event", async () =>
    gql(BULK, { id: scheduleId, v: await version(), input: { sentToEnd: [{ title: `Appended ${round++}`, duration: 30_000 }] } }),
  );
  let before = 0;
  await measure(
    "revertSchedule of one event's title",
    () => gql(`mutation($id: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $id, toVersion: $to, version: $v) { version } }`, { id: scheduleId, to: before, v: before + 1 }),
    async () => {
      before = await version();
      await gql(`mutation($id: ID!, $v: Int!, $e: [EventInput!]!) { updateEvents(scheduleId: $id, version: $v, events: $e) { version } }`, { id: scheduleId, v: before, e: [{ id: String(first + 7), title: `Reverted ${round++}` }] });
    },
  );
} finally {
  await stop();
}
