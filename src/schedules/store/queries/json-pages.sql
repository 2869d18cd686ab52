-- The SQL of src/schedules/store/json-pages.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- jsonPagesDocuments([scheduleId], { page: 0, size: 200 }, no filter, the benchmark's plan (id title onAirTime duration asset { systemFields { title } }))
with ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, null::int as total
        from (select u.sid, s.organization, s.time_origin as origin, s.event_count
        from unnest($1::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_build_array(count(*), json_agg(e.duration), json_agg(e.id::text), json_agg(e.on_air_time + ids.origin), json_agg(e.title), json_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')))) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where e.schedule_id = ids.sid order by e.on_air_time, e.id limit 200) e) x), k as materialized (
        select json_build_array(json_agg(k.organization), json_agg(k.asset_key), json_agg(case when jsonb_typeof(a.system_fields) = 'object' then '{}'::jsonb else a.system_fields end), json_agg(a.system_fields->'title')) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k
        cross join lateral ((select a.* from assets a where a.organization = k.organization and a.asset_id = k.asset_key)
          union all (select a.* from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)
          limit 1) a)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[0]'::json))), '[]'::json),
        'assets', (select assets from k))::text as documents
      from ids left join g on g.sid = ids.sid;

-- jsonPagesDocuments([scheduleId], { page: 30, size: 20 }, { eventType: ADVERTISEMENT }, Q4's plan (… eventType asset { assetId name mediaId assetSize systemFields { title } }))
with ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, null::int as total
        from (select u.sid, s.organization, s.time_origin as origin, s.event_count
        from unnest($1::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_build_array(count(*), json_agg(e.duration), json_agg(e.event_type), json_agg(e.id::text), json_agg(e.on_air_time + ids.origin), json_agg(e.title), json_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')))) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where e.schedule_id = ids.sid and (e.event_type = $2) order by e.on_air_time, e.id offset $3::bigint limit 20::bigint) e) x), k as materialized (
        select json_build_array(json_agg(k.organization), json_agg(k.asset_key), json_agg(a.asset_id), json_agg(a.asset_size), json_agg(a.media_id), json_agg(a.name), json_agg(case when jsonb_typeof(a.system_fields) = 'object' then '{}'::jsonb else a.system_fields end), json_agg(a.system_fields->'title')) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k
        cross join lateral ((select a.* from assets a where a.organization = k.organization and a.asset_id = k.asset_key)
          union all (select a.* from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)
          limit 1) a)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[0]'::json))), '[]'::json),
        'assets', (select assets from k))::text as documents
      from ids left join g on g.sid = ids.sid;

-- jsonPagesDocuments([scheduleId], { page: 30, size: 20 }, { eventType: ADVERTISEMENT }, Q4's plan with totalElements selected (the count in the same statement))
with ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, (select count(*)::int from events e where e.schedule_id = ids.sid and (e.event_type = $1)) as total
        from (select u.sid, s.organization, s.time_origin as origin, s.event_count
        from unnest($2::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_build_array(count(*), json_agg(e.duration), json_agg(e.event_type), json_agg(e.id::text), json_agg(e.on_air_time + ids.origin), json_agg(e.title), json_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')))) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from ((select * from events e where e.schedule_id = ids.sid and (e.event_type = $3) and $4::bigint + 20::bigint <= ids.total / 2 order by e.on_air_time, e.id offset $5::bigint limit 20::bigint)
        union all (select * from events e where e.schedule_id = ids.sid and (e.event_type = $6) and not ($7::bigint + 20::bigint <= ids.total / 2) order by e.on_air_time desc, e.id desc offset greatest(ids.total - $8::bigint - 20::bigint, 0) limit greatest(least(20::bigint, ids.total - $9::bigint), 0))) e order by e.on_air_time, e.id) e) x), k as materialized (
        select json_build_array(json_agg(k.organization), json_agg(k.asset_key), json_agg(a.asset_id), json_agg(a.asset_size), json_agg(a.media_id), json_agg(a.name), json_agg(case when jsonb_typeof(a.system_fields) = 'object' then '{}'::jsonb else a.system_fields end), json_agg(a.system_fields->'title')) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k
        cross join lateral ((select a.* from assets a where a.organization = k.organization and a.asset_id = k.asset_key)
          union all (select a.* from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)
          limit 1) a)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[0]'::json))), '[]'::json),
        'assets', (select assets from k))::text as documents
      from ids left join g on g.sid = ids.sid;

-- jsonPagesDocuments([scheduleId], { page: 0, size: 50 }, no filter, plan of { id programme som asset { tags } })
with ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, null::int as total
        from (select u.sid, s.organization, s.time_origin as origin, s.event_count
        from unnest($1::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_build_array(count(*), json_agg(e.id::text), json_agg(e.data->'programme'), json_agg(e.data->'som'), json_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')))) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where e.schedule_id = ids.sid order by e.on_air_time, e.id limit 50) e) x), k as materialized (
        select json_build_array(json_agg(k.organization), json_agg(k.asset_key), json_agg(a.tags)) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k
        cross join lateral ((select a.* from assets a where a.organization = k.organization and a.asset_id = k.asset_key)
          union all (select a.* from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)
          limit 1) a)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[0]'::json))), '[]'::json),
        'assets', (select assets from k))::text as documents
      from ids left join g on g.sid = ids.sid;

-- foldedPagesStatement(a schedule by id with _rank 1 (the shape Query.schedule folds), { page: 0, size: 200 }, no filter, the benchmark's plan)
with sp as materialized (select *, 1 as _rank from "schedules" where "schedules"."id" = $1), ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, null::int as total
        from (select sp.id as sid, sp.organization, sp.time_origin as origin, sp.event_count from sp) ids),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_build_array(count(*), json_agg(e.duration), json_agg(e.id::text), json_agg(e.on_air_time + ids.origin), json_agg(e.title), json_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')))) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where e.schedule_id = ids.sid order by e.on_air_time, e.id limit 200) e) x), k as materialized (
        select json_build_array(json_agg(k.organization), json_agg(k.asset_key), json_agg(case when jsonb_typeof(a.system_fields) = 'object' then '{}'::jsonb else a.system_fields end), json_agg(a.system_fields->'title')) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k
        cross join lateral ((select a.* from assets a where a.organization = k.organization and a.asset_id = k.asset_key)
          union all (select a.* from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)
          limit 1) a)
      select sp.*, ids.total as _events_total, coalesce(g.events, '[0]'::json)::text as _events, case when sp._rank = (select min(_rank) from sp) then (select assets from k)::text end as _events_assets
      from sp join ids on ids.sid = sp.id left join g on g.sid = sp.id
      order by sp._rank;
