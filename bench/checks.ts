// Timings of the schedule checks through GraphQL (HTTP, the real service) on the machine's
// PostgreSQL: one schedule of 100,000 events (programmes of 4 parts with breaks of 3 spots between
// them, a 1 s gap after every 10th event, a locked LIVE event every 1,000) pointing at a catalog of
// 1,000 assets, some archived, some failing QC, and 1 key in 50 missing. Median (and max) of runs.
// Run: npx tsx bench/checks.ts [events] [runs]   (DATABASE_URL defaults to the local server;
// BENCH_ONLY=<part of a label> measures only those; BENCH_HISTORY=off without the history triggers;
// BENCH_RIGHTS=on: every asset with a rights window capped per run and per day on the schedule's
// channel, an advertiser and a category, and the schedule with every separation rule on)
import { largeBench } from "./lib.js";

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);
const ORG = "bench";
const T0 = Date.UTC(2026, 0, 1, 6);

const { direct, url, gql, recount, stop } = await largeBench(ORG);

let last: unknown;
async function measure(label: string, run: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<void> {
  // BENCH_ONLY=markEpg: only the operations whose label contains it, on the freshly loaded schedule
  // (each mass write and its reset leave the table bloated for the ones after it).
  if (process.env.BENCH_ONLY && !label.includes(process.env.BENCH_ONLY)) return;
  const times: number[] = [];
  if (before) await before();
  await run(); // warm-up (plans, caches)
  for (let i = 0; i < RUNS; i++) {
    if (before) await before();
    const started = performance.now();
    last = await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`| ${label} | ${median.toFixed(1)} | ${times[times.length - 1].toFixed(1)} |`);
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(last).slice(0, 300));
}

