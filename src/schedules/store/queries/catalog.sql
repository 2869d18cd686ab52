-- The SQL of src/schedules/store/catalog.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- syncTitles(scheduleId, organization, [id] (rolled back))
with wanted as (
        select e.id, a.title from events e
        cross join lateral (
          select a.title from assets a where a.organization = $1 and (a.asset_id = coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) or a.media_id = coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')))
          order by (a.asset_id = coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) desc, a.asset_id limit 1) a
        where e.schedule_id = $2 and e.id = any($3::bigint[])
          and a.title is not null and a.title is distinct from e.title
      ), u as (
        update events e set title = wanted.title, version = e.version + 1 from wanted where e.id = wanted.id returning 1
      )
      select count(*)::int as n from u;

-- assetRowsUsed([scheduleId], organization, name)
with keys as (
        select distinct e.schedule_id, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as k from events e
        where e.schedule_id = any($1::bigint[]) and e.organization = $2
      ), named as (
        select distinct keys.schedule_id, coalesce(
          (select a.id from assets a where a.organization = $3 and a.asset_id = keys.k),
          (select a.id from assets a where a.organization = $4 and a.media_id = keys.k order by a.asset_id limit 1)) as id
        from keys where keys.k is not null
      )
      select named.schedule_id as "forSchedule", a.* from named join assets a on a.id = named.id
      where coalesce(a.name, '') ilike $5
      order by named.schedule_id, lower(a.name), a.asset_id;

-- replaceInEvents(scheduleId, [mediaId], an asset's summary (rolled back))
with old as (
        select e.id, e.duration, e.media_id from events e
        where e.schedule_id = $1 and coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) in (select jsonb_array_elements_text($2::jsonb))
        for update
      )
      update events e set asset_id = $3, media_id = $4,
        duration = coalesce($5::bigint, e.duration),
        data = jsonb_set(e.data, '{assetData}', coalesce(case when jsonb_typeof(e.data->'assetData') = 'object' then e.data->'assetData' end, '{}'::jsonb) || $6::jsonb),
        version = e.version + 1
      from old where e.id = old.id and e.id = any(array(select id from old))
      returning e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $7) as t, old.duration as old_d, e.duration as d, old.media_id as m;
