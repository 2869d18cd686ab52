// How long the long loops of a request hold the event loop between two turns given to others: the
// pure validation and history rewind on N events, yielding every HEAVY_YIELD_EVERY items as the
// service does. Prints the whole run and the longest synchronous stretch (what /healthz may wait).
// Run: npx tsx bench/cooperative.ts [events] [yieldEvery]
import { validateCooperatively, type CheckedEvent } from "../src/checks/validation-rules.js";
import { rewindEventsCooperatively, type Columns, type EventChangeRecord } from "../src/history/rewind.js";

const COUNT = Number(process.argv[2] ?? 100_000);
const EVERY = Number(process.argv[3] ?? 2000);

async function stretches(label: string, run: (pause: (n: number) => Promise<void>) => Promise<unknown>): Promise<void> {
  let longest = 0;
  let last = performance.now();
  const started = last;
  let turns = 0;
  let nextTurn = EVERY;
  // As checkpointEvery (src/common/request-budget.ts): a turn once EVERY more items are handled.
  await run(async (n) => {
    if (n < nextTurn) return;
    nextTurn = n + EVERY;
    const now = performance.now();
    longest = Math.max(longest, now - last);
    await new Promise<void>((resolve) => setImmediate(resolve));
    turns++;
    last = performance.now();
  });
  const end = performance.now();
  longest = Math.max(longest, end - last);
  console.log(`| ${label} | ${COUNT} | ${(end - started).toFixed(1)} | ${longest.toFixed(1)} | ${turns} |`);
}

const T0 = Date.UTC(2026, 0, 1, 6);
const events: CheckedEvent[] = Array.from({ length: COUNT }, (_, i) => ({
  id: i + 1,
  onAirTime: T0 + i * 60_000 + Math.floor(i / 10) * 1000,
  duration: 60_000,
  locked: i % 1000 === 0,
  eventType: i % 5 === 4 ? "ADVERTISEMENT" : "PRIMARY",
  assetKey: `A${i % 1000}`,
}));
const assets = new Map(Array.from({ length: 1000 }, (_, i) => [`A${i}`, { assetId: `A${i}`, storageType: i % 7 ? "ONLINE" : "ARCHIVED", qcStatus: i % 11 ? "PASSED" : "FAILED", durationMs: 50_000 }]));
const current = new Map<number, Columns>(events.map((e) => [e.id, { title: `E${e.id}`, on_air_time: e.onAirTime, duration: e.duration, version: 3 }]));
const changes: EventChangeRecord[] = events.flatMap((e, i) => [
  { historyId: 1, eventId: e.id, kind: "A" as const, oldValues: null, newValues: { title: `E${e.id}`, on_air_time: e.onAirTime, duration: 1 } },
  { historyId: 2 + (i % 3), eventId: e.id, kind: "C" as const, oldValues: { duration: 1 }, newValues: { duration: e.duration } },
]);

console.log(`| operation | events | whole run ms | longest stretch ms | turns given |`);
console.log(`|---|---|---|---|---|`);
for (let run = 0; run < 2; run++) {
  await stretches("validation", (pause) =>
    validateCooperatively(
      { scheduleId: 1, start: T0, breakMin: 60_000, breakMax: 120_000, channelId: null, scheduleChannelId: null, events, assets, fullList: true, limit: 10 },
      pause,
    ),
  );
  await stretches("rewind", (pause) => rewindEventsCooperatively(current, changes, pause));
}
