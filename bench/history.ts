// What the history costs: a bulkEditEvents of 1,000 events on a 100,000-event schedule
// with the history triggers on and off (off: disabled in this bench's own database; runs
// alternate so that machine load falls on both alike), rewrites of 75,000 and 100,000 events
// (a statement that states its columns, one that does not), Schedule.atVersion's first page, and
// a shift answering changedEvents (every event: the origin moved).
// Run: npx tsx bench/history.ts [events] [runs]   (DATABASE_URL defaults to the local server)
import { largeBench } from "./lib.js";

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 9);
const ORG = "bench";
const T0 = Date.UTC(2026, 0, 1, 6);

const { direct, gql, history, recount, stop } = await largeBench(ORG);
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

try {
  const { createSchedule } = await gql(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: "Bench", startDate: new Date(T0).toISOString() } });
  const scheduleId = Number(createSchedule.id);
  await direct`
    insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
    select ${scheduleId}, ${ORG}, ${T0}::bigint + (i * 30000) + (i / 10) * 1000, 30000,
      case when i % 4 = 0 then 'PRIMARY' else 'ADVERTISEMENT' end, 'Spot ' || i, false, 'M-' || (i % 500), 'A-' || (i % 500), 'READY',
      jsonb_build_object('houseId', 'H' || i, 'som', 0, 'assetData', jsonb_build_object('assetId', 'A-' || (i % 500), 'assetQCStatus', 'PASSED'))
    from generate_series(0::bigint, ${COUNT - 1}::bigint) as i`;
  await direct`vacuum analyze events`;
  await direct`vacuum analyze schedule_history_changes`;
  await recount(scheduleId);
  await gql(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "Bench day" }) { version } }`, { id: scheduleId });
  const version = async () => (await gql(`query($id: ID!) { schedule(id: $id) { version } }`, { id: scheduleId })).schedule.version as number;
  const base = await version();
  const [{ first }] = await direct`select min(id)::int as first from events where schedule_id = ${scheduleId}`;
  const ids = Array.from({ length: 1000 }, (_, i) => String(first + 1 + i * 97));
  const BULK = `mutation($id: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $id, version: $v, input: $input) { messages { message } } }`;
  let round = 0;
  const bulk = async () =>
    gql(BULK, { id: scheduleId, v: await version(), input: { updated: ids.map((id) => ({ id, title: `Edited ${round++}`, houseId: `HX${round}`, duration: 20_000 + (round % 10) * 1000 })) } });
  console.log(`${COUNT} events; ${RUNS} runs each, alternating\n`);
  await bulk(); // warm-up
  const withHistory: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await history(false);
    without.push(await timed(bulk));
    await history(true);
    withHistory.push(await timed(bulk));
  }
  const on = median(withHistory);
  const off = median(without);
  console.log(`bulkEditEvents 1,000 updates, history on    median ${on.toFixed(1).padStart(8)} ms`);
  console.log(`bulkEditEvents 1,000 updates, history off   median ${off.toFixed(1).padStart(8)} ms`);
  console.log(`ratio on/off                                        ${(on / off).toFixed(2)}×`);

  const PAGE = `query($id: ID!, $v: Int!) { schedule(id: $id) { atVersion(version: $v) { version events(size: 20) { totalElements content { id onAirTime duration title houseId } gaps } } } }`;
  async function atVersionPages(back: string) {
    const now = await version();
    for (const [label, v] of [
      [`atVersion(${now - 1}) first page (1 entry back: ${back})`, now - 1],
      [`atVersion(${base}) first page (${now - base} entries back)`, base],
    ] as const) {
      await gql(PAGE, { id: scheduleId, v });
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timed(() => gql(PAGE, { id: scheduleId, v })));
      console.log(`${label.padEnd(64)} median ${median(times).toFixed(1).padStart(8)} ms   max ${Math.max(...times).toFixed(1).padStart(8)} ms`);
    }
  }
  await atVersionPages("a bulk edit of 1,000");

  // Mass rewrites: updateEventsByCriteria states `data` and `version` (src/schedules/store/marks.ts);
  // the SQL update of every start states nothing, so the trigger reads all 13 columns.
  const CRITERIA = `mutation($id: ID!, $name: String!) { updateEventsByCriteria(scheduleId: $id, criteria: { eventType: ADVERTISEMENT }, secondaryEvents: [{ command: ON, objectName: $name }]) { messages { message } } }`;
  const rewrites: [string, () => Promise<unknown>][] = [
    ["updateEventsByCriteria, 75,000 events (stated)", () => gql(CRITERIA, { id: scheduleId, name: `bug-${round++}` })],
    ["update of every start, 100,000 events (unstated)", () => direct`update events set on_air_time = on_air_time + 1, version = version + 1 where schedule_id = ${scheduleId}`],
  ];
  const MASS_RUNS = Math.min(RUNS, 5);
  for (const [label, rewrite] of rewrites) {
    await rewrite();
    const times = { on: [] as number[], off: [] as number[] };
    for (let i = 0; i < MASS_RUNS; i++) {
      await history(false);
      await direct`vacuum events`;
      times.off.push(await timed(rewrite));
      await history(true);
      await direct`vacuum events`;
      times.on.push(await timed(rewrite));
    }
    const [on, off] = [median(times.on), median(times.off)];
    console.log(`${label.padEnd(52)} on ${on.toFixed(1).padStart(8)} ms   off ${off.toFixed(1).padStart(8)} ms   history +${(on - off).toFixed(1)} ms`);
  }

  await gql(CRITERIA, { id: scheduleId, name: "last" }); // an entry of its own, after the unstated rewrites
  await atVersionPages("a rewrite of 75,000");

  // A shift changes every event's air time (the origin moves): its answer names all of them.
  const SHIFT = `mutation($id: ID!, $page: Int) { shiftSchedule(id: $id, milliseconds: 1000) { changedEvents(page: $page, size: 100) { totalElements content { eventId event { id onAirTime version } } } } }`;
  for (const [label, page] of [["shiftSchedule answering changedEvents, first page of 100", 0], ["shiftSchedule answering changedEvents, last page of 100", Math.ceil(COUNT / 100) - 1]] as const) {
    await gql(SHIFT, { id: scheduleId, page });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(() => gql(SHIFT, { id: scheduleId, page })));
    console.log(`${label.padEnd(64)} median ${median(times).toFixed(1).padStart(8)} ms   max ${Math.max(...times).toFixed(1).padStart(8)} ms`);
  }
  const SHIFT_ONLY = `mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 1000) { version } }`;
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) bare.push(await timed(() => gql(SHIFT_ONLY, { id: scheduleId })));
  console.log(`${"shiftSchedule answering its version only".padEnd(64)} median ${median(bare).toFixed(1).padStart(8)} ms   max ${Math.max(...bare).toFixed(1).padStart(8)} ms`);
} finally {
  await stop();
}
