// A revert's writes (src/history/ computes what to write): events removed, rewritten and re-created
// under their old ids, and the schedule columns a revert puts back. Set-based, three statements.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";

/** A row by column names, as the history slice rewinds it. */
export type ColumnValues = Record<string, unknown>;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const RECORD = sql.raw(`id bigint, on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text,
  status text, qc_status text, programme_title text, version int, data jsonb`);

/** A revert's writes (qc_status and programme_title are generated from data): removes, rewrites (version + 1) and re-creates (under their old ids) events; three statements. */
export async function writeRevertedEvents(executor: Executor, scheduleId: number, removed: number[], changed: ColumnValues[], restored: ColumnValues[]): Promise<void> {
  if (removed.length) {
    await executor.execute(sql`delete from events where schedule_id = ${scheduleId} and id in (select unnest(${`{${removed.join(",")}}`}::bigint[]))`);
  }
  if (changed.length) {
    await executor.execute(sql`
      update events e set on_air_time = x.on_air_time, duration = x.duration, event_type = x.event_type, title = x.title, locked = x.locked,
        media_id = x.media_id, asset_id = x.asset_id, status = x.status, data = x.data, version = e.version + 1
      from jsonb_to_recordset(${json(changed)}) as x(${RECORD})
      where e.id = x.id and e.schedule_id = ${scheduleId}`);
  }
  if (restored.length) {
    await executor.execute(sql`
      insert into events (id, schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, version, data)
      overriding system value
      select x.id, ${scheduleId}, (select s.organization from schedules s where s.id = ${scheduleId}), x.on_air_time, x.duration, x.event_type, x.title,
        x.locked, x.media_id, x.asset_id, x.status, x.version + 1, x.data
      from jsonb_to_recordset(${json(restored)}) as x(${RECORD}) order by x.on_air_time, x.id`);
  }
}

/** The schedule columns a revert puts back (the rest the server keeps: version, counters, dates, archive state, visibility). */
export const REVERTED_SCHEDULE_COLUMNS = [
  "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "graphics_project", "graphics_project_v2", "break_min", "break_max", "time_origin",
] as const;

export async function writeRevertedScheduleColumns(executor: Executor, scheduleId: number, values: ColumnValues): Promise<void> {
  const sets = REVERTED_SCHEDULE_COLUMNS.map((c) => sql`${sql.raw(c)} = x.${sql.raw(c)}`);
  await executor.execute(sql`
    update schedules s set ${sql.join(sets, sql`, `)}
    from jsonb_populate_record(null::schedules, ${json(values)}) x where s.id = ${scheduleId}`);
}
