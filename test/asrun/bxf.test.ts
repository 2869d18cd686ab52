// The BXF AsRun reader and the choice of reader without the service: the fixture's entries (statuses
// mapped by the table, timecodes at the schedule's rate, drop-frame by the label), stable entry
// ids, refused entities, errors naming the line, warnings for unknown statuses and elements.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readAsRunBxf, type BxfAsRunEntry } from "../../src/asrun/bxf.js";
import { asRunStatusOf } from "../../src/asrun/bxf-status.js";
import { asRunFormatOf, headOf, peekHead } from "../../src/asrun/file-format.js";
import { timecodeToMs } from "../../src/timecode/index.js";

const SAMPLE = readFileSync(new URL("../fixtures/bxf/as-run-sample.xml", import.meta.url), "utf8");
const DAY = Date.parse("2026-03-01T00:00:00.000Z");
const df = (label: string) => DAY + timecodeToMs(label, { fps: 29.97, dropFrame: true });

async function* chunks(text: string, size = 89) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function read(text: string, fps: number | null = 29.97): Promise<{ entries: BxfAsRunEntry[]; warnings: string[] }> {
  const warnings: string[] = [];
  const entries: BxfAsRunEntry[] = [];
  for await (const e of readAsRunBxf(chunks(text), { fps }, { warnings })) entries.push(e);
  return { entries, warnings };
}

const item = (inner: string, status = "Aired") =>
  `<AsRunEventData><BasicAsRun><EventData eventType="Primary">${inner}</EventData><Content><ContentId><HouseNumber>H</HouseNumber></ContentId></Content><AsRunDetail><Status>${status}</Status></AsRunDetail></BasicAsRun></AsRunEventData>`;
const START = `<StartDateTime><SmpteDateTime broadcastDate="2026-03-01"><SmpteTimeCode>06:00:00:00</SmpteTimeCode></SmpteDateTime></StartDateTime>`;
const LENGTH = `<LengthOption><Duration><SmpteDuration><SmpteTimeCode>00:00:10:00</SmpteTimeCode></SmpteDuration></Duration></LengthOption>`;
const doc = (items: string, head = "") => `<BxfMessage id="m-1">\n<BxfData>\n<AsRun>${head}\n${items}\n</AsRun>\n</BxfData>\n</BxfMessage>`;

