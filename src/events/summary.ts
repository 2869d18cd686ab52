// Schedule.eventsSummary (S37): totals and pages of a schedule's events in one statement.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client.js";
import { originOf } from "../schedules/index.js";
import type { EventsSummary, PageList } from "./types.js";

interface SummaryRow {
  kind: string;
  key: string | null;
  total: number;
  pages: number[] | string | null;
}

/** Postgres arrays arrive as JS arrays (postgres.js, PGlite); a text form is parsed just in case. */
function pagesOf(value: SummaryRow["pages"]): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}

/**
 * Pages count `size` events in air order, 0-based, exactly as Schedule.events pages them. A gap
 * (overlap) belongs to the event after it and is measured from the latest end of the events
 * before it, as the timeline module does; programmes follow the XMLTV rule of API.md (PRIMARY
 * events sharing a programme title, else a title, else a mediaId, separated only by non-PRIMARY
 * events, are one programme).
 */
export async function eventsSummary(executor: Executor, scheduleId: number, size: number, now: number): Promise<EventsSummary> {
  const rows = await queryRows<SummaryRow>(
    executor,
    // One ordered pass (window) over the schedule's rows, then counts per (page, type), which the
    // final lines fold: far fewer rows to sort than aggregating the events themselves.
    sql`with t as materialized (
        select e.event_type, e.on_air_time, row_number() over w as rn,
          e.on_air_time - max(e.on_air_time + e.duration) over (w rows between unbounded preceding and 1 preceding) as gap,
          e.duration, e.qc_status as qc,
          case when e.event_type = 'PRIMARY' then coalesce(e.programme_title, e.title, e.media_id) end as programme
        from events e where e.schedule_id = ${scheduleId}
        window w as (order by e.on_air_time, e.id)
      ), by_page as (
        select (rn - 1) / ${size} as page, event_type, count(*) as n,
          count(*) filter (where gap > 0) as gaps,
          count(*) filter (where gap < 0 and duration > 0) as overlapping,
          count(*) filter (where qc = 'FAILED') as failed,
          bool_or(on_air_time <= ${now} - ${originOf(scheduleId)}) as started
        from t group by 1, 2
      ), primaries as (
        select programme, lag(programme) over (order by rn) as previous, row_number() over (order by rn) as n
        from t where event_type = 'PRIMARY'
      )
      select 'type' as kind, event_type as key, sum(n)::int as total, array_agg(page order by page) as pages from by_page group by event_type
      union all select 'gaps', null, sum(gaps)::int, array_agg(distinct page) filter (where gaps > 0) from by_page
      union all select 'overlaps', null, sum(overlapping)::int, array_agg(distinct page) filter (where overlapping > 0) from by_page
      union all select 'qc', null, sum(failed)::int, array_agg(distinct page) filter (where failed > 0) from by_page
      union all select 'programmes', null, count(*)::int, null from primaries
        where n = 1 or programme is null or previous is null or programme <> previous
      union all select 'current', null, coalesce(max(page), 0)::int, null from by_page where started`,
  );
  const list = (kind: string): PageList => {
    const row = rows.find((r) => r.kind === kind);
    return { total: row ? Number(row.total ?? 0) : 0, pages: row ? pagesOf(row.pages) : [] };
  };
  const eventsByType: Record<string, PageList> = {};
  for (const row of rows.filter((r) => r.kind === "type")) eventsByType[row.key!] = { total: Number(row.total), pages: pagesOf(row.pages) };
  return {
    currentEventPage: list("current").total,
    eventsByType,
    gaps: list("gaps"),
    overlaps: list("overlaps"),
    missingAssetsEvents: null,
    unsuccessfulQCAssetsEvents: list("qc"),
    totalProgrammes: list("programmes").total,
    scheduleId,
    pageSize: size,
  };
}
