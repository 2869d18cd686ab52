-- The SQL of src/schedules/store/summaries.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- eventsSummaryRows(scheduleId, size: 10, now, range: null)
with t as materialized (
        select e.event_type, e.on_air_time, row_number() over w as rn,
          e.on_air_time - max(e.on_air_time + e.duration) over (w rows between unbounded preceding and 1 preceding) as gap,
          e.duration, e.qc_status as qc,
          case when e.event_type = 'PRIMARY' then coalesce(e.programme_title, e.title, e.media_id) end as programme
        from events e where e.schedule_id = $1
        window w as (order by e.on_air_time, e.id)
      ), by_page as (
        select (rn - 1) / $2 as page, event_type, count(*) as n,
          count(*) filter (where gap > 0) as gaps,
          count(*) filter (where gap < 0 and duration > 0) as overlapping,
          count(*) filter (where qc = 'FAILED') as failed,
          bool_or(on_air_time <= $3 - (select o.time_origin from schedules o where o.id = $4)) as started
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
      union all select 'current', null, coalesce(max(page), 0)::int, null from by_page where started;

-- eventsSummaryRows(scheduleId, size: 10, now, one day)
with t as materialized (
        select e.event_type, e.on_air_time, row_number() over w as rn,
          e.on_air_time - max(e.on_air_time + e.duration) over (w rows between unbounded preceding and 1 preceding) as gap,
          e.duration, e.qc_status as qc,
          case when e.event_type = 'PRIMARY' then coalesce(e.programme_title, e.title, e.media_id) end as programme
        from events e where e.schedule_id = $1 and e.on_air_time >= $2 - (select o.time_origin from schedules o where o.id = $3) and e.on_air_time < $4 - (select o.time_origin from schedules o where o.id = $5)
        window w as (order by e.on_air_time, e.id)
      ), by_page as (
        select (rn - 1) / $6 as page, event_type, count(*) as n,
          count(*) filter (where gap > 0) as gaps,
          count(*) filter (where gap < 0 and duration > 0) as overlapping,
          count(*) filter (where qc = 'FAILED') as failed,
          bool_or(on_air_time <= $7 - (select o.time_origin from schedules o where o.id = $8)) as started
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
      union all select 'current', null, coalesce(max(page), 0)::int, null from by_page where started;

-- programmePage(scheduleId, { page: 0, size: 10 })
with p as (
        select e.id, e.on_air_time, e.duration, coalesce(e.programme_title, e.media_id, e.title) as k,
          lag(coalesce(e.programme_title, e.media_id, e.title)) over w as prev_k, row_number() over w as n
        from events e where e.schedule_id = $1 and e.event_type = 'PRIMARY'
        window w as (order by e.on_air_time, e.id)
      ), g as (
        select id, on_air_time, duration, sum(case when n = 1 or k is null or prev_k is null or k <> prev_k then 1 else 0 end) over (order by on_air_time, id) as grp from p
      ), programmes as (
        select grp, array_agg(id order by on_air_time, id) as ids, min(on_air_time) as start, max(on_air_time + duration) as finish from g group by grp
      )
      select pr.ids, pr.start + (select o.time_origin from schedules o where o.id = $2) as start, pr.finish + (select o.time_origin from schedules o where o.id = $3) as finish,
        coalesce(f.data->'programme'->>'title', f.title) as title, f.data->'programme'->>'description' as description, f.data->'programme'->>'startTime' as start_time,
        count(*) over () as total
      from programmes pr join events f on f.id = pr.ids[1]
      order by pr.grp limit $4 offset $5;

-- missingAssetPages(scheduleId, size: 10)
select count(*)::int as total, array_agg(distinct page) as pages from (
        select (row_number() over (order by e.on_air_time, e.id) - 1) / $1 as page, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) is not null
    and not exists (select 1 from assets a where a.organization = e.organization and a.asset_id = coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')))
    and not exists (select 1 from assets a where a.organization = e.organization and a.media_id = coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as missing
        from events e where e.schedule_id = $2) t
      where missing;