describe("readAsRunBxf", () => {
  it("reads the sample: one entry per primary item, statuses by the table, times at the schedule's 29.97 drop-frame", async () => {
    const { entries, warnings } = await read(SAMPLE);
    expect(entries.map(({ entryId, eventId, mediaId, actualStart, actualDurationMs, status, deviceId, reason, line, eventRef }) => ({
      entryId, eventId, mediaId, start: actualStart.getTime(), actualDurationMs, status, deviceId, reason, line, eventRef,
    }))).toEqual([
      { entryId: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000001", eventId: null, mediaId: "MS-0301-A", start: df("06:00:00;00"), actualDurationMs: timecodeToMs("00:28:30;00", { fps: 29.97, dropFrame: true }), status: "AIRED", deviceId: "KEXA", reason: null, line: 14, eventRef: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000001" },
      { entryId: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000002", eventId: null, mediaId: "AD-4711", start: df("06:28:31;00"), actualDurationMs: timecodeToMs("00:00:30;00", { fps: 29.97, dropFrame: true }), status: "AIRED", deviceId: "KEXA", reason: null, line: 29, eventRef: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000002" },
      { entryId: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000003", eventId: null, mediaId: "WX-1", start: df("06:29:01;00"), actualDurationMs: 0, status: "SKIPPED", deviceId: "KEXA", reason: "dropped to recover time", line: 40, eventRef: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000003" },
      { entryId: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000005", eventId: null, mediaId: "PR-9", start: df("06:30:00;00"), actualDurationMs: timecodeToMs("00:00:10;00", { fps: 29.97, dropFrame: true }), status: "PARTIAL", deviceId: "KEXA", reason: null, line: 59, eventRef: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000005" },
      { entryId: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000006", eventId: null, mediaId: "PR-10", start: df("06:30:20;00"), actualDurationMs: 0, status: "FAILED", deviceId: "KEXA", reason: "error code E-1017", line: 70, eventRef: "urn:uuid:9e0f4c2a-0000-4000-8000-000000000006" },
      { entryId: "urn:uuid:7c1d9a60-41f2-4e0b-9b7e-2f5a8c3d1e90#7", eventId: null, mediaId: "LIVE-BREAK", start: df("06:31:00;02"), actualDurationMs: timecodeToMs("00:00:15;00", { fps: 29.97, dropFrame: true }), status: "UNPLANNED", deviceId: "KEXA", reason: "breaking news", line: 80, eventRef: null },
    ]);
    expect(warnings).toEqual([
      'line 90: status "Wobbly" is not an as-run status playout-gateway knows (docs/ASRUN.md "BXF AsRun in"); the item is not stored',
      "1 NonPrimary item(s) ignored: as-run is kept for primary events (first: line 50)",
      "Elements not read, ignored: CompleteAsRun/EventData/StartMode (line 19), AsRunDetail/Operator (line 25)",
    ]);
  });

  it("maps statuses by the documented table; an error code is FAILED with the code as reason; none is AIRED", () => {
    expect(asRunStatusOf("aired")).toEqual({ status: "AIRED", reason: null });
    expect(asRunStatusOf("Not Played")).toEqual({ status: "SKIPPED", reason: null });
    expect(asRunStatusOf("cut_short")).toEqual({ status: "PARTIAL", reason: null });
    expect(asRunStatusOf("ERR-42")).toEqual({ status: "FAILED", reason: "error code ERR-42" });
    expect(asRunStatusOf("Inserted")).toEqual({ status: "UNPLANNED", reason: null });
    expect(asRunStatusOf(undefined)).toEqual({ status: "AIRED", reason: null });
    expect(asRunStatusOf("Wobbly")).toBeNull();
  });

  it("gives the same ids to the same file; a repeated EventId with other content gets #2; no id: message id and place", async () => {
    const ref = "<EventId><EventId>E1</EventId></EventId>";
    const text = doc([item(ref + START + LENGTH), item(ref + START + LENGTH), item(ref + START + LENGTH, "Skipped"), item(START + LENGTH)].join("\n"));
    const first = (await read(text)).entries.map((e) => e.entryId);
    expect(first).toEqual(["E1", "E1", "E1#2", "m-1#4"]);
    expect((await read(text)).entries.map((e) => e.entryId)).toEqual(first);
    const noMessageId = (await read(text.replace(' id="m-1"', ""))).entries.map((e) => e.entryId);
    expect(noMessageId[3]).toMatch(/^bxf-[0-9a-f]{20}$/);
    expect((await read(text.replace(' id="m-1"', ""))).entries[3].entryId).toBe(noMessageId[3]);
  });

  it("a frameRate attribute wins over the schedule's; a schedule rate without timecode needs one", async () => {
    const at25 = item(START.replace("<SmpteDateTime ", '<SmpteDateTime frameRate="25" ').replace("06:00:00:00", "06:00:00:24") + LENGTH.replace("<SmpteDuration>", '<SmpteDuration frameRate="25">'));
    expect((await read(doc(at25), null)).entries[0].actualStart.getTime()).toBe(DAY + 6 * 3600_000 + 960);
    await expect(read(doc(item(START + LENGTH)), null)).rejects.toThrow(/line 4: start: the schedule's frame rate has no timecode/);
  });

  it("never loads an external entity: a DOCTYPE declaring entities is refused naming its line", async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE BxfMessage [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n${doc(item(START + LENGTH).replace("<HouseNumber>H", "<HouseNumber>&xxe;"))}`;
    await expect(read(xxe)).rejects.toThrow(/line \d+: entity declarations are not accepted/);
    await expect(read(xxe.replace(/<!DOCTYPE[^]*?\]>\n/, ""))).rejects.toThrow(/line 5: undefined entity/);
  });

  it("names the line of malformed XML, a bad timecode, a missing start or duration, and refuses another root or no AsRun", async () => {
    await expect(read(doc(item(START + LENGTH)).replace("</AsRun>", "</AsRn>"))).rejects.toThrow(/^line 5: unexpected close tag/);
    await expect(read(doc(item(START.replace("06:00:00:00", "06:00:00:45") + LENGTH)))).rejects.toThrow(/line 4: start: .*06:00:00:45/);
    await expect(read(doc(item(LENGTH)))).rejects.toThrow(/line 4: AsRunDetail\/StartDateTime \(or EventData\/StartDateTime\) is required/);
    await expect(read(doc(item(START)))).rejects.toThrow(/line 4: .*Duration.* is required for an item that went to air/);
    await expect(read("<tv>\n</tv>")).rejects.toThrow(/line 1: the root element must be <BxfMessage>/);
    await expect(read("<BxfMessage><BxfData><Schedule/></BxfData></BxfMessage>")).rejects.toThrow(/holds no BXF AsRun/);
  });

  it("reads the other item shapes: a list of AsRunEvent in one AsRunEventData, a bare AsRunDetail, Status in the item", async () => {
    const data = (house: string) => `<EventData eventType="Primary">${START}${LENGTH}</EventData><Content><ContentId><HouseNumber>${house}</HouseNumber></ContentId></Content>`;
    const list = `<AsRunEventData><AsRunEvent>${data("A")}<AsRunDetail><Status>Skipped</Status></AsRunDetail></AsRunEvent><AsRunEvent>${data("B")}<Status>cut short</Status></AsRunEvent></AsRunEventData>`;
    const bare = `<AsRunDetail>${data("C")}<Status>Inserted</Status></AsRunDetail>`;
    const { entries, warnings } = await read(doc(list + bare));
    expect(entries.map((e) => [e.mediaId, e.status, e.entryId])).toEqual([["A", "SKIPPED", "m-1#1"], ["B", "PARTIAL", "m-1#2"], ["C", "UNPLANNED", "m-1#3"]]);
    expect(warnings).toEqual([]);
  });

  it("takes the device from the AsRun's Channel (shortName, else Name), else the message's origin", async () => {
    const one = item(START + LENGTH);
    expect((await read(doc(one, '<Channel><Name>Seven</Name></Channel>'))).entries[0].deviceId).toBe("Seven");
    expect((await read(doc(one).replace('id="m-1"', 'id="m-1" origin="MCR 2"'))).entries[0].deviceId).toBe("MCR 2");
    expect((await read(doc(one))).entries[0].deviceId).toBe("bxf");
  });
});

describe("as-run file format", () => {
  it("finds the root past a BOM, the declaration, comments and a DOCTYPE, however long", async () => {
    const long = `\uFEFF<?xml version="1.0"?>\n<!-- ${"x".repeat(100_000)} -->\n<!DOCTYPE BxfMessage [ <!ELEMENT a (b)> ]>\n<?pi x?>\n<bxf:BxfMessage xmlns:bxf="u">`;
    expect(headOf(long)).toEqual({ kind: "xml", root: "bxf:BxfMessage" });
    expect(headOf(long.slice(0, 5000))).toEqual({ kind: "more" });
    const { head, all } = await peekHead(chunks(long + "</bxf:BxfMessage>", 1000));
    expect(head).toEqual({ kind: "xml", root: "bxf:BxfMessage" });
    let again = "";
    for await (const c of all) again += c;
    expect(again).toBe(long + "</bxf:BxfMessage>");
    expect(headOf("entryId,eventId\n")).toEqual({ kind: "text" });
  });

  it("chooses by extension, then content; other XML is refused", () => {
    const bxf = headOf("<BxfMessage>");
    const csv = headOf("entryId,status\n");
    expect(asRunFormatOf("a.csv", bxf)).toBe("csv");
    expect(asRunFormatOf("a.BXF", csv)).toBe("bxf");
    expect(asRunFormatOf("a.xml", csv)).toBe("bxf");
    expect(asRunFormatOf("upload", bxf)).toBe("bxf");
    expect(asRunFormatOf(null, csv)).toBe("csv");
    expect(() => asRunFormatOf("a.txt", headOf("<tv>"))).toThrow(/XML whose root element is <tv>/);
  });
});
