// The BXF AsRun reader alone (src/asrun/bxf.ts, no database): a message of 100,000 as-run items
// (about 55 MB) read in 64 KiB pieces, against saxes alone on the same text (the floor).
// Run: npx tsx bench/asrun-bxf.ts [items] [runs]
import { SaxesParser } from "saxes";
import { readAsRunBxf } from "../src/asrun/bxf.js";

const N = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);
const tc = (s: number) => [Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, "0")).join(":") + ":00";
const parts = ['<BxfMessage id="m"><BxfData><AsRun><Channel shortName="X"/>'];
for (let i = 0; i < N; i++) {
  parts.push(
    `<AsRunEventData><BasicAsRun><EventData eventType="Primary"><EventId><EventId>urn:uuid:${i}</EventId></EventId>` +
      `<StartDateTime><SmpteDateTime broadcastDate="2026-03-01"><SmpteTimeCode>${tc(i)}</SmpteTimeCode></SmpteDateTime></StartDateTime>` +
      `<LengthOption><Duration><SmpteDuration><SmpteTimeCode>00:00:01:00</SmpteTimeCode></SmpteDuration></Duration></LengthOption></EventData>` +
      `<Content><ContentId><HouseNumber>H${i}</HouseNumber></ContentId><Name>Item ${i}</Name></Content><AsRunDetail><Status>Aired</Status></AsRunDetail></BasicAsRun></AsRunEventData>\n`,
  );
}
parts.push("</AsRun></BxfData></BxfMessage>");
const text = parts.join("");
async function* pieces() {
  for (let i = 0; i < text.length; i += 65536) yield text.slice(i, i + 65536);
}

async function measure(label: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(50)} median ${times[Math.floor(times.length / 2)].toFixed(0).padStart(7)} ms   max ${times[times.length - 1].toFixed(0).padStart(7)} ms`);
}

console.log(`${N} items, ${(text.length / 1e6).toFixed(1)} MB`);
await measure("saxes alone (xmlns, positions)", async () => {
  const parser = new SaxesParser({ xmlns: true, position: true });
  for await (const piece of pieces()) parser.write(piece);
  parser.close();
});
await measure("readAsRunBxf (entries out)", async () => {
  let n = 0;
  for await (const _ of readAsRunBxf(pieces(), { fps: 25 }, { warnings: [] })) n++;
  if (n !== N) throw new Error(`read ${n} of ${N}`);
});
