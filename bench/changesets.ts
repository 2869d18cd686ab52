// Timings of change sets through GraphQL (HTTP, the real service) on the machine's PostgreSQL,
// with one schedule of 100,000 events (as bench/events.ts). Each figure is the median (and max)
// of several runs after a warm-up. Target: createChangeSet on 100,000 events under 2 s.
// Run: npx tsx bench/changesets.ts [events] [runs]   (DATABASE_URL defaults to the local server)
import { largeBench } from "./lib.js";

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);
const ORG = "bench";
const T0 = Date.UTC(2026, 0, 1, 6);

const { direct, gql, recount, stop } = await largeBench(ORG);

async function measure(label: string, run: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  if (before) await before();
  await run(); // warm-up (plans, caches)
  for (let i = 0; i < RUNS; i++) {
    if (before) await before();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${label.padEnd(52)} median ${median.toFixed(1).padStart(8)} ms   max ${times[times.length - 1].toFixed(1).padStart(8)} ms`);
}

const CREATE = `mutation($id: ID!) { createChangeSet(scheduleId: $id) { id version } }`;
const DISCARD = `mutation($id: ID!) { discardChangeSet(id: $id) { id } }`;
const APPLY = `mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { version } }`;
const BULK = `mutation($s: ID!, $v: Int!, $cs: ID, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input, changeSetId: $cs) { content { version } } }`;

try {
  const { createSchedule } = await gql(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: "Bench", startDate: new Date(T0).toISOString() } });
  const scheduleId = Number(createSchedule.id);
  await direct`
    insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
    select ${scheduleId}, ${ORG}, ${T0}::bigint + (i * 30000) + (i / 10) * 1000, 30000,
      case when i % 1000 = 0 then 'LIVE' when i % 4 = 0 then 'PRIMARY' else 'ADVERTISEMENT' end,
      'Spot ' || i, i % 1000 = 0, 'M-' || (i % 500), 'A-' || (i % 500), 'READY',
      jsonb_build_object('houseId', 'H' || i, 'som', 0, 'assetData', jsonb_build_object('assetId', 'A-' || (i % 500), 'assetQCStatus', 'PASSED'),
        'secondaryEvents', jsonb_build_array(jsonb_build_object('command', 'ON', 'objectName', 'logo', 'offset', 0, 'origin', 'FROM_START')))
    from generate_series(0::bigint, ${COUNT - 1}::bigint) as i`;
  await direct`vacuum analyze events`;
  await recount(scheduleId);
  console.log(`${COUNT} events; ${RUNS} runs each\n`);
  const version = async () => (await gql(`query($id: ID!) { schedule(id: $id) { version } }`, { id: scheduleId })).schedule.version as number;
  const [{ first }] = await direct`select min(id)::int as first from events where schedule_id = ${scheduleId}`;

  let open: { id: string; version: number } | null = null;
  const discardOpen = async () => {
    if (open) await gql(DISCARD, { id: open.id });
    open = null;
  };
  await measure(`createChangeSet (${COUNT.toLocaleString("en")} events)`, async () => (open = (await gql(CREATE, { id: scheduleId })).createChangeSet), discardOpen);
  await direct`analyze change_set_events`;
  const PAGE = `query($id: ID!, $page: Int) { changeSet(id: $id) { events(page: $page, size: 20) { content { id onAirTime title houseId } gaps totalElements } } }`;
  const last = Math.ceil(COUNT / 20) - 1;
  await measure("draft events page 0 (size 20)", () => gql(PAGE, { id: open!.id, page: 0 }));
  await measure(`draft events page ${last} (last, size 20)`, () => gql(PAGE, { id: open!.id, page: last }));
  await measure("draft eventPageAt", () => gql(`query($id: ID!, $t: DateTime!) { changeSet(id: $id) { eventPageAt(time: $t, pageSize: 20) } }`, { id: open!.id, t: new Date(T0 + COUNT * 25_000).toISOString() }));

  // A draft edit of 1,000 events, 100 deletions and 100 creations: what the diff and apply then carry.
  // Disjoint id ranges: updated (first half, spread), deleted (100 fresh ones per round k, since
  // apply deletes them for good), changed on air meanwhile (the rest, spread).
  let round = 0;
  const updatedIds = (k: number) => Array.from({ length: 1000 }, (_, i) => first + k + i * 50);
  const deletedIds = (k: number) => Array.from({ length: 100 }, (_, i) => first + 50_000 + k * 100 + i);
  const onAirIds = (k: number) => Array.from({ length: 100 }, (_, i) => first + 60_000 + k + i * 300);
  const edit = (cs: { id: string; version: number }, k = 0) =>
    gql(BULK, {
      s: scheduleId,
      v: cs.version,
      cs: cs.id,
      input: {
        deleted: deletedIds(k).map(String),
        updated: updatedIds(k).map((id) => ({ id: String(id), title: `Edited ${round++}` })),
        created: Array.from({ length: 100 }, (_, i) => ({ onAirTime: new Date(T0 + i * 600_000 + 5_000).toISOString(), duration: 1000, title: `New ${i}` })),
      },
    });
  const fresh = async () => {
    await discardOpen();
    open = (await gql(CREATE, { id: scheduleId })).createChangeSet;
  };
  await measure("bulkEditEvents in the draft (1,000 upd, 100 del, 100 new)", () => edit(open!), fresh);
  await measure("diff (after the edits above)", () => gql(`query($id: ID!) { changeSet(id: $id) { diff { added { id } removed { id } changed { id fields } } } }`, { id: open!.id }));
  await measure("discardChangeSet (100,000 draft events)", () => discardOpen(), async () => (open = (await gql(CREATE, { id: scheduleId })).createChangeSet));

  let applied = 0;
  const prepare = async () => {
    const k = ++applied;
    open = (await gql(CREATE, { id: scheduleId })).createChangeSet;
    await edit(open!, k);
    // Meanwhile on air: other events change, so apply has to check for conflicts.
    await gql(BULK, { s: scheduleId, v: await version(), input: { updated: onAirIds(k).map((id) => ({ id: String(id), title: `On air ${round++}` })) } });
  };
  await measure("applyChangeSet (1,200 changes, schedule moved on)", async () => {
    await gql(APPLY, { id: open!.id, v: await version() });
    open = null;
  }, prepare);
} finally {
  await stop();
}
