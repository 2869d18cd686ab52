// The one mapping from this service's fields to PostGraphile's, one table per type, written once:
// generated shapes (shapes.ts) draw their fields from these tables, render both sides' selections
// from them and normalize both answers through them. A field of ours that PostGraphile cannot give
// (derived in the service: local times, timecodes, validation…) has no row and is never drawn.
import { readFileSync } from "node:fs";
import { buildSchema, getNamedType, isCompositeType, isObjectType, type GraphQLSchema } from "graphql";

/** How a value is compared: ids as strings, times as ms since the epoch, numbers as numbers, JSON deeply. */
export type Kind = "id" | "text" | "number" | "boolean" | "time" | "json" | "fileLink";

export interface FieldMapping {
  /** Our field; dotted for a member of a nested object (`systemFields.title` selects `systemFields { title }`). */
  ours: string;
  /** PostGraphile's field; dotted for a member of a JSON column (`data.houseId`). */
  theirs: string;
  kind: Kind;
}

export interface TypeMapping {
  ours: string;
  theirs: string;
  fields: FieldMapping[];
}

const f = (ours: string, theirs: string, kind: Kind): FieldMapping => ({ ours, theirs, kind });
const same = (kind: Kind, ...names: string[]) => names.map((n) => f(n, n, kind));
const dataMembers = (kind: Kind, ...names: string[]) => names.map((n) => f(n, `data.${n}`, kind));

// Events keep their rarely searched fields in the jsonb column `data` (src/events/mapper.ts);
// on_air_time is relative to the schedule's time_origin, which the seeded schedules leave at 0.
export const EVENT: TypeMapping = {
  ours: "Event",
  theirs: "Event",
  fields: [
    f("id", "rowId", "id"), f("eventId", "rowId", "id"), f("scheduleId", "scheduleId", "id"), f("onAirTime", "onAirTime", "time"),
    ...same("number", "duration", "version"), ...same("text", "eventType", "title", "mediaId", "status"), f("locked", "locked", "boolean"),
    ...dataMembers("text", "houseId", "category", "label", "color", "liveId", "placeholderId", "reconciliationId", "recordingPattern", "blockMode"),
    ...dataMembers("number", "som", "blockId", "deviation", "maxExtendedDuration", "timecodeIn"),
    ...dataMembers("boolean", "ignoreIncomingScte35Signals", "manualEnd", "manualStart", "recording"),
  ],
};

// Seeded assets copy systemFields.title into the title column (seed.ts); PostGraphile reads the column, as a client of it would.
export const ASSET: TypeMapping = {
  ours: "Asset",
  theirs: "Asset",
  fields: [
    f("id", "rowId", "id"), ...same("text", "assetId", "organization", "mediaId", "name", "storageType", "advertiser", "productCategory"),
    ...same("number", "assetSize", "fileCount", "version"), ...same("time", "dateCreated", "dateUpdated", "dateApplied"),
    f("customFields", "customFields", "json"), f("systemFields.title", "title", "text"), f("qcInfo.qcStatus", "qcInfo.qcStatus", "text"),
    f("metadata.durationInMilliseconds", "metadata.durationInMilliseconds", "number"),
  ],
};

export const SCHEDULE: TypeMapping = {
  ours: "Schedule",
  theirs: "Schedule",
  fields: [
    f("id", "rowId", "id"), ...same("text", "name", "organization", "channel", "playlistType", "status", "txdate", "graphicsProject", "graphicsProjectV2", "archiveStatus", "timeZone"),
    ...same("number", "channelId", "fps", "breakMin", "breakMax", "version", "lockHorizonMs"),
    ...same("time", "startDate", "finishDate", "dateApplied", "dateCreated", "dateUpdated"),
  ],
};

// The service answers resourceLink once SUCCEEDED with a file; PostGraphile gives the columns it comes from (as Q5 does).
export const JOB: TypeMapping = {
  ours: "Job",
  theirs: "Job",
  fields: [
    f("id", "rowId", "id"), f("entityId", "entityId", "id"), f("jobType", "type", "text"), f("type", "type", "text"), f("serviceProviderId", "providerId", "text"),
    ...same("text", "organization", "status", "providerId", "userId", "accountUserId", "fileName", "resourceExtension", "uniqueId"),
    ...same("number", "progress", "attempts"), ...same("time", "dateCreated", "dateStarted", "dateFinished"), f("resourceLink", "fileSize", "fileLink"),
  ],
};

