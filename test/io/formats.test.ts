// The pure parts of the formats: XMLTV times (DTD rules), timecodes, and the CSV row reader.
import { describe, expect, it } from "vitest";
import { csvRows, readCsv } from "../../src/io/formats/csv.js";
import { formatXmltvTime, parseXmltvTime } from "../../src/io/formats/times.js";
import { chooseFormat, scheduleNameOf } from "../../src/io/importer.js";

async function* chunks(...parts: string[]) {
  yield* parts;
}

async function rows(...parts: string[]) {
  const out: { line: number; fields: string[] }[] = [];
  for await (const row of csvRows(chunks(...parts))) out.push(row);
  return out;
}

describe("XMLTV times", () => {
  it.each([
    ["20010829000500 BST", "2001-08-28T23:05:00.000Z"],
    ["20021010090000 +0100", "2002-10-10T08:00:00.000Z"],
    ["200006031633", "2000-06-03T16:33:00.000Z"],
    ["2000060316", "2000-06-03T16:00:00.000Z"],
    ["2000", "2000-01-01T00:00:00.000Z"],
    ["20260301073000 CET", "2026-03-01T06:30:00.000Z"],
    ["20260701073000 CEST", "2026-07-01T05:30:00.000Z"],
    ["20260101000000 EST", "2026-01-01T05:00:00.000Z"],
    ["20260101000000 pdt", "2026-01-01T07:00:00.000Z"],
    ["20260101000000 -0330", "2026-01-01T03:30:00.000Z"],
    ["20260101000000+0000", "2026-01-01T00:00:00.000Z"],
    ["20260101000000 GMT", "2026-01-01T00:00:00.000Z"],
  ])("reads %s", (text, iso) => {
    expect(new Date(parseXmltvTime(text)!).toISOString()).toBe(iso);
  });

  it.each(["", "2026-01-01", "20261301000000", "20260230000000", "20260101250000", "20260101000000 XYZ", "20260101000000 +2500", "202601010000001"])("refuses %j", (text) => {
    expect(parseXmltvTime(text)).toBeNull();
  });

  it("writes UTC with +0000, dropping milliseconds", () => {
    expect(formatXmltvTime(Date.UTC(2026, 4, 4, 6, 7, 8, 999))).toBe("20260504060708 +0000");
  });
});

/** The duration the CSV import reads from `text` at `fps` (src/timecode does the timecode maths). */
async function csvDuration(text: string, fps: number): Promise<number | null | undefined> {
  const notes = { warnings: [], schedule: {} };
  for await (const parsed of readCsv(chunks(`onAirTime,duration\n2026-03-01T06:00:00Z,${text}\n`), { fps, channel: null }, notes)) return parsed.input.duration;
  return undefined;
}

describe("CSV durations as timecodes (src/timecode)", () => {
  it("count frames at the fps; ';' counts drop-frame", async () => {
    expect(await csvDuration("00:30:00:00", 25)).toBe(1_800_000);
    expect(await csvDuration("00:00:01:15", 30)).toBe(1500);
    expect(await csvDuration("00:00:00:01", 29.97)).toBe(33);
    expect(await csvDuration("00:10:00;00", 29.97)).toBe(599_999); // 17,982 frames of 1001/30 ms
    expect(await csvDuration("01:00:00:12", 25)).toBe(3_600_480);
    expect(await csvDuration("30000", 25)).toBe(30_000);
  });

  it("refuse frames past the rate, dropped labels and malformed text, naming the line", async () => {
    await expect(csvDuration("00:00:00:25", 25)).rejects.toThrow(/line 2: duration "00:00:00:25" does not exist at 25 non-drop-frame/);
    await expect(csvDuration("00:61:00:00", 25)).rejects.toThrow(/minutes 61 are past 59/);
    await expect(csvDuration("00:01:00;00", 29.97)).rejects.toThrow(/does not exist at 29.97 drop-frame/);
    await expect(csvDuration("01:00:00;12", 25)).rejects.toThrow(/drop-frame exists only at 29.97 and 59.94/);
    await expect(csvDuration("1:2:3", 25)).rejects.toThrow(/is not a timecode/);
    await expect(csvDuration("half an hour", 25)).rejects.toThrow(/neither milliseconds nor HH:MM:SS:FF/);
  });
});

describe("CSV rows", () => {
  it("reads quotes, doubled quotes, line breaks inside quotes and CRLF, across chunk boundaries", async () => {
    expect(await rows('a,b\r\n"x, y","say ""hi"""\r', '\n"two\nlines",', "z\n\n", "last,")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"'] },
      { line: 3, fields: ["two\nlines", "z"] },
      { line: 6, fields: ["last", ""] },
    ]);
  });

  it("names the line of a stray quote or text after a closing quote", async () => {
    await expect(rows("a,b\nx,y\"z\n")).rejects.toThrow(/line 2: a quote inside an unquoted field/);
    await expect(rows('a,b\n"x"y,z\n')).rejects.toThrow(/line 2: text after the closing quote/);
  });
});

describe("format and name", () => {
  it("takes scriptId, else the extension, else the first character", () => {
    expect(chooseFormat({ scriptId: "XMLTV", fileName: "a.csv" }, "")).toBe("xmltv");
    expect(chooseFormat({ fileName: "a.JSON" }, "x")).toBe("json");
    expect(chooseFormat({ fileName: "a" }, "  <?xml")).toBe("xmltv");
    expect(chooseFormat({ fileName: "a" }, "\n{")).toBe("json");
    expect(chooseFormat({ fileName: "a.txt" }, "onAirTime")).toBe("csv");
    expect(() => chooseFormat({ scriptId: "xls", fileName: "a" }, "")).toThrow(/scriptId/);
  });

  it("names the schedule after the file without folders or extension", () => {
    expect(scheduleNameOf("C:\\exports\\Night shift.v2.csv")).toBe("Night shift.v2");
    expect(scheduleNameOf(".hidden")).toBe(".hidden");
    expect(() => scheduleNameOf(" .csv ")).not.toThrow();
    expect(() => scheduleNameOf("dir/")).toThrow(/fileName/);
  });
});
