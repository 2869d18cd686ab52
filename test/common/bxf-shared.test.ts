// What the two BXF readers share (src/common/bxf-smpte.ts, src/common/bxf-xml.ts), without either
// reader: the times with their refusals, the walk of a document (root, entities, elements skipped
// and their warning, texts), the path trees below an item.
import { describe, expect, it } from "vitest";
import { SmpteTimeReader } from "../../src/common/bxf-smpte.js";
import { BXF_SCHEDULE, BxfPathStack, bxfPathTree, BxfWalk, channelShortName, collapseSpaces, type BxfPathNode, type BxfTag } from "../../src/common/bxf-xml.js";
import { UTC_CLOCK } from "../../src/localtime/index.js";

describe("SmpteTimeReader", () => {
  it("reads a timecode at its frameRate, else at the schedule's fps, and tells each frameRate read", () => {
    const rates: number[] = [];
    const times = new SmpteTimeReader({ clock: UTC_CLOCK, fps: 25, onFrameRate: (fps) => rates.push(fps) });
    expect(times.timecode("00:00:01:05", undefined, "line 1", "duration")).toBe(1200);
    expect(times.timecode("00:00:01:15", "30", "line 2", "duration")).toBe(1500);
    expect(times.timecode("00:00:01:15", "30", "line 3", "duration")).toBe(1500);
    expect(times.timecode(undefined, "30", "line 4", "duration")).toBeNull();
    expect(rates).toEqual([30]);
  });

  it("refuses a timecode without rate, a frameRate that is none and a bad timecode, naming the place", () => {
    const none = new SmpteTimeReader({ clock: UTC_CLOCK, fps: null });
    expect(() => none.timecode("00:00:01:00", undefined, "line 4", "start")).toThrow("line 4: start: the schedule's frame rate has no timecode; give the SmpteTimeCode a frameRate");
    expect(() => none.timecode("00:00:01:00", "fast", "line 5", "start")).toThrow('line 5: frameRate "fast" is not a frame rate');
    expect(() => none.timecode("00:00:01:45", "25", "line 6", "SOM")).toThrow(/^line 6: SOM: .*00:00:01:45/);
  });

  it("reads a start as SmpteDateTime (its broadcastDate, else the default day) before UtcDateTime", () => {
    const times = new SmpteTimeReader({ clock: { zone: "UTC", dayStartMs: 6 * 3_600_000 }, fps: 25, noDate: "SmpteDateTime needs a broadcastDate (no day)" });
    const day = Date.parse("2026-03-01T00:00:00Z");
    expect(times.start("07:00:00:00", undefined, "2026-03-01", "2000-01-01T00:00:00Z", "at")).toBe(day + 7 * 3_600_000);
    // Before the 06:00 broadcast day start: the next calendar date.
    expect(times.start("02:00:00:00", undefined, "2026-03-01", undefined, "at")).toBe(day + 26 * 3_600_000);
    expect(times.start(undefined, undefined, undefined, "2026-03-01T10:00:00Z", "at")).toBe(day + 10 * 3_600_000);
    expect(times.start(undefined, undefined, "2026-03-01", undefined, "at")).toBeNull();
    expect(() => times.start("07:00:00:00", undefined, undefined, undefined, "line 7")).toThrow("line 7: SmpteDateTime needs a broadcastDate (no day)");
    times.defaultDay = "2026-03-01";
    expect(times.start("07:00:00:00", undefined, undefined, undefined, "at")).toBe(day + 7 * 3_600_000);
    expect(() => times.start("07:00:00:00", undefined, "March 1", undefined, "line 8")).toThrow('line 8: broadcastDate "March 1" is not a date (YYYY-MM-DD)');
    expect(() => times.start(undefined, undefined, undefined, "yesterday", "line 9")).toThrow('line 9: UtcDateTime "yesterday" is not a date and time (xs:dateTime)');
    expect(() => new SmpteTimeReader({ clock: UTC_CLOCK, fps: 25 }).start("07:00:00:00", undefined, undefined, undefined, "line 10")).toThrow(/^line 10: SmpteDateTime needs a broadcastDate$/);
  });

  it("reads a length as SmpteDuration before UtcDuration", () => {
    const times = new SmpteTimeReader({ clock: UTC_CLOCK, fps: 25 });
    expect(times.length("00:00:10:00", undefined, "PT1S", "at")).toBe(10_000);
    expect(times.length(undefined, undefined, "PT1M0.5S", "at")).toBe(60_500);
    expect(times.length(undefined, undefined, undefined, "at")).toBeNull();
    expect(() => times.length(undefined, undefined, "ten", "line 2")).toThrow('line 2: UtcDuration "ten" is not a duration (PnDTnHnMnS)');
  });
});

