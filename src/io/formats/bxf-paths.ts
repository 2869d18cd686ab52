// The paths of a BXF ScheduledEvent (or ScheduleElements) that the schedule reader (bxf-read.ts)
// descends through or reads, as a tree of slots, so that it follows an element's path without
// building strings. Pure tables.
import { bxfPathTree, type BxfPathNode } from "../../common/bxf-xml.js";
/**
 * Paths under ScheduledEvent that the reader descends through (null) or takes a text from (the key
 * it keeps the text under: the leaves whose name says enough by name, the others by their path).
 */
export const EVENT_PATHS = new Map<string, string | null>();
for (const path of ["EventData", "EventData/EventId", "EventData/PrimaryEvent", "EventData/PrimaryEvent/ProgramEvent", "EventData/PrimaryEvent/NonProgramEvent",
  "EventData/PrimaryEvent/NonProgramEvent/Details", "EventData/NonPrimaryEvent", "EventData/NonPrimaryEvent/Offset", "EventData/NonPrimaryEvent/Offset/OffsetTime",
  "EventData/StartDateTime", "EventData/StartDateTime/SmpteDateTime", "EventData/LengthOption", "EventData/LengthOption/Duration",
  "EventData/LengthOption/Duration/SmpteDuration", "Content", "Content/ContentId", "Content/Media", "Content/Media/MediaLocation", "Content/Media/MediaLocation/SOM",
  "EventData/PrivateInformation", "Content/PrivateInformation", "EventData/NonPrimaryEvent/PrivateInformation", "Content/Media/BaseBand", "Content/Media/MediaLocation/Location",
  "Content/Media/MediaLocation/Location/RouterSource", "Content/Media/MediaLocation/Location/Satellite", "EventData/EventId/Null"]) {
  EVENT_PATHS.set(path, null);
}
for (const path of ["EventData/PrimaryEvent/ProgramEvent/ProgramName", "EventData/PrimaryEvent/NonProgramEvent/Details/SpotType", "EventData/PrimaryEvent/NonProgramEvent/Details/AdType",
  "EventData/NonPrimaryEvent/NonPrimaryEventName", "EventData/NonPrimaryEvent/PrimaryEventId", "EventData/NonPrimaryEvent/Scte35Cue", "EventData/PrimaryEvent/ProgramEvent/SegmentNumber",
  "EventData/StartMode", "EventData/EndMode", "EventData/StartDateTime/UtcDateTime", "EventData/LengthOption/Duration/UtcDuration"]) {
  EVENT_PATHS.set(path, path.slice(path.lastIndexOf("/") + 1));
}
// Our own data in PrivateInformation (the export's cue and SOM), under the keys the older files' elements had.
EVENT_PATHS.set("EventData/NonPrimaryEvent/PrivateInformation/Scte35Cue", "Scte35Cue");
EVENT_PATHS.set("EventData/PrivateInformation/Som", "Som");
EVENT_PATHS.set("Content/PrivateInformation/Som", "Som");
for (const path of ["EventData/EventId/EventId", "EventData/EventTitle", "EventData/NonPrimaryEvent/Offset/OffsetTime/SmpteTimeCode", "EventData/StartDateTime/SmpteDateTime/SmpteTimeCode",
  "EventData/LengthOption/Duration/SmpteDuration/SmpteTimeCode", "Content/ContentId/HouseNumber", "Content/Name", "Content/Media/MediaLocation/SOM/SmpteTimeCode"]) {
  EVENT_PATHS.set(path, path.replace(/^EventData\/(NonPrimaryEvent\/)?/, ""));
}
/** The texts an event keeps, by slot (a fixed array per event, not an object keyed by path). */
export const TEXT_KEYS = [...new Set([...EVENT_PATHS.values()].filter((key): key is string => key !== null))];
export const T = Object.fromEntries(TEXT_KEYS.map((key, slot) => [key, slot])) as Record<string, number>;
export const CUE = T["Scte35Cue"];
export const [EVENT_ID, EVENT_TITLE, PROGRAM_NAME, SPOT_TYPE, AD_TYPE, NON_PRIMARY_NAME, PRIMARY_EVENT_ID, OFFSET, START, DURATION, HOUSE_NUMBER, CONTENT_NAME, SOM] = [
  "EventId/EventId", "EventTitle", "ProgramName", "SpotType", "AdType", "NonPrimaryEventName", "PrimaryEventId", "Offset/OffsetTime/SmpteTimeCode",
  "StartDateTime/SmpteDateTime/SmpteTimeCode", "LengthOption/Duration/SmpteDuration/SmpteTimeCode", "Content/ContentId/HouseNumber", "Content/Name", "Content/Media/MediaLocation/SOM/SmpteTimeCode",
].map((key) => T[key]);
export const [START_MODE, END_MODE, UTC_START, UTC_DURATION, SOM_MS] = ["StartMode", "EndMode", "UtcDateTime", "UtcDuration", "Som"].map((key) => T[key]);
/** The attributes the reader reads, by slot, as "Element@local". */
export const ATTRIBUTE_KEYS = ["StartDateTime@nominalFlag", "EventData@type", "EventData@eventType", "EventData@command", "SmpteDateTime@frameRate", "SmpteDateTime@broadcastDate", "SmpteDuration@frameRate", "Offset@offsetFrom", "Offset@direction", "OffsetTime@frameRate", "SOM@frameRate"];
export const [NOMINAL, TYPE, EVENT_TYPE, COMMAND, START_RATE, BROADCAST_DATE, DURATION_RATE, OFFSET_FROM, DIRECTION, OFFSET_RATE, SOM_RATE] = ATTRIBUTE_KEYS.map((_, slot) => slot);
/** Elements whose attributes the reader reads. */
const WITH_ATTRIBUTES = new Set(["StartDateTime", "EventData", "SmpteDateTime", "SmpteDuration", "Offset", "OffsetTime", "SOM"]);

/** A node of EVENT_PATHS as a tree, so that the reader follows an element's path without building strings. */
export interface PathNode extends BxfPathNode<PathNode> {
  /** The slot of the text it keeps, -1 for none. */
  text: number;
  /** The slots of the attributes it keeps, by local name (null: none read). */
  attributes: Map<string, number> | null;
  programEvent: boolean;
  /** A Location that is a live source (a router input or a satellite feed), not a file. */
  liveSource: boolean;
}
const pathNode = (path: string): PathNode => ({ path, text: -1, attributes: null, programEvent: false, liveSource: false, children: new Map() });
export const EVENT_TREE = bxfPathTree<PathNode, string | null>(EVENT_PATHS, pathNode, (node, key, name) => {
  if (key !== null) node.text = T[key];
  else if (WITH_ATTRIBUTES.has(name)) node.attributes = new Map(ATTRIBUTE_KEYS.flatMap((k, slot) => (k.startsWith(`${name}@`) ? [[k.slice(name.length + 1), slot]] : [])));
  else if (name === "ProgramEvent") node.programEvent = true;
  else if (name === "RouterSource" || name === "Satellite") node.liveSource = true;
});
export const HEAD_PATHS = new Set(["BxfMessage", "BxfMessage/BxfData", "BxfMessage/BxfData/Schedule", "BxfMessage/BxfData/Schedule/Channel", "BxfMessage/BxfData/Schedule/Channel/Name", "BxfMessage/BxfData/Schedule/ScheduleName"]);
