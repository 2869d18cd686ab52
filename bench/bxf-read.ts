// The BXF reader alone, without HTTP or a database: the 100,000-event file of bench/bxf.ts (written
// once into the temp folder), read from disk as UTF-8 text, through readBxf, through readEvents
// (readBxf plus the events rules, batches dropped), and through saxes with no handlers. Median of RUNS
// runs, wall and CPU time of this process. Tells the parser's own cost from the BXF handlers'.
// Usage: node --expose-gc --import tsx bench/bxf-read.ts   (EVENTS=100000, RUNS=3)
import { createReadStream, createWriteStream, existsSync, renameSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SaxesParser } from "saxes";
import type { EventRow } from "../src/schedules/store/tables.js";
import { bxfDocument } from "../src/io/formats/bxf.js";
import { readBxf } from "../src/io/formats/bxf-read.js";
import { utf8Text } from "../src/io/formats/source.js";
import { readEvents } from "../src/io/importer.js";
import type { ScheduleRow } from "../src/schedules/store/tables.js";

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 3);
const START = Date.UTC(2026, 0, 1);
const org = "bench-bxf";

/** The events of bench/bxf.ts. */
export async function* benchRows(events: number): AsyncGenerator<EventRow> {
  for (let i = 0; i < events; i++) {
    const ad = i % 10 === 9;
    const data: Record<string, unknown> = { programme: { title: `Programme ${i}` }, som: 10_000 };
    if (ad) data.scte35Signals = [{ offset: 0, scteEventType: "SPLICE", command: "ON", spliceEventId: i, duration: 30_000, autoReturn: true }];
    if (i % 5 === 0) data.secondaryEvents = [{ objectName: "logo", offset: 2000, origin: "FROM_START", command: "ON" }];
    yield { id: i + 1, scheduleId: 1, organization: org, onAirTime: START + i * 30_000, duration: 30_000, eventType: ad ? "ADVERTISEMENT" : "PRIMARY", title: `Programme ${i} & co`, locked: false, mediaId: `MEDIA-${i % 5000}`, assetId: null, status: null, qcStatus: null, programmeTitle: null, version: 1, data } as EventRow;
  }
}

/** Writes the bench's BXF file to `path`. */
export async function writeBenchFile(path: string, events: number): Promise<void> {
  const out = createWriteStream(path);
  const schedule = { id: 1, name: "bench", channel: "Bench", fps: 25, startDate: new Date(START), finishDate: new Date(START + events * 30_000) } as ScheduleRow;
  for await (const chunk of bxfDocument(schedule, benchRows(events))) if (!out.write(chunk)) await once(out, "drain");
  out.end();
  await once(out, "finish");
}

async function measure(name: string, fn: () => Promise<number>) {
  const times: { ms: number; cpu: number; n: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    global.gc?.();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const n = await fn();
    const used = process.cpuUsage(cpu);
    times.push({ ms: performance.now() - started, cpu: (used.user + used.system) / 1000, n });
  }
  times.sort((a, b) => a.ms - b.ms);
  const m = times[Math.floor(RUNS / 2)];
  console.log(`| ${name} | ${Math.round(m.ms)} | ${Math.round(m.cpu)} | ${m.n} |`);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  // Named by the writer's layout too, so that a file of an older export is never read in its place.
  const path = join(tmpdir(), `pgw-bench-bxf-std-${EVENTS}.xml`);
  if (!existsSync(path)) {
    await writeBenchFile(`${path}.part`, EVENTS);
    renameSync(`${path}.part`, path);
  }
  const text = () => utf8Text(createReadStream(path, { highWaterMark: 256 * 1024 }));
  console.log(`BXF reader: ${EVENTS} events (${path}), median of ${RUNS}\n| stage | time ms | CPU ms | items |\n|---|---|---|---|`);
  await measure("UTF-8 text from disk", async () => {
    let n = 0;
    for await (const chunk of text()) n += chunk.length;
    return n;
  });
  await measure("readBxf", async () => {
    let n = 0;
    for await (const _event of readBxf(text(), { fps: 25, channel: null }, { warnings: [], schedule: {} })) n++;
    return n;
  });
  await measure("readEvents (readBxf + events rules)", async () => {
    const result = await readEvents(text(), { fileName: "bench.xml", scriptId: "bxf" }, (() => {
      throw new Error("no JSON here");
    }) as never, async () => {});
    return result.count;
  });
  // Last, and with the options of readBxf only: saxes run with both option sets in one process turns
  // polymorphic, and whatever runs after it measured up to three times slower here.
  await measure("saxes alone, no handlers (xmlns: true, as readBxf)", async () => {
    const parser = new SaxesParser({ xmlns: true, position: true });
    let n = 0;
    parser.on("opentag", () => n++);
    for await (const chunk of text()) parser.write(chunk);
    parser.close();
    return n;
  });
}
