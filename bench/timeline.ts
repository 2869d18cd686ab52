// Timings of the pure timeline functions on one schedule of 100,000 events (30 s spots back to
// back, a few gaps and overlaps, a locked event every 1,000 events), given in shuffled order.
// Run: npx tsx bench/timeline.ts [events]
import {
  type Slot,
  findBreaks,
  findGaps,
  findOverlaps,
  loopEvents,
  orderTimeline,
  resolveCollision,
  resolveCollisions,
  ripple,
  shiftEvents,
  splitInTimeline,
  transpose,
} from "../src/timeline/index.js";

const count = Number(process.argv[2] ?? 100_000);
const start = Date.UTC(2026, 0, 1);

// A small deterministic generator, so that every run measures the same schedule.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

const events: (Slot & { eventType: string; title: string })[] = [];
let cursor = start;
for (let i = 0; i < count; i++) {
  const roll = random();
  cursor += roll < 0.01 ? 5_000 : roll < 0.02 ? -2_000 : 0;
  const duration = 30_000;
  events.push({ id: i + 1, onAirTime: cursor, duration, locked: i > 0 && i % 1000 === 0, eventType: i % 10 < 3 ? "ADVERTISEMENT" : "PRIMARY", title: `Event ${i + 1}` });
  cursor += duration;
}
for (let i = events.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [events[i], events[j]] = [events[j], events[i]];
}
const ordered = orderTimeline(events); // as the services read them: ORDER BY on_air_time, id
const middle = ordered[Math.floor(count / 2)];

function time(label: string, run: () => { size: number }): void {
  run(); // warm up
  const runs: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i++) {
    const began = performance.now();
    size = run().size;
    runs.push(performance.now() - began);
  }
  runs.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} median ${runs[2].toFixed(1).padStart(7)} ms  (min ${runs[0].toFixed(1)}, max ${runs[4].toFixed(1)})  ${size} results`);
}

console.log(`timeline on ${count} events, Node ${process.version}; input in air order unless said`);
time("orderTimeline (shuffled input)", () => ({ size: orderTimeline(events).length }));
time("orderTimeline (input already in order)", () => ({ size: orderTimeline(ordered).length }));
time("ripple fixAll from the first event (shuffled input)", () => ({ size: ripple(events, ordered[0].id, { fixAll: true }).moves.length }));
time("findGaps", () => ({ size: findGaps(ordered).length }));
time("findOverlaps", () => ({ size: findOverlaps(ordered).length }));
time("ripple from the first event, fixAll", () => ({ size: ripple(ordered, orderTimeline(ordered)[0].id, { fixAll: true }).moves.length }));
time("ripple from the middle to the next locked event", () => ({ size: ripple(ordered, middle.id).moves.length }));
time("resolveCollision SPLICE in the middle", () => ({ size: resolveCollision(ordered, { onAirTime: middle.onAirTime + 10_000, duration: 60_000 }, "SPLICE").moves.length }));
time("resolveCollision OVERRIDE of 1 hour in the middle", () => ({ size: resolveCollision(ordered, { onAirTime: middle.onAirTime + 10_000, duration: 3_600_000 }, "OVERRIDE").deletes.length }));
// A bulk edit creating 1,000 spots of 30 s spread over the schedule, one call for all of them.
const spread = Array.from({ length: 1000 }, (_, i) => ({ id: -1 - i, onAirTime: ordered[i * Math.floor(count / 1000)].onAirTime + 7_000, duration: 30_000, locked: false }));
time("resolveCollisions SPLICE, 1,000 placements", () => ({ size: resolveCollisions(ordered, spread, "SPLICE").changes.length }));
time("resolveCollisions OVERRIDE, 1,000 placements", () => ({ size: resolveCollisions(ordered, spread, "OVERRIDE").changes.length }));
time("shiftEvents by 1 s from the middle", () => ({ size: shiftEvents(ordered, 1000, { fromTime: middle.onAirTime }).moves.length }));
time("shiftEvents whole schedule (shiftSchedule)", () => ({ size: shiftEvents(ordered, 1000, { includeLocked: true }).moves.length }));
time("transpose", () => ({ size: transpose(ordered, start + 86_400_000).length }));
time("splitInTimeline in the middle (3 parts)", () => ({ size: splitInTimeline(ordered, middle.id, { segments: [{ startTime: 0, endTime: 10_000 }, { startTime: 10_000, endTime: 20_000 }, { startTime: 20_000, endTime: 30_000 }], breakDuration: 5_000 }).moves.length }));
time("loopEvents: 100,000 placements", () => ({ size: loopEvents([{ duration: 20_000 }, { duration: 10_000 }], start, start + 1_500_000_000).length }));
time("findBreaks", () => ({ size: findBreaks(ordered).length }));