try {
  const { createSchedule } = await gql(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, {
    input: { name: "Bench", startDate: new Date(T0).toISOString(), breakMin: 60_000, breakMax: 120_000, channelId: 1 },
  });
  const scheduleId = Number(createSchedule.id);
  const loadStarted = performance.now();
  await direct`
    insert into assets (organization, asset_id, media_id, name, storage_type, qc_status, duration_ms, title, metadata, system_fields, qc_info)
    select ${ORG}, 'A-' || n, 'M-' || n, 'Asset ' || n, case when n % 97 = 0 then 'ARCHIVED' else 'ONLINE' end,
      case when n % 89 = 0 then 'FAILED' else 'PASSED' end, case when n % 2 = 0 then 600000 else 30000 end, 'Title ' || n,
      jsonb_build_object('durationInMilliseconds', case when n % 2 = 0 then 600000 else 30000 end), jsonb_build_object('title', 'Title ' || n),
      jsonb_build_object('qcStatus', case when n % 89 = 0 then 'FAILED' else 'PASSED' end)
    from generate_series(0, 999) as n`;
  // Every 8 events: a programme of 2 parts of 10 min (same mediaId, a programme title on one in
  // three), each part followed by a break of 3 spots of 30 s; 1 key in 50 names no asset.
  await direct`
    insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
    select ${scheduleId}, ${ORG}, ${T0}::bigint + (i / 8) * (2 * 600000 + 6 * 30000) + case when i % 8 < 4 then (i % 8) * 30000 + case when i % 8 > 0 then 570000 else 0 end
        else 690000 + ((i % 8) - 4) * 30000 + case when i % 8 > 4 then 570000 else 0 end end + (i / 10) * 1000,
      case when i % 4 = 0 then 600000 else 30000 end,
      case when i % 1000 = 0 then 'LIVE' when i % 4 = 0 then 'PRIMARY' else 'ADVERTISEMENT' end,
      'Event ' || i, i % 1000 = 0, 'M-' || k, 'A-' || k, 'READY',
      jsonb_build_object('houseId', 'H' || i, 'som', 0, 'assetData', jsonb_build_object('assetId', 'A-' || k, 'assetQCStatus', 'PASSED'))
        || case when i % 4 = 0 and (i / 8) % 3 = 0 then jsonb_build_object('programme', jsonb_build_object('title', 'Show ' || (i / 8))) else '{}'::jsonb end
    from generate_series(0::bigint, ${COUNT - 1}::bigint) as i,
      lateral (select case when i % 50 = 1 then 'GONE-' || (i % 500) when i % 4 = 0 then (((i / 8) % 500) * 2)::text else ((i % 500) * 2 + 1)::text end as k) as key`;
  await direct`update events set asset_id = null, data = data - 'assetData' where schedule_id = ${scheduleId} and media_id like 'M-GONE-%'`;
  await direct`update events set media_id = substr(media_id, 3) where schedule_id = ${scheduleId} and media_id like 'M-GONE-%'`;
  if (process.env.BENCH_RIGHTS === "on") {
    await direct`update schedules set channel = 'Bench', separation_asset_ms = 1800000, separation_advertiser_ms = 600000, separation_category_ms = 300000 where id = ${scheduleId}`;
    await direct`update assets set advertiser = 'Advertiser ' || (id % 40), product_category = 'Category ' || (id % 7),
      rights = jsonb_build_array(jsonb_build_object('start', '2026-01-01T00:00:00.000Z', 'end', '2026-02-15T00:00:00.000Z', 'channels', jsonb_build_array('Bench'), 'maxRuns', 100, 'maxRunsPerDay', 10))
      where organization = ${ORG}`;
  }
  await direct`vacuum analyze events`;
  await direct`vacuum analyze assets`;
  if (process.env.BENCH_LOAD_ONLY) {
    console.log(`loaded into ${url} (schedule ${scheduleId}); kept`);
    process.exit(0);
  }
  await recount(scheduleId);
  console.log(`${COUNT} events and 1,000 assets loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; ${RUNS} runs each\n`);
  console.log("| operation | median ms | max ms |\n|---|---:|---:|");
  const version = async () => (await gql(`query($id: ID!) { schedule(id: $id) { version } }`, { id: scheduleId })).schedule.version as number;

  const ISSUES = `totals { events overlaps gaps breaks breakIssues missingAssets missingAssetEvents archivedAssets archivedAssetEvents failedQcAssets failedQcAssetEvents lockedCollisions durationIssues problems }
    archivedAssets archivedAssetEvents breakIssues { timeFrom value overlapping eventIds } gaps { eventId timeFrom value } overlaps { eventId value }
    missingAssets missingAssetEvents failedQcAssets failedQcAssetEvents lockedCollisions { eventId } durationIssues { eventId duration }`;
  const totals = (await gql(`query($id: ID!) { schedule(id: $id) { validation { totals { events gaps overlaps breaks breakIssues missingAssetEvents archivedAssetEvents failedQcAssetEvents durationIssues } } } }`, { id: scheduleId })).schedule.validation.totals;
  console.log(`<!-- validation totals: ${JSON.stringify(totals)} -->`);
  await measure("validation, fullList (every list, break ids)", () => gql(`query($id: ID!) { schedule(id: $id) { validation { ${ISSUES} } } }`, { id: scheduleId }));
  await measure("validation, fullList, with `breaks { id }` (every break's events)", () => gql(`query($id: ID!) { schedule(id: $id) { validation { ${ISSUES} breaks { id } } } }`, { id: scheduleId }));
  await measure("validation, fullList: false", () => gql(`query($id: ID!) { schedule(id: $id) { validation(fullList: false) { ${ISSUES} breaks { id title } } } }`, { id: scheduleId }));
  const programmes = (await gql(`query($id: ID!) { schedule(id: $id) { programmeSummary { programme { title } } } }`, { id: scheduleId })).schedule.programmeSummary.programme.length;
  await measure(`programmeSummary (${programmes} programmes)`, () =>
    gql(`query($id: ID!) { schedule(id: $id) { programmeSummary { programme { title description duration eventOnAirTime startTime } } } }`, { id: scheduleId }),
  );
  await measure("eventsSummary missingAssetsEvents (size 20)", () =>
    gql(`query($id: ID!) { schedule(id: $id) { eventsSummary { missingAssetsEvents { total pages } } } }`, { id: scheduleId }),
  );
  await measure("Schedule.assets(name: \"asset 1\")", () => gql(`query($id: ID!) { schedule(id: $id) { assets(name: "asset 1") { assetId name } } }`, { id: scheduleId }));
  await measure("evaluateParameters (8 placeholders)", () =>
    gql(`query($id: ID!, $c: SecondaryEventInput!) { schedule(id: $id) { evaluateParameters(onAirTimeFrom: 3600000000, command: $c) { name evaluatedValue asset assetExists } } }`, {
      id: scheduleId,
      c: { command: "ON", parameters: { a: "${current.title}", b: "${next.title}", c: "${previous.title}", d: "${asset.name}", e: "${current.duration}", f: "${schedule.name}", g: "${channel}", h: "${current.onAirTime}" } },
    }),
  );
  // Undo the previous run's change, then vacuum (untimed), so that each run meets a table in the
  // steady state of a working schedule rather than one bloated by the bench's own resets.
  const reset = (undo: () => PromiseLike<unknown>) => async () => {
    await undo();
    await direct`vacuum events`;
  };
  const ALL = { from: new Date(T0 - 1).toISOString() };
  const PAGE = `content { page { totalElements content { id } } } messages { message }`;
  await measure("markScteEvents over all 100,000 events", () => gql(`mutation($id: ID!, $c: EventCriteriaInput!) { markScteEvents(scheduleId: $id, criteria: $c) { ${PAGE} } }`, { id: scheduleId, c: ALL }),
    reset(() => direct`update events set data = data - 'scte35Signals' where schedule_id = ${scheduleId}`),
  );
  await measure("markEpgEvents over all 100,000 events", () => gql(`mutation($id: ID!, $c: EventCriteriaInput!) { markEpgEvents(scheduleId: $id, criteria: $c) { ${PAGE} } }`, { id: scheduleId, c: ALL }),
    reset(() => direct`update events set data = data - 'programme' where schedule_id = ${scheduleId}`),
  );
  await measure("updateEventsByCriteria, every ADVERTISEMENT (75,000)", () =>
    gql(`mutation($id: ID!) { updateEventsByCriteria(scheduleId: $id, criteria: { eventType: ADVERTISEMENT }, secondaryEvents: [{ command: ON, objectName: "bug" }]) { ${PAGE} } }`, { id: scheduleId }),
  );
  await measure("updateEventsByCriteria, missingAsset: true (2,000)", () =>
    gql(`mutation($id: ID!) { updateEventsByCriteria(scheduleId: $id, criteria: { missingAsset: true }, programme: { title: "Missing" }) { ${PAGE} } }`, { id: scheduleId }),
  );
  const [{ one }] = await direct`select (min(id) + 50000)::int as one from events where schedule_id = ${scheduleId}`;
  await measure("markEpgEvents of one event (by id)", () => gql(`mutation($id: ID!, $c: EventCriteriaInput!) { markEpgEvents(scheduleId: $id, criteria: $c) { ${PAGE} } }`, { id: scheduleId, c: { ids: [String(one)] } }),
    () => direct`update events set data = data - 'programme' where id = ${one}`,
  );
  await measure("updateEventsByCriteria of one event (by id)", () =>
    gql(`mutation($id: ID!, $ids: [ID!]) { updateEventsByCriteria(scheduleId: $id, ids: $ids, programme: { title: "One" }) { ${PAGE} } }`, { id: scheduleId, ids: [String(one)] }),
  );
  let flip = 0;
  await measure("replaceAsset (50 events) with fillGaps", async () => {
    const [from, to] = flip++ % 2 === 0 ? ["A-2", "A-1"] : ["A-1", "A-2"];
    return gql(`mutation($id: ID!, $v: Int!, $a: String!, $r: AssetReplacementInput!) { replaceAsset(scheduleId: $id, version: $v, assetId: $a, replacement: $r) { eventsModified } }`, {
      id: scheduleId, v: await version(), a: from, r: { assetId: to, fillGaps: true },
    });
  });
  const [{ ids }] = await direct`select array_agg(id) as ids from (select id from events where schedule_id = ${scheduleId} order by id limit 1000) x`;
  await measure("syncEventTitles (1,000 events)", () => gql(`mutation($id: ID!, $ids: [ID!]!) { syncEventTitles(scheduleId: $id, eventIds: $ids) { version } }`, { id: scheduleId, ids: ids.map(String) }),
    reset(() => direct`update events set title = 'x' where schedule_id = ${scheduleId}`),
  );
  await measure("syncEventTitles (1 event)", () => gql(`mutation($id: ID!, $ids: [ID!]!) { syncEventTitles(scheduleId: $id, eventIds: $ids) { version } }`, { id: scheduleId, ids: [String(ids[500])] }),
    reset(() => direct`update events set title = 'x' where id = ${ids[500]}`),
  );
} finally {
  await stop();
}
