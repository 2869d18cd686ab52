// An instant's ISO text: Date#toISOString (with the Date it needs) against src/common/iso-instant.ts,
// on a page of 1,000 instants ordered by time as a page of events answers them, and on 1,000
// instants each of another day than the one before (a page of jobs: created, started, finished).
//   npx tsx bench/instants.ts
import { isoInstant } from "../src/common/iso-instant.js";

const start = Date.UTC(2026, 10, 26);
const DAY = 86_400_000;
const ordered = Array.from({ length: 1000 }, (_, i) => start + i * 1_800_040 + (i % 7) * 40);
const scattered = Array.from({ length: 1000 }, (_, i) => start - ((i * 7919) % 700) * DAY - (i % 2) * DAY + ((i * 104_729) % DAY));
const ROUNDS = 3000;

function measure(name: string, instants: number[], write: (ms: number) => string): number {
  let sink = 0;
  const began = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const ms of instants) sink += write(ms).length;
  const ns = ((performance.now() - began) * 1e6) / (ROUNDS * instants.length);
  if (sink !== ROUNDS * instants.length * 24) throw new Error("unexpected text length");
  console.log(`${name}: ${ns.toFixed(0)} ns per instant`);
  return ns;
}

measure("warm-up", ordered, (ms) => new Date(ms).toISOString());
const dates = measure("Date#toISOString, ordered", ordered, (ms) => new Date(ms).toISOString());
const ours = measure("isoInstant, ordered", ordered, isoInstant);
const scatteredDates = measure("Date#toISOString, a day apart", scattered, (ms) => new Date(ms).toISOString());
const scatteredOurs = measure("isoInstant, a day apart", scattered, isoInstant);
console.log(
  `instants: toISOString ${dates.toFixed(0)} ns, isoInstant ${ours.toFixed(0)} ns (${(dates / ours).toFixed(1)}× faster); each a day apart: ${scatteredDates.toFixed(0)} ns and ${scatteredOurs.toFixed(0)} ns (${(scatteredDates / scatteredOurs).toFixed(1)}×)`,
);
