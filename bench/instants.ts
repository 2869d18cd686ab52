// An instant's ISO text: Date#toISOString (with the Date it needs) against src/common/iso-instant.ts,
// on a page of 1,000 instants ordered by time as a page of events answers them.
//   npx tsx bench/instants.ts
import { isoInstant } from "../src/common/iso-instant.js";

const start = Date.UTC(2026, 10, 26);
const instants = Array.from({ length: 1000 }, (_, i) => start + i * 1_800_040 + (i % 7) * 40);
const ROUNDS = 3000;

function measure(name: string, write: (ms: number) => string): number {
  let sink = 0;
  const began = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const ms of instants) sink += write(ms).length;
  const ns = ((performance.now() - began) * 1e6) / (ROUNDS * instants.length);
  if (sink !== ROUNDS * instants.length * 24) throw new Error("unexpected text length");
  console.log(`${name}: ${ns.toFixed(0)} ns per instant`);
  return ns;
}

measure("warm-up", (ms) => new Date(ms).toISOString());
const dates = measure("Date#toISOString", (ms) => new Date(ms).toISOString());
const ours = measure("isoInstant", isoInstant);
console.log(`instants: toISOString ${dates.toFixed(0)} ns, isoInstant ${ours.toFixed(0)} ns (${(dates / ours).toFixed(1)}× faster)`);
