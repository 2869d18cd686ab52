// Structural conformance of what we write as BXF (SMPTE ST 2021): for each element the exports
// write, the children the XSD declares (in the XSD's order) and which of them it requires, with the
// XSD type each row comes from, in both namespaces we write (2008: BXF 1.0, 2017). The schedule
// export (every event type, secondary events, cues, 25 / 29.97 / 50 fps), the import of a traffic
// schedule in the standard's structure exported again, and the as-run export are checked against
// the table: no child the type does not declare, none out of order, none required missing, and the
// values of the simple types we write (timecodes, UUIDs, enumerations) in their patterns.
// The XSDs themselves are SMPTE's (all rights reserved) and are not in this repository: anyone who
// holds them checks a file with `npm run check:bxf -- --xsd <folder> <file>` (docs/FORMATS.md).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { xmlTree, type XmlNode } from "../helpers/xml-tree.js";
import { asRunBxfDocument } from "../../src/asrun/bxf-out.js";
import type { AiredEntry } from "../../src/asrun/reconcile.js";
import type { EventRow } from "../../src/schedules/store/tables.js";
import { bxfDocument, type BxfVersion } from "../../src/io/formats/bxf.js";
import { readBxf } from "../../src/io/formats/bxf-read.js";
import type { ImportNotes } from "../../src/io/formats/types.js";
import type { ScheduleRow } from "../../src/schedules/store/tables.js";

interface Row {
  /** The XSD type (file: type) the row is read from. */
  type: string;
  /** The children the type declares that we may write, in the XSD's order ("A|B": a choice, one place). */
  sequence: string[];
  /** Children it requires ("A|B": one of them). */
  required: string[];
  /** Attributes it requires. */
  attributes?: string[];
}

