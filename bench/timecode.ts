// Timings of src/timecode: 1,000,000 values each way at 25 fps and at 29.97 and 59.94 drop-frame
// (the target: converting 1M values in < 300 ms). Best of 5 runs of each; prints a checksum so that the
// work cannot be optimised away.
// Run: npx tsx bench/timecode.ts [count]
import { framesToTimecode, msToFrames, msToTimecode, timecodeToFrames, timecodeToMs, type FrameRate } from "../src/timecode/index.js";

const count = Number(process.argv[2] ?? 1_000_000);
const rates: [string, FrameRate][] = [
  ["25", { fps: 25, dropFrame: false }],
  ["29.97 DF", { fps: 29.97, dropFrame: true }],
  ["59.94 DF", { fps: 59.94, dropFrame: true }],
];

// Durations up to 24 h in ms, from a small deterministic generator (every run measures the same values).
let seed = 7;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const values = Float64Array.from({ length: count }, () => Math.floor(random() * 86_400_000));

/** Best wall time and best CPU time of the process (user + system) over 5 runs: on a loaded machine the CPU time is the fairer figure. */
function best(work: () => number): { ms: number; cpu: number; check: number } {
  let ms = Infinity;
  let cpu = Infinity;
  let check = 0;
  for (let run = 0; run < 5; run++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    check = work();
    ms = Math.min(ms, performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { ms, cpu, check };
}

const fmt = (ms: number) => `${ms.toFixed(0).padStart(5)} ms (${((ms * 1e6) / count).toFixed(0).padStart(4)} ns/value)`;
console.log(`timecode conversions of ${count.toLocaleString("en")} values, best of 5 (node ${process.version})`);
for (const [name, rate] of rates) {
  const labels = Array.from(values, (ms) => msToTimecode(ms, rate));
  const frames = Array.from(values, (ms) => msToFrames(ms, rate));
  const rows: [string, () => number][] = [
    ["ms → timecode", () => values.reduce((n, ms) => n + msToTimecode(ms, rate).length, 0)],
    ["timecode → ms", () => labels.reduce((n, label) => n + timecodeToMs(label, rate), 0)],
    ["frames → timecode", () => frames.reduce((n, f) => n + framesToTimecode(f, rate).length, 0)],
    ["timecode → frames", () => labels.reduce((n, label) => n + timecodeToFrames(label, rate), 0)],
  ];
  for (const [what, work] of rows) {
    const { ms, cpu, check } = best(work);
    console.log(`${name.padEnd(9)} ${what.padEnd(18)} wall ${fmt(ms)}  cpu ${fmt(cpu)}  check ${check}`);
  }
}
