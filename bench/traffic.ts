// Timings of the pure traffic rules (src/traffic rightsAndSeparation) on the shape of
// bench/checks.ts with BENCH_RIGHTS=on: one schedule of 100,000 events (programmes of 2 parts of
// 10 min, breaks of 3 spots of 30 s), 1,000 assets each with a window on the channel capped at 100
// runs and 10 a day, an advertiser of 40 and a category of 7, and all three separation rules on.
// Half of the runs come from another schedule on the channel when BENCH_OTHERS=on.
// Run: npx tsx bench/traffic.ts [events] [runs]
import { broadcastDateLookup } from "../src/localtime/index.js";
import { rightsAndSeparation, type RightsAsset } from "../src/traffic/index.js";

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 7);
const T0 = Date.UTC(2026, 0, 1, 6);

const assets = new Map<string, RightsAsset>();
for (let n = 0; n < 1000; n++) {
  const asset: RightsAsset = {
    assetId: `A-${n}`,
    mediaId: `M-${n}`,
    advertiser: `Advertiser ${n % 40}`,
    productCategory: `Category ${n % 7}`,
    rights: [
      {
        start: "2026-01-01T00:00:00.000Z",
        end: "2026-02-15T00:00:00.000Z",
        channels: ["Bench"],
        maxRuns: 100,
        maxRunsPerDay: 10,
      },
    ],
  };
  assets.set(asset.assetId, asset);
}
const block = 2 * 600_000 + 6 * 30_000;
const events: { id: number; onAirTime: number; assetKey: string | null }[] = [];
for (let i = 0; i < COUNT; i++) {
  const part = i % 8;
  const offset = part < 4 ? part * 30_000 + (part > 0 ? 570_000 : 0) : 690_000 + (part - 4) * 30_000 + (part > 4 ? 570_000 : 0);
  const key = i % 50 === 1 ? null : i % 4 === 0 ? `A-${(Math.floor(i / 8) % 500) * 2}` : `A-${(i % 500) * 2 + 1}`;
  events.push({
    id: i + 1,
    onAirTime: T0 + Math.floor(i / 8) * block + offset + Math.floor(i / 10) * 1000,
    assetKey: key,
  });
}
const otherRuns =
  process.env.BENCH_OTHERS === "on"
    ? events
        .filter((_, i) => i % 2 === 0 && events[i].assetKey)
        .map((e) => ({
          id: e.id + COUNT,
          onAirTime: e.onAirTime + 60_000,
          assetId: e.assetKey!,
        }))
    : [];

function run() {
  let steps = 0;
  const generator = rightsAndSeparation(
    {
      events,
      assets,
      channel: "Bench",
      broadcastDate: broadcastDateLookup({
        zone: "Europe/London",
        dayStartMs: 6 * 3_600_000,
      }),
      otherRuns,
      separation: {
        sameAssetMinMs: 1_800_000,
        sameAdvertiserMinMs: 600_000,
        sameCategoryMinMs: 300_000,
      },
    },
    () => ++steps,
  );
  let next = generator.next();
  while (!next.done) next = generator.next();
  return next.value;
}

const times: number[] = [];
let result = run();
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  result = run();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(`rightsAndSeparation over ${COUNT} events, ${otherRuns.length} other runs: median ${times[RUNS >> 1].toFixed(1)} ms, min ${times[0].toFixed(1)}, max ${times[RUNS - 1].toFixed(1)}`);
console.log(`rights issues ${result.rightsCount}, separation issues ${result.separationCount}`);