/** Keyed by "Parent/Element" where a name means two things, else by the element's name. */
const TABLE: Record<string, Row> = {
  BxfMessage: { type: "bxfschema.xsd: element BxfMessage", sequence: ["BxfData"], required: ["BxfData"], attributes: ["id", "dateTime", "messageType", "origin", "originType", "userName"] },
  BxfData: { type: "bxfschema.xsd: BxfMessage/BxfData", sequence: ["Schedule", "PrivateInformation"], required: ["Schedule"] },
  Schedule: { type: "schedule.xsd: Schedule", sequence: ["Channel", "ScheduleName", "ScheduledEvent|AsRun", "PrivateInformation"], required: [], attributes: ["type", "scheduleId"] },
  Channel: { type: "bxfchannel.xsd: Channel (pmcp:ChannelType)", sequence: ["pmcp:Name"], required: [] },
  ScheduledEvent: { type: "scheduledevent.xsd: ScheduledEvent", sequence: ["EventData", "Content", "ScheduleElements", "PrivateInformation"], required: [] },
  EventData: {
    type: "eventdata.xsd: EventData",
    sequence: ["EventId", "EventTitle", "PrimaryEvent|NonPrimaryEvent", "StartDateTime", "LengthOption", "StartMode", "EndMode", "PrivateInformation"],
    required: ["EventId", "PrimaryEvent|NonPrimaryEvent", "StartDateTime", "LengthOption", "StartMode", "EndMode"],
  },
  "EventData/EventId": { type: "eventdata.xsd: EventExtId", sequence: ["EventId|Null", "BillingReferenceCode"], required: ["EventId|Null"] },
  PrimaryEvent: { type: "primaryevent.xsd: PrimaryEvent", sequence: ["ProgramEvent|NonProgramEvent", "PrimaryElementId", "PrivateInformation"], required: ["ProgramEvent|NonProgramEvent"] },
  ProgramEvent: { type: "programevent.xsd: ProgramEvent", sequence: ["SegmentNumber", "ProgramName", "PrivateInformation"], required: ["SegmentNumber"] },
  NonProgramEvent: { type: "nonprogramevent.xsd: NonProgramEvent", sequence: ["Details", "PrivateInformation"], required: ["Details"] },
  NonPrimaryEvent: {
    type: "nonprimaryevent.xsd: NonPrimaryEvent",
    sequence: ["NonPrimaryEventName", "OptionalFlag", "PrimaryEventId", "NonPrimaryElementId", "Offset", "PrivateInformation"],
    required: ["NonPrimaryEventName"],
  },
  Offset: { type: "nonprimaryevent.xsd: NonPrimaryEvent/Offset", sequence: ["OffsetTime"], required: [] },
  OffsetTime: { type: "bxftypes.xsd: BxfSmpteTime", sequence: ["SmpteTimeCode"], required: ["SmpteTimeCode"] },
  "EventData/StartDateTime": { type: "eventdata.xsd: StartDateTime (bxftypes.xsd: BxfDateTime)", sequence: ["SmpteDateTime|UtcDateTime"], required: ["SmpteDateTime|UtcDateTime"] },
  "AsRunDetail/StartDateTime": { type: "bxftypes.xsd: BxfDateTime", sequence: ["SmpteDateTime|UtcDateTime"], required: ["SmpteDateTime|UtcDateTime"] },
  SmpteDateTime: { type: "bxftypes.xsd: BxfSmpteDateTime", sequence: ["SmpteTimeCode"], required: ["SmpteTimeCode"], attributes: ["broadcastDate"] },
  LengthOption: { type: "eventdata.xsd: EventData/LengthOption", sequence: ["Duration|EndDateTime"], required: ["Duration|EndDateTime"] },
  "LengthOption/Duration": { type: "eventdata.xsd: LengthOption/Duration (bxftypes.xsd: BxfDuration)", sequence: ["SmpteDuration|UtcDuration", "EstimatedDurationOffset"], required: ["SmpteDuration|UtcDuration"] },
  "AsRunDetail/Duration": { type: "bxftypes.xsd: BxfDuration", sequence: ["SmpteDuration|UtcDuration"], required: ["SmpteDuration|UtcDuration"] },
  SmpteDuration: { type: "bxftypes.xsd: BxfSmpteTime", sequence: ["SmpteTimeCode"], required: ["SmpteTimeCode"] },
  Content: {
    type: "contentmetadata.xsd: ContentMetaData",
    sequence: ["ContentId", "Name", "DefaultLength", "Genre", "Description", "UsagePolicy", "Media", "PrivateInformation"],
    required: ["ContentId"],
  },
  ContentId: { type: "bxfcontentid.xsd: BxfContentId", sequence: ["HouseNumber", "AlternateId"], required: ["HouseNumber"] },
  PrivateInformation: { type: "bxftypes.xsd: BxfPrivateInformation (any element, any namespace)", sequence: ["pgw:Scte35Cue|pgw:Som|pgw:EntryId|pgw:Reason|pgw:DeviceId|pgw:Scte35Cues"], required: [] },
  AsRun: { type: "schedule.xsd: Schedule/AsRun", sequence: ["CompleteAsRun|BasicAsRun"], required: ["CompleteAsRun|BasicAsRun"] },
  BasicAsRun: { type: "asrun.xsd: BasicAsRun", sequence: ["AsRunEventId", "Content", "AsRunDetail", "PrivateInformation"], required: ["AsRunEventId", "AsRunDetail"] },
  AsRunEventId: { type: "eventdata.xsd: EventExtId", sequence: ["EventId|Null", "BillingReferenceCode"], required: ["EventId|Null"] },
  AsRunDetail: { type: "asrun.xsd: AsRunDetail", sequence: ["Status", "Type", "StartDateTime", "Duration", "EventNotes", "PrivateInformation"], required: ["Status", "Type", "StartDateTime", "Duration"] },
  EventNotes: { type: "bxftypes.xsd: EventNotes", sequence: ["EventNote"], required: ["EventNote"] },
};
/** NonProgramDetail differs between the versions: 2008 has a free SpotType, 2017 an AdType and a SpotType, both enumerations. */
const DETAILS: Record<BxfVersion, Row> = {
  "2008": { type: "nonprogramdetail.xsd (2008): NonProgramDetail", sequence: ["SpotType", "AdvertiserName", "Agency", "Product", "PrivateInformation"], required: ["SpotType"] },
  "2017": { type: "nonprogramdetail.xsd (2017): NonProgramDetail", sequence: ["AdType", "SpotType", "Advertiser", "Agency", "Product", "MakeGoodFlag", "PrivateInformation"], required: ["AdType", "SpotType"] },
};
/** Elements of simple type with no children, and the patterns or enumerations of their values. */
const UUID = /^urn:uuid:[a-fA-F0-9]{8}(-[a-fA-F0-9]{4}){3}-[a-fA-F0-9]{12}$/;
const LEAVES: Record<string, RegExp | null> = {
  SmpteTimeCode: /^(([0-1][0-9])|(2[0-3])):[0-5][0-9]:[0-5][0-9]([.,:;])[0-2][0-9]$/, // bxftypes.xsd: Smpte258MTimeCode
  "EventId/EventId": UUID, // bxftypes.xsd: Uuid
  "AsRunEventId/EventId": UUID,
  PrimaryEventId: UUID,
  StartMode: /^(Follow|Fixed|Manual|External)$/, // bxftypes.xsd: StartModeType
  EndMode: /^(Duration|Manual|External)$/, // bxftypes.xsd: EndModeType
  SegmentNumber: /^-?\d+$/, // xs:integer
  UtcDateTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, // xs:dateTime
  UtcDuration: /^P(\d+D)?(T(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, // xs:duration
  Status: /^(Aired Without Discrepancy|Technical Difficulty|Did not air|Aired with Duration Discrepancy|Aired with Content Discrepancy|Preempted|Joined in Progress|Inserted by Operator|Unknown|Missing Content)$/, // AsRunStatusType
  Type: /^(Primary|NonPrimary|Auxillary|Comment|ProgramHeader|BreakHeader|Macro|Data)$/, // ScheduleEventType
  "Details/AdType": /^(Direct Response|General|Paid Program|Promo|PSA|Trade\/Barter|Other)$/, // 2017
  ScheduleName: null, ProgramName: null, NonPrimaryEventName: null, EventTitle: null, Name: null, HouseNumber: null, EventNote: null, "Details/SpotType": null, "pmcp:Name": null,
  "pgw:Scte35Cue": /^[A-Za-z0-9+/]+=*$/, "pgw:Som": /^\d+$/, "pgw:EntryId": null, "pgw:Reason": null, "pgw:DeviceId": null, "pgw:Scte35Cues": /^\d+$/, Null: /^$/,
};
const SPOT_TYPE_2017 = /^(BillBoard|Bookend|Paid Program|Piggyback|Standard|Other)$/;


/** Every departure of the document from the table, as "path: what" lines (none when it conforms). */
function departures(xml: string, version: BxfVersion): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const visit = (node: XmlNode, parent: string, path: string) => {
    const here = `${path}/${node.name}`;
    const key = `${parent}/${node.name}`;
    const leaf = key in LEAVES ? LEAVES[key] : node.name in LEAVES ? LEAVES[node.name] : undefined;
    if (leaf !== undefined) {
      if (node.children.length) problems.push(`${here}: a simple-typed element with children`);
      const value = node.text.trim();
      const pattern = node.name === "SpotType" && parent === "Details" && version === "2017" ? SPOT_TYPE_2017 : leaf;
      if (pattern && !pattern.test(value)) problems.push(`${here}: "${value}" is not of its type`);
      if (node.name === "EventId" && node.text.trim().length !== 45 && parent !== "EventData") problems.push(`${here}: a Uuid is 45 characters`);
      seen.add(key in LEAVES ? key : node.name);
      return;
    }
    const row = node.name === "Details" ? DETAILS[version] : (TABLE[key] ?? TABLE[node.name]);
    if (!row) {
      problems.push(`${here}: no row of the table (an element the XSD does not declare there?)`);
      return;
    }
    seen.add(TABLE[key] ? key : node.name);
    for (const a of row.attributes ?? []) if (!(a in node.attributes)) problems.push(`${here}: attribute ${a} is required (${row.type})`);
    let last = -1;
    for (const child of node.children) {
      const at = row.sequence.findIndex((s) => s.split("|").includes(child.name));
      if (at < 0) problems.push(`${here}: ${child.name} is not a child of ${row.type}`);
      else if (at < last) problems.push(`${here}: ${child.name} out of the order of ${row.type}`);
      last = Math.max(last, at);
      visit(child, node.name, here);
    }
    for (const r of row.required) if (!node.children.some((c) => r.split("|").includes(c.name))) problems.push(`${here}: ${r} is required (${row.type})`);
  };
  visit(xmlTree(xml), "", "");
  return problems;
}

async function text(gen: AsyncIterable<string> | Iterable<string>): Promise<string> {
  let out = "";
  for await (const c of gen) out += c;
  return out;
}
async function* rows<T>(list: T[]) {
  yield* list;
}
async function* chunks(t: string) {
  yield t;
}

const T0 = Date.UTC(2026, 2, 1, 6, 0, 0);
const schedule = (fps: number) => ({ id: 42, name: "Day", channel: "One", fps, startDate: new Date(T0), finishDate: new Date(T0 + 3_600_000) }) as ScheduleRow;
let nextId = 1;
const row = (onAirTime: number, duration: number, eventType: string, title: string | null, mediaId: string | null, data: Record<string, unknown> = {}, locked = false): EventRow =>
  ({ id: nextId++, scheduleId: 42, organization: "o", onAirTime, duration, eventType, title, locked, mediaId, assetId: null, status: null, qcStatus: null, programmeTitle: null, version: 1, data }) as EventRow;

/** Every kind of event the export writes: programme parts, each non-programme type, live, no mediaId, a day-long one, the last frames of a day. */
const DAY = () => [
  row(T0, 1_200_000, "PRIMARY", "News 1", "NEWS-1", { programme: { title: "News" }, som: 10_000, secondaryEvents: [{ objectName: "logo", offset: 0, origin: "FROM_START", command: "ON" }, { objectName: "logo", offset: 5000, origin: "FROM_END", command: "OFF" }] }, true),
  row(T0 + 1_200_000, 30_000, "ADVERTISEMENT", "Ad", "AD-1", { scte35Signals: [{ offset: 0, scteEventType: "SPLICE", command: "ON", spliceEventId: 7, duration: 30_000 }] }),
  row(T0 + 1_230_000, 600_000, "PRIMARY", "News 2", "NEWS-1", { programme: { title: "News" }, manualStart: true, manualEnd: true }),
  row(T0 + 1_830_000, 60_000, "LIVE", "Live & <more>", null, { som: 1000 }),
  row(T0 + 1_890_000, 10_000, "PLACEHOLDER", null, null),
  row(T0 + 1_900_000, 10_000, "BLOCK", "Block", "B-1"),
  row(T0 + 1_910_000, 90_000_000, "EMERGENCY", "Emergency", "E-1"),
  row(Date.UTC(2026, 2, 1, 23, 59, 59, 990), 1000, "PRIMARY", "Last", "L-1"),
];

describe("BXF conformance: the table of each element we write", () => {
  it.each([
    [25, "2008"],
    [25, "2017"],
    [29.97, "2008"],
    [29.97, "2017"],
    [50, "2017"],
  ] as const)("the schedule export at %s fps in the %s namespace follows the table", async (fps, version) => {
    const xml = await text(bxfDocument(schedule(fps), rows(DAY()), { version }));
    expect(departures(xml, version)).toEqual([]);
  });

  it("an import of a traffic schedule in the standard's structure, exported again, follows the table", async () => {
    const notes: ImportNotes = { warnings: [], schedule: {} };
    const events: EventRow[] = [];
    const sample = readFileSync(new URL("../fixtures/bxf/traffic-schedule.xml", import.meta.url), "utf8");
    for await (const e of readBxf(chunks(sample), { fps: 25, channel: null }, notes)) {
      const { onAirTime, duration, eventType, title, mediaId, locked, ...data } = e.input;
      events.push(row((onAirTime as Date).getTime(), duration ?? 0, eventType ?? "PRIMARY", title ?? null, mediaId ?? null, data as Record<string, unknown>, locked ?? false));
    }
    expect(events).toHaveLength(6);
    for (const version of ["2008", "2017"] as const) expect(departures(await text(bxfDocument(schedule(25), rows(events), { version })), version)).toEqual([]);
  });

  it("the as-run export follows the table, with every status", async () => {
    const statuses = ["AIRED", "PARTIAL", "SKIPPED", "FAILED", "UNPLANNED"] as const;
    const entries: AiredEntry[] = statuses.map((status, i) => ({
      id: i + 1, entryId: i % 2 ? `e-${i}` : `urn:uuid:00000000-0000-4000-8000-00000000000${i}`, eventId: i < 3 ? i + 10 : null, mediaId: i === 4 ? null : `M-${i}`,
      start: T0 + i * 60_000 + 7, duration: status === "SKIPPED" ? 0 : 30_000, status, deviceId: "mcr-1", reason: i === 3 ? "Missing Content" : i === 1 ? "upcut" : null, scte35Cues: i === 0 ? 2 : null,
    }));
    const head = { id: 42, name: "Day", channel: "One", fps: 29.97, dropFrame: null, startDate: new Date(T0), finishDate: null };
    expect(departures(await text(asRunBxfDocument(head, entries, "2017")), "2017")).toEqual([]);
    expect(departures(await text(asRunBxfDocument(head, entries, "2008")), "2008")).toEqual([]);
  });

  it("the check finds a missing required child, an undeclared one and one out of order", async () => {
    const xml = await text(bxfDocument(schedule(25), rows(DAY().slice(0, 1)), { version: "2008" }));
    expect(departures(xml.replace("<StartMode>Fixed</StartMode>", ""), "2008")).toEqual([expect.stringMatching(/EventData: StartMode is required \(eventdata.xsd: EventData\)$/)]);
    expect(departures(xml.replace(/<SegmentNumber>1<\/SegmentNumber>/, ""), "2008")).toEqual([expect.stringMatching(/ProgramEvent: SegmentNumber is required/)]);
    expect(departures(xml.replace("</NonPrimaryEvent>", "<pgw:Scte35Cue>AA==</pgw:Scte35Cue></NonPrimaryEvent>"), "2008")[0]).toMatch(/pgw:Scte35Cue is not a child of nonprimaryevent.xsd/);
    expect(departures(xml.replace("<StartMode>Fixed</StartMode><EndMode>Duration</EndMode>", "<EndMode>Duration</EndMode><StartMode>Fixed</StartMode>"), "2008")[0]).toMatch(/StartMode out of the order/);
    expect(departures(xml.replace(/06:00:00:00/, "24:00:00:00"), "2008")[0]).toMatch(/"24:00:00:00" is not of its type/);
  });
});
