// Files in local time: the XMLTV export writes the schedule's zone with the offset in force (valid
// against the DTD, read back to the same instants); JSON and CSV read zone-less times in the
// schedule's zone.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { EventRow } from "../../src/events/index.js";
import { xmltvDocument } from "../../src/io/formats/exports.js";
import { readCsv } from "../../src/io/formats/csv.js";
import { readXmltv } from "../../src/io/formats/xmltv.js";
import type { ScheduleRow } from "../../src/schedules/index.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useTestService();
const DTD = fileURLToPath(new URL("../fixtures/xmltv.dtd", import.meta.url));
const HAS_XMLLINT = spawnSync("xmllint", ["--version"]).status === 0;

async function* from<T>(items: T[]) {
  yield* items;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const HOUR = 3_600_000;
const event = (id: number, iso: string, title: string): EventRow =>
  ({ id, scheduleId: 1, organization: "o", onAirTime: Date.parse(iso), duration: HOUR, eventType: "PRIMARY", title, locked: false, mediaId: null, assetId: null, status: null, qcStatus: null, programmeTitle: null, version: 1, data: {} }) as EventRow;

describe("XMLTV in the schedule's zone", () => {
  it("writes both offsets across the autumn change, validates against the DTD, and reads back to the same instants", async () => {
    const schedule = { id: 1, name: "London", channel: "london.example", timeZone: "Europe/London", broadcastDayStart: 0 } as ScheduleRow;
    const events = [event(1, "2026-10-24T23:30:00Z", "Late"), event(2, "2026-10-25T00:30:00Z", "Night"), event(3, "2026-10-25T01:30:00Z", "Later")];
    const body = (await collect(xmltvDocument(schedule, from(events)))).join("");
    expect(body).toContain(`<programme start="20261025003000 +0100" stop="20261025013000 +0100"`);
    expect(body).toContain(`<programme start="20261025013000 +0100" stop="20261025013000 +0000"`);
    expect(body).toContain(`<programme start="20261025013000 +0000" stop="20261025023000 +0000"`);
    if (HAS_XMLLINT) {
      const dir = mkdtempSync(join(tmpdir(), "pgw-local-xmltv-"));
      writeFileSync(join(dir, "guide.xml"), body);
      execFileSync("xmllint", ["--noout", "--nonet", "--dtdvalid", DTD, join(dir, "guide.xml")], { stdio: "pipe" });
    } else console.warn("xmllint is not installed: DTD validation skipped");
    const back = await collect(readXmltv(from([body]), { fps: 25, channel: null }, { warnings: [], schedule: {} }));
    expect(back.map((p) => [(p.input.onAirTime as Date).toISOString(), p.input.duration])).toEqual(events.map((e) => [new Date(e.onAirTime).toISOString(), HOUR]));
  });
});

describe("zone-less times of CSV and JSON", () => {
  it("CSV: read in the given zone; a skipped local time is refused by name", async () => {
    const notes = { warnings: [], schedule: {} };
    const csv = "onAirTime,duration\n2026-03-29T00:30:00,1000\n2026-03-29T02:30:00,1000\n2026-03-29T03:00:00Z,1000\n";
    const read = await collect(readCsv(from([csv]), { fps: 25, channel: null, timeZone: "Europe/London" }, notes));
    expect(read.map((p) => (p.input.onAirTime as Date).toISOString())).toEqual(["2026-03-29T00:30:00.000Z", "2026-03-29T01:30:00.000Z", "2026-03-29T03:00:00.000Z"]);
    const skipped = collect(readCsv(from(["onAirTime\n2026-03-29T01:30:00\n"]), { fps: 25, channel: null, timeZone: "Europe/London" }, notes));
    await expect(skipped).rejects.toThrow(/line 2: onAirTime "2026-03-29T01:30:00" does not exist in Europe\/London/);
    const utc = await collect(readCsv(from(["onAirTime\n2026-03-29T01:30:00\n"]), { fps: 25, channel: null }, notes));
    expect((utc[0].input.onAirTime as Date).toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("JSON: the file's schedule names its zone; zone-less times are read in it, and the schedule keeps it", async () => {
    const { org } = await orgClient(t);
    const file = {
      format: "playout-gateway/schedule",
      schedule: { name: "Sydney", timeZone: "Australia/Sydney", broadcastDayStart: "06:00" },
      events: [
        { onAirTime: "2026-04-05T02:30:00", duration: HOUR, title: "first 02:30 (daylight time)" },
        { onAirTime: "2026-04-05T06:00:00", duration: HOUR, title: "morning" },
        { onAirTime: "2026-04-05T06:00:00Z", duration: HOUR, title: "given in UTC" },
      ],
    };
    const IMPORT = `mutation($file: Upload!) { importSchedule(file: $file) { timeZone broadcastDayStart events { content { onAirTime onAirLocal broadcastDate } } } }`;
    const result = await uploadRequest(t.url, await t.token(org), IMPORT, { name: "sydney.json", content: JSON.stringify(file) });
    expect(result.errors).toBeUndefined();
    const schedule = result.data.importSchedule;
    expect(schedule).toMatchObject({ timeZone: "Australia/Sydney", broadcastDayStart: "06:00" });
    expect(schedule.events.content).toEqual([
      { onAirTime: "2026-04-04T15:30:00.000Z", onAirLocal: "2026-04-05T02:30:00+11:00", broadcastDate: "2026-04-04" },
      { onAirTime: "2026-04-04T20:00:00.000Z", onAirLocal: "2026-04-05T06:00:00+10:00", broadcastDate: "2026-04-05" },
      { onAirTime: "2026-04-05T06:00:00.000Z", onAirLocal: "2026-04-05T16:00:00+10:00", broadcastDate: "2026-04-05" },
    ]);
  });
});
