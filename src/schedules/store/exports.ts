// The export's read of a schedule's events: every event in air order, page by page (keyset), so a
// file of any size is written while it is read (src/io/jobs.ts).
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client.js";
import type { EventRow } from "./tables.js";
import { eventColumns, eventRowOf, originOf } from "./rows.js";

const PAGE = 5000;

/** Every event of the schedule in air order, one page per query; `onPage` runs between pages. */
export async function* eventsInAirOrder(executor: Executor, scheduleId: number, onPage?: (read: number) => Promise<void>): AsyncGenerator<EventRow> {
  let after: { t: number; id: number } | null = null;
  let read = 0;
  for (;;) {
    const from: SQL = after ? sql`and (e.on_air_time, e.id) > (${after.t}, ${after.id})` : sql``;
    const rows: Record<string, unknown>[] = await queryRows<Record<string, unknown>>(
      executor,
      sql`select ${eventColumns(originOf(scheduleId))}, e.on_air_time as "relativeTime" from events e where e.schedule_id = ${scheduleId} ${from} order by e.on_air_time, e.id limit ${PAGE}`,
    );
    for (const raw of rows) yield eventRowOf(raw);
    if (rows.length < PAGE) return;
    const last: Record<string, unknown> = rows[rows.length - 1];
    after = { t: Number(last.relativeTime), id: Number(last.id) };
    read += rows.length;
    await onPage?.(read);
  }
}
