// Figures over a schedule's events, each read in one statement (or two): the events summary
// (S37, folded by src/events/summary.ts), its pages of events naming a missing asset, and the
// programme summary (S32, src/checks/).
import { sql } from "drizzle-orm";
import { missingAssetCondition } from "../../assets/index.js";
import { shownTotal, type PageRequest } from "../../common/paging.js";
import { queryRows, type Executor } from "../../db/client.js";
import { originOf } from "./rows.js";

/** Instants [from, to): a summary of the events starting within them only (a broadcast day). */
export interface InstantRange {
  from: number;
  to: number;
}

/** The condition (AND …) keeping the events of `e` that start within a range, or nothing. */
const within = (scheduleId: number, range: InstantRange | null) =>
  range ? sql` and e.on_air_time >= ${range.from} - ${originOf(scheduleId)} and e.on_air_time < ${range.to} - ${originOf(scheduleId)}` : sql``;

/** One row of the events summary: a kind of figure (`type` per event type), its total and pages. */
export interface EventsSummaryRow {
  kind: string;
  key: string | null;
  total: number;
  pages: number[] | string | null;
}

/**
 * Pages count `size` events in air order, 0-based, exactly as Schedule.events pages them. A gap
 * (overlap) belongs to the event after it and is measured from the latest end of the events
 * before it, as the timeline module does; programmes follow the XMLTV rule (PRIMARY
 * events sharing a programme title, else a title, else a mediaId, separated only by non-PRIMARY
 * events, are one programme).
 */
export function eventsSummaryRows(executor: Executor, scheduleId: number, size: number, now: number, range: InstantRange | null = null): Promise<EventsSummaryRow[]> {
  return queryRows<EventsSummaryRow>(
    executor,
    // One ordered pass (window) over the schedule's rows, then counts per (page, type), which the
    // final lines fold: far fewer rows to sort than aggregating the events themselves.
    sql`with t as materialized (
        select e.event_type, e.on_air_time, row_number() over w as rn,
          e.on_air_time - max(e.on_air_time + e.duration) over (w rows between unbounded preceding and 1 preceding) as gap,
          e.duration, e.qc_status as qc,
          case when e.event_type = 'PRIMARY' then coalesce(e.programme_title, e.title, e.media_id) end as programme
        from events e where e.schedule_id = ${scheduleId}${within(scheduleId, range)}
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
}

/** A programme of the summary (S32): its parts' ids in air order, its times and the first part's texts. */
export interface ProgrammeValues {
  title: string | null;
  description: string | null;
  duration: number;
  eventOnAirTime: Date;
  startTime: Date;
  eventIds: string[];
}

/**
 * S32: PRIMARY events grouped into programmes as the XMLTV export does: consecutive
 * PRIMARY events (non-PRIMARY ones between them do not count) sharing a programme title, else a
 * mediaId, else a title, are the parts of one programme. Grouped in SQL so that only the
 * programmes travel; the first part gives title, description and startTime.
 */
export async function programmePage(executor: Executor, scheduleId: number, page: PageRequest, range: InstantRange | null = null, withTotal = true): Promise<{ entries: ProgrammeValues[]; total: number }> {
  const grouped = sql`with p as (
        select e.id, e.on_air_time, e.duration, coalesce(e.programme_title, e.media_id, e.title) as k,
          lag(coalesce(e.programme_title, e.media_id, e.title)) over w as prev_k, row_number() over w as n
        from events e where e.schedule_id = ${scheduleId} and e.event_type = 'PRIMARY'${within(scheduleId, range)}
        window w as (order by e.on_air_time, e.id)
      ), g as (
        select id, on_air_time, duration, sum(case when n = 1 or k is null or prev_k is null or k <> prev_k then 1 else 0 end) over (order by on_air_time, id) as grp from p
      ), programmes as (
        select grp, array_agg(id order by on_air_time, id) as ids, min(on_air_time) as start, max(on_air_time + duration) as finish from g group by grp
      )`;
  // count(*) over () is taken before the limit: the page and the total in one statement (only when
  // the total is asked; else the page answers what it shows past its offset).
  const rows = await queryRows<{ ids: number[] | string; start: number; finish: number; title: string | null; description: string | null; start_time: string | null; total: number | string }>(
    executor,
    sql`${grouped}
      select pr.ids, pr.start + ${originOf(scheduleId)} as start, pr.finish + ${originOf(scheduleId)} as finish,
        coalesce(f.data->'programme'->>'title', f.title) as title, f.data->'programme'->>'description' as description, f.data->'programme'->>'startTime' as start_time,
        ${withTotal ? sql`count(*) over ()` : sql`null::int8`} as total
      from programmes pr join events f on f.id = pr.ids[1]
      order by pr.grp limit ${page.size} offset ${page.page * page.size}`,
  );
  // A page past the end has no row to carry the total.
  const total = !withTotal
    ? shownTotal(page, rows.length)
    : rows.length
    ? Number(rows[0].total)
    : page.page === 0
      ? 0
      : Number((await queryRows<{ n: number | string }>(executor, sql`${grouped} select count(*) as n from programmes`))[0]?.n ?? 0);
  const entries = rows.map((r) => {
    const ids = Array.isArray(r.ids) ? r.ids.map(String) : String(r.ids).replace(/[{}]/g, "").split(",").filter(Boolean);
    const start = Number(r.start);
    const given = r.start_time ? new Date(r.start_time) : null;
    return {
      title: r.title,
      description: r.description,
      duration: Number(r.finish) - start,
      eventOnAirTime: new Date(start),
      startTime: given && Number.isFinite(given.getTime()) ? given : new Date(start),
      eventIds: ids,
    };
  });
  return { entries, total };
}

/** EventsSummary.missingAssetsEvents: how many events name a missing asset, and on which pages of `size`. */
export async function missingAssetPages(executor: Executor, scheduleId: number, size: number, range: InstantRange | null = null): Promise<{ total: number; pages: number[] }> {
  const [row] = await queryRows<{ total: number; pages: number[] | string | null }>(
    executor,
    sql`select count(*)::int as total, array_agg(distinct page) as pages from (
        select (row_number() over (order by e.on_air_time, e.id) - 1) / ${size} as page, ${missingAssetCondition()} as missing
        from events e where e.schedule_id = ${scheduleId}${within(scheduleId, range)}) t
      where missing`,
  );
  const pages = row.pages === null ? [] : Array.isArray(row.pages) ? row.pages.map(Number) : row.pages.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return { total: Number(row.total), pages: pages.sort((a, b) => a - b) };
}
