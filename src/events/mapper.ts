import type { EventStatus, EventType } from "./enums.js";
import type { LiveParameters } from "./nested.js";
import type { EventRow } from "../schedules/index.js";
import type { Event } from "./types.js";

/**
 * The one place an event row becomes its GraphQL shape: one fixed literal (a spread of `data`
 * cost 2–10 µs per event). Every member of `data` that is a field of Event, by name; the
 * encryption key never leaves.
 */
export function toEvent(row: EventRow): Event {
  const d = row.data as Partial<Event>;
  const live = d.liveParameters as LiveParameters | undefined;
  return {
    id: String(row.id),
    scheduleId: String(row.scheduleId),
    onAirTime: new Date(row.onAirTime),
    duration: row.duration,
    eventType: row.eventType as EventType,
    title: row.title,
    locked: row.locked,
    mediaId: row.mediaId,
    status: row.status as EventStatus | null,
    version: row.version,
    assetData: d.assetData,
    audioTransition: d.audioTransition,
    blockId: d.blockId,
    blockMode: d.blockMode,
    category: d.category,
    color: d.color,
    houseId: d.houseId,
    label: d.label,
    liveId: d.liveId,
    placeholderId: d.placeholderId,
    reconciliationId: d.reconciliationId,
    recordingPattern: d.recordingPattern,
    contentAdvisory: d.contentAdvisory,
    deviation: d.deviation,
    maxExtendedDuration: d.maxExtendedDuration,
    som: d.som,
    timecodeIn: d.timecodeIn,
    ignoreIncomingScte35Signals: d.ignoreIncomingScte35Signals,
    manualEnd: d.manualEnd,
    manualStart: d.manualStart,
    recording: d.recording,
    liveParameters: live ? { ...live, encryptionKey: null } : null,
    pidOverrides: d.pidOverrides,
    playoutSwitches: d.playoutSwitches,
    primarySCTESourceSwitch: d.primarySCTESourceSwitch,
    programme: d.programme,
    scte35Signals: d.scte35Signals,
    scte35Trigger: d.scte35Trigger,
    secondaryEvents: d.secondaryEvents,
    streamOverrides: d.streamOverrides,
    vendorRPCList: d.vendorRPCList,
    untimedAds: d.untimedAds,
    voiceovers: d.voiceovers,
    organization: row.organization,
  };
}

/**
 * An event from its columns alone, for pages whose selection reads no field of `data`: one fixed
 * literal. assetData carries only assetId (the asset_id column, which store.ts keeps equal to
 * data.assetData.assetId), which is what Event.asset reads.
 */
export function toColumnEvent(row: EventRow): Event {
  return {
    id: String(row.id),
    scheduleId: String(row.scheduleId),
    onAirTime: new Date(row.onAirTime),
    duration: row.duration,
    eventType: row.eventType as EventType,
    title: row.title,
    locked: row.locked,
    mediaId: row.mediaId,
    status: row.status as EventStatus | null,
    version: row.version,
    assetData: row.assetId === null ? null : { assetId: row.assetId },
    organization: row.organization,
  };
}
