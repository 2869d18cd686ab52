// `npm run bench`: the benchmarks whose figures docs/PERFORMANCE.md records for the timeline,
// events, validation, import and reporting, one after the other, each as its own process with
// this environment (DATABASE_URL / BENCH_DATABASE_URL as each documents). Arguments name the
// ones to run (default: all); the peer benchmark has its own script (`npm run bench:peers`).
import { spawnSync } from "node:child_process";

const BENCHES: Record<string, string[]> = {
  timeline: ["bench/timeline.ts"],
  events: ["bench/events.ts"],
  checks: ["bench/checks.ts"],
  io: ["bench/io.ts"],
  reporting: ["bench/reporting.ts"],
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHES));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(", ")}; known: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(2);
}
let failed = 0;
for (const [name, args] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n## ${name}: npx tsx ${args.join(" ")}`);
  const run = spawnSync("npx", ["tsx", ...args], { stdio: "inherit", env: process.env });
  if (run.status !== 0) {
    console.error(`${name} failed (exit ${run.status ?? run.signal})`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
