// npx tsx bench/body-scan.ts: two ways to count a JSON body's values before it costs more than
// its budget, timed on the bodies that matter: the counting pre-scan the service uses
// (src/server/http/body-budget.ts scanJson, then JSON.parse) against @streamparser/json, a streaming
// parser that counts values as it builds them and stops at the limit. Prints ms per body (median
// of BODY_SCAN_ROUNDS, default 9) for a legitimate 1 MB bulk edit and a 10 MB telemetry-sized
// body that must be accepted, and for the 9.6 MB body of 3.2 million `{}` that must be refused.
import JSONParser from "@streamparser/json/jsonparser.js";
import { bodyBudget, scanJson } from "../src/server/http/body-budget.js";
import { loadConfig } from "../src/config.js";

const ROUNDS = Number(process.env.BODY_SCAN_ROUNDS ?? 9);
const budget = bodyBudget(loadConfig({}), true);

const events = Array.from({ length: 6_000 }, (_, i) => ({ onAirTime: new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString(), duration: 60_000, title: `Event ${i}`, eventType: "PRIMARY" }));
const samples = Array.from({ length: 80_000 }, (_, i) => ({ playoutId: `p${i % 50}`, time: new Date(Date.UTC(2026, 2, 1) + i * 1000).toISOString(), status: "ON_AIR", cpu: 0.5, memory: 1024 }));
const bodies: [string, string, boolean][] = [
  ["bulk edit of 6,000 events (1 MB)", JSON.stringify({ query: "mutation($i: BulkEditInput!) { x }", variables: { i: { created: events } } }), true],
  ["telemetry-sized batch (80,000 records)", JSON.stringify({ query: "mutation($b: TelemetryBatchInput!) { x }", variables: { b: { samples } } }), true],
  ["3.2 million {} (9.6 MB)", `{"query":"q","variables":{"x":[${"{},".repeat(3_199_999)}{}]}}`, false],
];

function preScan(text: string): boolean {
  if (scanJson(text, budget)) return false;
  JSON.parse(text);
  return true;
}

class Stop extends Error {}

function streaming(text: string): boolean {
  let values = 0;
  // Every value is emitted as it completes (the whole body built, as the service needs it), counted.
  const parser = new JSONParser();
  parser.onValue = () => {
    if (++values > budget.maxValues) throw new Stop();
  };
  try {
    parser.write(text);
    return true;
  } catch (error) {
    if (error instanceof Stop) return false;
    throw error;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const [label, text, accepted] of bodies) {
  const row: string[] = [];
  for (const [name, read] of [["pre-scan + JSON.parse", preScan], ["@streamparser/json", streaming]] as const) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const ok = read(text);
      times.push(performance.now() - started);
      if (ok !== accepted) throw new Error(`${name} ${ok ? "accepted" : "refused"} ${label}`);
    }
    row.push(`${name} ${median(times).toFixed(1)} ms`);
  }
  process.stdout.write(`${label.padEnd(40)} ${(text.length / 1e6).toFixed(1).padStart(5)} MB  ${accepted ? "accepted" : "refused "}  ${row.join("  ")}\n`);
}
