// Marks and updates by criteria (S15, S16, S18): one set-based UPDATE over every matching event,
// whatever their number. Only events that change get version + 1.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client.js";
import { andAll, filterConditions, type EventFilter } from "./criteria.js";
import type { EventTarget } from "../target.js";
import { statedColumns } from "./history-hint.js";
import { sqlOf } from "./target-sql.js";
import { originOf } from "./rows.js";

/** The matching events of a target (the schedule's events, or a change set's draft). */
const where = (target: EventTarget, filter: EventFilter): SQL => {
  const { key, id } = sqlOf(target);
  return andAll([sql`e.${key} = ${id}`, ...filterConditions(filter, originOf(target.scheduleId))]);
};

/** The absolute onAirTime of `e` as an ISO 8601 UTC string, in SQL. */
const isoOnAir = (target: EventTarget) =>
  sql`to_char(to_timestamp((e.on_air_time + ${originOf(target.scheduleId)}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function countUpdated(executor: Executor, update: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(executor, sql`with u as (${update} returning 1) select count(*)::int as n from u`);
  return Number(row.n);
}

/** S15: matching events without a programme get one from their title (else their asset's) and onAirTime. */
export function markEpg(executor: Executor, target: EventTarget, filter: EventFilter): Promise<number> {
  const title = sql`coalesce(e.title, e.data->'assetData'->>'title')`;
  const { set, stated } = statedColumns(target, {
    data: sql`e.data || jsonb_build_object('programme', jsonb_strip_nulls(jsonb_build_object('title', ${title}, 'startTime', ${isoOnAir(target)})))`,
    version: sql`e.version + 1`,
  });
  return countUpdated(
    executor,
    sql`update ${sqlOf(target).table} e set ${set}
      where ${where(target, filter)} and coalesce(jsonb_typeof(e.data->'programme'), 'null') = 'null' and ${stated}`,
  );
}

/** SCTE-35 segmentation types of a provider placement opportunity (ANSI/SCTE 35 table 22). */
export const CUE_OUT_SEGMENTATION_TYPE = 0x34;
export const CUE_IN_SEGMENTATION_TYPE = 0x35;

/**
 * S16: matching events without SCTE-35 signals get a cue-out at their start (command ON,
 * FROM_START, segmentation type 0x34, the event's duration) and a cue-in at their end (command
 * OFF, FROM_END, 0x35); both carry the event id as segmentationEventId.
 */
export function markScte(executor: Executor, target: EventTarget, filter: EventFilter): Promise<number> {
  // Constant members travel as one jsonb literal each (parsed once); only the per-event ones are built per row.
  const cueOut = JSON.stringify({ scteEventType: "SPLICE", command: "ON", origin: "FROM_START", offset: 0, segmentationTypeId: CUE_OUT_SEGMENTATION_TYPE, hasSegment: true });
  const cueIn = JSON.stringify({ scteEventType: "SPLICE", command: "OFF", origin: "FROM_END", offset: 0, segmentationTypeId: CUE_IN_SEGMENTATION_TYPE, hasSegment: true });
  const { set, stated } = statedColumns(target, {
    data: sql`e.data || jsonb_build_object('scte35Signals', jsonb_build_array(
          ${cueOut}::jsonb || jsonb_build_object('duration', e.duration, 'segmentationEventId', e.id),
          ${cueIn}::jsonb || jsonb_build_object('segmentationEventId', e.id)))`,
    version: sql`e.version + 1`,
  });
  return countUpdated(
    executor,
    sql`update ${sqlOf(target).table} e set ${set}
      where ${where(target, filter)}
        and (jsonb_typeof(e.data->'scte35Signals') is distinct from 'array' or jsonb_array_length(e.data->'scte35Signals') = 0) and ${stated}`,
  );
}

export interface EventChanges {
  replacementType?: string | null;
  /** Members of `data` to replace whole (programme, scte35Signals, secondaryEvents), as plain JSON. */
  patch: Record<string, unknown>;
}

/** S18: every matching event gets the changes (version + 1). */
export function updateMatching(executor: Executor, target: EventTarget, filter: EventFilter, changes: EventChanges): Promise<number> {
  const columns: Record<string, SQL> = { version: sql`e.version + 1` };
  if (changes.replacementType) columns.event_type = sql`${changes.replacementType}`;
  if (Object.keys(changes.patch).length > 0) columns.data = sql`e.data || ${JSON.stringify(changes.patch)}::jsonb`;
  const { set, stated } = statedColumns(target, columns);
  return countUpdated(executor, sql`update ${sqlOf(target).table} e set ${set} where ${where(target, filter)} and ${stated}`);
}
