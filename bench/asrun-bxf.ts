// The BXF AsRun reader alone (src/asrun/bxf.ts, no database): a message of 100,000 as-run items in
// the standard's structure (Schedule/AsRun/BasicAsRun with its AsRunDetail) read in 64 KiB pieces,
// against saxes alone on the same text (the floor).
// Run: npx tsx bench/asrun-bxf.ts [items] [runs]
import { SaxesParser } from "saxes";
import { readAsRunBxf } from "../src/asrun/bxf.js";
import { measure } from "./lib.js";

const N = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);
const tc = (s: number) => [Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, "0")).join(":") + ":00";
const parts = ['<BxfMessage id="m"><BxfData><Schedule type="Primary" scheduleId="urn:uuid:00000000-0000-4000-8000-000000000000"><Channel shortName="X"/>'];
for (let i = 0; i < N; i++) {
  parts.push(
    `<AsRun><BasicAsRun><AsRunEventId><EventId>urn:uuid:${i}</EventId></AsRunEventId>` +
      `<Content><ContentId><HouseNumber>H${i}</HouseNumber></ContentId><Name>Item ${i}</Name></Content>` +
      `<AsRunDetail><Status>Aired Without Discrepancy</Status><Type>Primary</Type>` +
      `<StartDateTime><SmpteDateTime broadcastDate="2026-03-01"><SmpteTimeCode>${tc(i)}</SmpteTimeCode></SmpteDateTime></StartDateTime>` +
      `<Duration><SmpteDuration><SmpteTimeCode>00:00:01:00</SmpteTimeCode></SmpteDuration></Duration></AsRunDetail></BasicAsRun></AsRun>\n`,
  );
}
parts.push("</Schedule></BxfData></BxfMessage>");
const text = parts.join("");
async function* pieces() {
  for (let i = 0; i < text.length; i += 65536) yield text.slice(i, i + 65536);
}

/** One line per operation: median and max of RUNS runs after a warm-up (bench/lib.ts measure). */
async function report(label: string, run: () => unknown): Promise<void> {
  const m = await measure(label, async () => run(), RUNS);
  console.log(`${label.padEnd(50)} median ${m.medianMs.toFixed(0).padStart(7)} ms   max ${m.maxMs.toFixed(0).padStart(7)} ms`);
}

console.log(`${N} items, ${(text.length / 1e6).toFixed(1)} MB`);
await report("saxes alone (xmlns, positions)", async () => {
  const parser = new SaxesParser({ xmlns: true, position: true });
  for await (const piece of pieces()) parser.write(piece);
  parser.close();
});
await report("readAsRunBxf (entries out)", async () => {
  let n = 0;
  for await (const _ of readAsRunBxf(pieces(), { fps: 25 }, { warnings: [] })) n++;
  if (n !== N) throw new Error(`read ${n} of ${N}`);
});
