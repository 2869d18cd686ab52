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
          select json_agg(json_build_array(e.duration, e.id::text, e.on_air_time + ids.origin, e.title, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) order by e.on_air_time, e.id) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where (e.schedule_id = ids.sid) order by e.on_air_time, e.id limit 200) e) x), k as materialized (
        select coalesce(json_agg(json_build_array(k.organization, k.asset_key, coalesce(
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)))), '[]'::json) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json),
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
          select json_agg(json_build_array(e.duration, e.event_type, e.id::text, e.on_air_time + ids.origin, e.title, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) order by e.on_air_time, e.id) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where (e.schedule_id = ids.sid) and (e.event_type = $2) order by e.on_air_time, e.id offset $3::bigint limit $4::bigint) e) x), k as materialized (
        select coalesce(json_agg(json_build_array(k.organization, k.asset_key, coalesce(
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)))), '[]'::json) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json),
        'assets', (select assets from k))::text as documents
      from ids left join g on g.sid = ids.sid;

-- jsonPagesDocuments([scheduleId], { page: 30, size: 20 }, { eventType: ADVERTISEMENT }, Q4's plan with totalElements selected (the count in the same statement))
with ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, (select count(*)::int from events e where (e.schedule_id = ids.sid) and (e.event_type = $1)) as total
        from (select u.sid, s.organization, s.time_origin as origin, s.event_count
        from unnest($2::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_agg(json_build_array(e.duration, e.event_type, e.id::text, e.on_air_time + ids.origin, e.title, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) order by e.on_air_time, e.id) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from ((select * from events e where (e.schedule_id = ids.sid) and (e.event_type = $3) and $4::bigint + $5::bigint <= ids.total / 2 order by e.on_air_time, e.id offset $6::bigint limit $7::bigint)
        union all (select * from events e where (e.schedule_id = ids.sid) and (e.event_type = $8) and not ($9::bigint + $10::bigint <= ids.total / 2) order by e.on_air_time desc, e.id desc offset greatest(ids.total - $11::bigint - $12::bigint, 0) limit greatest(least($13::bigint, ids.total - $14::bigint), 0))) e) x), k as materialized (
        select coalesce(json_agg(json_build_array(k.organization, k.asset_key, coalesce(
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)))), '[]'::json) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json),
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
          select json_agg(json_build_array(e.id::text, e.data->'programme', e.data->'som', coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) order by e.on_air_time, e.id) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where (e.schedule_id = ids.sid) order by e.on_air_time, e.id limit 50) e) x), k as materialized (
        select coalesce(json_agg(json_build_array(k.organization, k.asset_key, coalesce(
    (select json_build_object('tags', a.tags) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('tags', a.tags) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)))), '[]'::json) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k)
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json),
        'assets', (select assets from k))::text as documents
      from ids left join g on g.sid = ids.sid;

-- foldedPagesStatement(a schedule by id with _rank 1 (the shape Query.schedule folds), { page: 0, size: 200 }, no filter, the benchmark's plan)
with sp as materialized (select *, 1 as _rank from "schedules" where "schedules"."id" = $1), ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, null::int as total
        from (select sp.id as sid, sp.organization, sp.time_origin as origin, sp.event_count from sp) ids),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_agg(json_build_array(e.duration, e.id::text, e.on_air_time + ids.origin, e.title, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) order by e.on_air_time, e.id) as events, array_agg(coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))) as keys
          from (select * from events e where (e.schedule_id = ids.sid) order by e.on_air_time, e.id limit 200) e) x), k as materialized (
        select coalesce(json_agg(json_build_array(k.organization, k.asset_key, coalesce(
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)))), '[]'::json) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k)
      select sp.*, ids.total as _events_total, coalesce(g.events, '[]'::json)::text as _events, case when sp._rank = (select min(_rank) from sp) then (select assets from k)::text end as _events_assets
      from sp join ids on ids.sid = sp.id left join g on g.sid = sp.id
      order by sp._rank;