interface Node extends BxfPathNode<Node> {
  key: string | null;
}
const TREE = bxfPathTree<Node, string | null>(
  [["EventData", null], ["EventData/EventTitle", "title"]],
  (path) => ({ path, key: null, children: new Map() }),
  (node, key) => (node.key = key),
);

/** A reader of ScheduledEvent titles, on the walk alone. */
function titles(xml: string): { titles: string[]; channel: string | undefined; notRead: string | null; failure: Error | null } {
  const found: string[] = [];
  let channel: string | undefined;
  let rel: BxfPathStack<Node> | null = null;
  let key: string | null = null;
  const walk: BxfWalk = new BxfWalk({
    open(tag: BxfTag) {
      if (rel) {
        const node = rel.enter(tag.local, walk, "ScheduledEvent/");
        if (node?.key) {
          key = node.key;
          walk.collectText();
        }
        return;
      }
      walk.openHead(tag);
      if (walk.head.length === 4 && tag.local === "ScheduledEvent") rel = new BxfPathStack(TREE);
      else if (walk.where === `${BXF_SCHEDULE}/Channel`) channel = channelShortName(tag);
      else if (walk.head.length > 1 && !["BxfData", "Schedule"].includes(tag.local)) walk.skipHead();
    },
    close() {
      if (rel && rel.depth > 0) {
        rel.leave();
        if (key) found.push(collapseSpaces(walk.takeText()));
        key = null;
        return;
      }
      rel = null;
      walk.closeHead();
    },
  });
  walk.parser.write(xml);
  walk.parser.close();
  return { titles: found, channel, notRead: walk.notReadWarning(), failure: walk.failure };
}

describe("BxfWalk", () => {
  it("walks head and items by local name; lists what it skipped with counts and first lines", () => {
    const xml = `<b:BxfMessage xmlns:b="urn:x"><b:BxfData><Schedule><Channel ShortName="KX"/><Other/>
<ScheduledEvent><EventData><EventTitle> Morning <![CDATA[News]]><x>not this</x>  </EventTitle><Extra/></EventData></ScheduledEvent>
<ScheduledEvent><EventData><EventTitle>Two</EventTitle><Extra/></EventData></ScheduledEvent><Other/></Schedule></b:BxfData></b:BxfMessage>`;
    const read = titles(xml);
    expect(read.failure).toBeNull();
    expect(read.titles).toEqual(["Morning News", "Two"]);
    expect(read.channel).toBe("KX");
    expect(read.notRead).toBe("Elements not read, ignored: BxfData/Schedule/Other (2, first line 1), ScheduledEvent/EventData/EventTitle/x (line 2), ScheduledEvent/EventData/Extra (2, first line 2)");
  });

  it("refuses another root, declared entities and malformed XML, naming the line", () => {
    expect(titles("<tv/>").failure?.message).toBe("line 1: the root element must be <BxfMessage> (SMPTE ST 2021), found <tv>");
    expect(titles('<!DOCTYPE BxfMessage [\n<!ENTITY x "y">\n]>\n<BxfMessage/>').failure?.message).toMatch(/^line \d+: entity declarations are not accepted/);
    expect(titles("<BxfMessage>\n<BxfData></BxfDat></BxfMessage>").failure?.message).toMatch(/^line 2: /);
  });

  it("lists 30 elements not read, then how many more", () => {
    const others = Array.from({ length: 32 }, (_, i) => `<E${i}/>`).join("");
    expect(titles(`<BxfMessage>${others}</BxfMessage>`).notRead).toMatch(/E29 \(line 1\), and 2 more$/);
  });
});