export const CHANGE_SET: TypeMapping = {
  ours: "ChangeSet",
  theirs: "ChangeSet",
  fields: [f("id", "rowId", "id"), f("scheduleId", "scheduleId", "id"), ...same("number", "baseVersion", "version"), f("createdBy", "createdBy", "text"), f("dateCreated", "dateCreated", "time")],
};

export const HISTORY_ENTRY: TypeMapping = {
  ours: "ScheduleHistoryEntry",
  theirs: "ScheduleHistory",
  fields: [
    f("id", "rowId", "id"), ...same("text", "actor", "operation"), f("date", "dateCreated", "time"),
    ...same("number", "eventsAdded", "eventsChanged", "eventsRemoved", "versionAfter", "versionBefore"),
  ],
};

export const TYPE_MAPPINGS = [SCHEDULE, EVENT, ASSET, JOB, CHANGE_SET, HISTORY_ENTRY];

/** Columns PostGraphile must also be asked for a field: the file link needs the job's status and id. */
export const theirColumnsOf = (field: FieldMapping): string[] => (field.kind === "fileLink" ? ["fileSize", "status", "rowId"] : [field.theirs.split(".")[0]]);

const ms = (t: unknown) => (t === null || t === undefined ? null : typeof t === "number" ? t : /^\d+$/.test(String(t)) ? Number(t) : Date.parse(String(t)));
const at = (node: any, dotted: string) => dotted.split(".").reduce((v, key) => (v === null || v === undefined ? null : v[key]), node) ?? null;

function comparable(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === "id") return String(value);
  if (kind === "number") return Number(value);
  if (kind === "time") return ms(value);
  if (kind === "fileLink") return new URL(String(value), "http://x").pathname; // ours is absolute, under the request's base URL
  return value;
}

/** A field's value in our answer's node, comparable. */
export const ourValue = (field: FieldMapping, node: any) => comparable(field.kind, at(node, field.ours));

/** The same field's value in PostGraphile's node, comparable. */
export function theirValue(field: FieldMapping, node: any): unknown {
  if (field.kind === "fileLink") return node.status === "SUCCEEDED" && node.fileSize !== null ? `/files/${node.rowId}` : null;
  return comparable(field.kind, at(node, field.theirs));
}

/**
 * Checks every mapping against both schemas: our field must exist in schema.graphql (through its
 * nested objects) and end on a scalar or enum; PostGraphile's column must exist on its type in its
 * introspection. Answers, per type, our scalar fields that no row maps (printed, so the coverage is seen).
 */
export function checkMappings(theirSchema: GraphQLSchema, ourSchemaFile = new URL("../../schema.graphql", import.meta.url)): Map<string, string[]> {
  const ours = buildSchema(readFileSync(ourSchemaFile, "utf8"));
  const unmapped = new Map<string, string[]>();
  for (const mapping of TYPE_MAPPINGS) {
    const ourType = ours.getType(mapping.ours);
    const theirType = theirSchema.getType(mapping.theirs);
    if (!isObjectType(ourType) || !isObjectType(theirType)) throw new Error(`mapping ${mapping.ours} → ${mapping.theirs}: a type is missing`);
    for (const field of mapping.fields) {
      let type: any = ourType;
      for (const part of field.ours.split(".")) {
        const ourField = isObjectType(type) ? type.getFields()[part] : undefined;
        if (!ourField) throw new Error(`mapping ${mapping.ours}.${field.ours}: no such field in schema.graphql`);
        type = getNamedType(ourField.type);
      }
      if (isCompositeType(type)) throw new Error(`mapping ${mapping.ours}.${field.ours}: not a scalar`);
      for (const column of theirColumnsOf(field)) {
        if (!theirType.getFields()[column]) throw new Error(`mapping ${mapping.ours}.${field.ours}: PostGraphile's ${mapping.theirs} has no ${column}`);
      }
    }
    const mapped = new Set(mapping.fields.map((m) => m.ours.split(".")[0]));
    const scalars = Object.values(ourType.getFields()).filter((x) => !x.args.length && !isCompositeType(getNamedType(x.type)));
    unmapped.set(mapping.ours, scalars.map((x) => x.name).filter((name) => !mapped.has(name)));
  }
  return unmapped;
}
