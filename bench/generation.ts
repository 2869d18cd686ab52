// What generating a schedule from a template costs: a 24-hour channel of six 4-hour blocks
// (programmes of 40–60 minutes, a 2-minute break of spots after each, filler to each block's end),
// generated for 7 and for 31 broadcast days as a SCHEDULE_GENERATE job, from the mutation to the
// job's SUCCEEDED (the worker polls every 10 ms). Also the pure planner alone, and the heap the
// job's process grew by (the planner holds one day's events; the range is written day by day).
// Run: npx tsx bench/generation.ts [runs]   (DATABASE_URL: PostgreSQL in a database of its own; else PGlite in memory)
import { benchService } from "./lib.js";
import { DayPlanner } from "../src/templates/plan-day.js";
import { planningInputs } from "../src/templates/index.js";

const RUNS = Number(process.argv[2] ?? 3);
const ORG = "bench";
const MIN = 60_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const service = await benchService({ runWorker: true, jobPollMs: 10 });
try {
  const gql = await service.client(ORG, "editor");
  const asset = (id: string, ms: number, name: string) => ({ assetId: id, mediaId: id, name, metadata: { durationInMilliseconds: ms } });
  const programmes = Array.from({ length: 200 }, (_, i) => asset(`PRG-${i}`, (40 + (i % 21)) * MIN, `Programme ${i}`));
  const spots = Array.from({ length: 50 }, (_, i) => asset(`SPOT-${i}`, [15_000, 20_000, 30_000][i % 3], `Spot ${i}`));
  const fillers = Array.from({ length: 20 }, (_, i) => asset(`FILL-${i}`, (30 + i * 15) * 1000, `Filler ${i}`));
  await gql(`mutation($assets: [AssetInput!]!) { upsertAssets(assets: $assets) { assetId } }`, { assets: [...programmes, ...spots, ...fillers] });
  const collection = async (name: string, kind: string, items: { mediaId: string }[]) =>
    (await gql(`mutation($input: AssetCollectionInput!) { createAssetCollection(input: $input) { id } }`, { input: { name, kind, mediaIds: items.map((a) => a.mediaId) } })).createAssetCollection.id;
  const [series, breaks, filler] = [await collection("Programmes", "PROGRAMMES", programmes), await collection("Spots", "ADVERTISEMENTS", spots), await collection("Fillers", "FILLER", fillers)];
  const days = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];
  const slots = ["06:00", "10:00", "14:00", "18:00", "22:00", "02:00"].map((start, i) => ({
    days, start, anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: series, order: i % 2 ? "SHUFFLE" : "SEQUENTIAL",
    breakCollectionId: breaks, breakMs: 2 * MIN, fillerCollectionId: filler, overrun: "DROP",
  }));
  const { createScheduleTemplate: template } = await gql(`mutation($input: ScheduleTemplateInput!) { createScheduleTemplate(input: $input) { id } }`, {
    input: { name: "Bench channel", timeZone: "Europe/London", broadcastDayStart: "06:00", slots },
  });
  const { createSchedule: schedule } = await gql(`mutation { createSchedule(input: { name: "Bench generated", timeZone: "Europe/London", broadcastDayStart: "06:00" }) { id } }`);

  const generate = async (count: number) => {
    const started = performance.now();
    const { generateSchedule: job } = await gql(`mutation($input: GenerateScheduleInput!) { generateSchedule(input: $input) { id } }`, {
      input: { templateId: template.id, scheduleId: schedule.id, from: "2026-03-23", days: count },
    });
    for (;;) {
      const { job: state } = await gql(`query($id: ID!) { job(id: $id) { status entityId } }`, { id: job.id });
      if (state.status === "SUCCEEDED") {
        const ms = performance.now() - started;
        const { changeSet } = await gql(`query($id: ID!) { changeSet(id: $id) { events(size: 1) { totalElements } } }`, { id: state.entityId });
        return { ms, events: changeSet.events.totalElements as number };
      }
      if (state.status === "FAILED" || state.status === "CANCELED") throw new Error(`job ${job.id} ${state.status}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  console.log(`generation of a 24-hour channel (${service.driver}), ${RUNS} runs each, median\n`);
  for (const count of [7, 31]) {
    await generate(count); // warm-up
    const heapBefore = process.memoryUsage().heapUsed;
    const runs: { ms: number; events: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await generate(count));
    const grown = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    console.log(`${String(count).padStart(2)} days as a job: ${median(runs.map((r) => r.ms)).toFixed(0).padStart(6)} ms   ${runs[0].events} events   heap ${grown >= 0 ? "+" : ""}${grown.toFixed(1)} MB`);
  }

  // The planner alone (no database): the same template, 31 days, in this process.
  const inputs = await planningInputs(service.db, { userId: "bench", orgs: [ORG], role: "editor" }, template.id, ORG);
  const times: number[] = [];
  let planned = 0;
  for (let i = 0; i < Math.max(RUNS, 5); i++) {
    const planner = new DayPlanner(inputs.template, inputs.collections, i);
    const started = performance.now();
    planned = 0;
    for (let d = 0; d < 31; d++) planned += planner.planDay(new Date(Date.UTC(2026, 2, 23 + d)).toISOString().slice(0, 10)).events.length;
    times.push(performance.now() - started);
  }
  console.log(`31 days planned alone (pure):  ${median(times).toFixed(1).padStart(6)} ms   ${planned} events`);
} finally {
  await service.stop();
}
