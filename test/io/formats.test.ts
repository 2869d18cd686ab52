// The pure parts of the formats: XMLTV times (DTD rules), timecodes, and the CSV row reader.
import { describe, expect, it } from "vitest";
import { csvRows } from "../../src/io/formats/csv.js";
import { formatXmltvTime, parseTimecode, parseXmltvTime } from "../../src/io/formats/times.js";
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

describe("timecodes", () => {
  it("count frames at the fps", () => {
    expect(parseTimecode("00:30:00:00", 25)).toBe(1_800_000);
    expect(parseTimecode("00:00:01:15", 30)).toBe(1500);
    expect(parseTimecode("00:00:00:01", 29.97)).toBe(33);
    expect(parseTimecode("01:00:00;12", 25)).toBe(3_600_480);
  });

  it("refuse frames past the rate and malformed text", () => {
    expect(parseTimecode("00:00:00:25", 25)).toBeNull();
    expect(parseTimecode("00:61:00:00", 25)).toBeNull();
    expect(parseTimecode("1:2:3", 25)).toBeNull();
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
