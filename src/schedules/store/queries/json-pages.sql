-- The SQL of src/schedules/store/json-pages.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- jsonPagesDocuments([scheduleId], { page: 0, size: 200 }, no filter, the benchmark's plan (id title onAirTime duration asset { systemFields { title } }))
with ids as materialized (
        select ids.sid, ids.origin, ids.event_count, null::int as total
        from (select u.sid, s.time_origin as origin, s.event_count
        from unnest($1::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      p as materialized (
        select ids.sid, e.on_air_time as _t, e.id as _id, e.organization, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as asset_key, e.duration as v0, e.id::text as v1, e.on_air_time + ids.origin as v2, e.title as v3
        from ids cross join lateral (select * from events e where (e.schedule_id = ids.sid) order by e.on_air_time, e.id limit 200) e), k as materialized (
        select k.organization, k.asset_key, coalesce(
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)) as asset
        from (select distinct organization, asset_key from p where asset_key is not null) k)
      select coalesce(json_agg(json_build_object('s', ids.sid, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json)::text as pages
      from ids left join (select p.sid, json_agg(json_build_array(p.v0, p.v1, p.v2, p.v3, k.asset) order by p._t, p._id) as events
        from p left join k on k.organization = p.organization and k.asset_key = p.asset_key
        group by p.sid) g on g.sid = ids.sid;

-- jsonPagesDocuments([scheduleId], { page: 30, size: 20 }, { eventType: ADVERTISEMENT }, Q4's plan (… eventType asset { assetId name mediaId assetSize systemFields { title } }))
with ids as materialized (
        select ids.sid, ids.origin, ids.event_count, null::int as total
        from (select u.sid, s.time_origin as origin, s.event_count
        from unnest($1::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      p as materialized (
        select ids.sid, e.on_air_time as _t, e.id as _id, e.organization, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as asset_key, e.duration as v0, e.event_type as v1, e.id::text as v2, e.on_air_time + ids.origin as v3, e.title as v4
        from ids cross join lateral (select * from events e where (e.schedule_id = ids.sid) and (e.event_type = $2) order by e.on_air_time, e.id offset $3::bigint limit $4::bigint) e), k as materialized (
        select k.organization, k.asset_key, coalesce(
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)) as asset
        from (select distinct organization, asset_key from p where asset_key is not null) k)
      select coalesce(json_agg(json_build_object('s', ids.sid, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json)::text as pages
      from ids left join (select p.sid, json_agg(json_build_array(p.v0, p.v1, p.v2, p.v3, p.v4, k.asset) order by p._t, p._id) as events
        from p left join k on k.organization = p.organization and k.asset_key = p.asset_key
        group by p.sid) g on g.sid = ids.sid;

-- jsonPagesDocuments([scheduleId], { page: 30, size: 20 }, { eventType: ADVERTISEMENT }, Q4's plan with totalElements selected (the count in the same statement))
with ids as materialized (
        select ids.sid, ids.origin, ids.event_count, (select count(*)::int from events e where (e.schedule_id = ids.sid) and (e.event_type = $1)) as total
        from (select u.sid, s.time_origin as origin, s.event_count
        from unnest($2::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      p as materialized (
        select ids.sid, e.on_air_time as _t, e.id as _id, e.organization, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as asset_key, e.duration as v0, e.event_type as v1, e.id::text as v2, e.on_air_time + ids.origin as v3, e.title as v4
        from ids cross join lateral ((select * from events e where (e.schedule_id = ids.sid) and (e.event_type = $3) and $4::bigint + $5::bigint <= ids.total / 2 order by e.on_air_time, e.id offset $6::bigint limit $7::bigint)
        union all (select * from events e where (e.schedule_id = ids.sid) and (e.event_type = $8) and not ($9::bigint + $10::bigint <= ids.total / 2) order by e.on_air_time desc, e.id desc offset greatest(ids.total - $11::bigint - $12::bigint, 0) limit greatest(least($13::bigint, ids.total - $14::bigint), 0))) e), k as materialized (
        select k.organization, k.asset_key, coalesce(
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('assetId', a.asset_id, 'assetSize', a.asset_size, 'mediaId', a.media_id, 'name', a.name, 'systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)) as asset
        from (select distinct organization, asset_key from p where asset_key is not null) k)
      select coalesce(json_agg(json_build_object('s', ids.sid, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json)::text as pages
      from ids left join (select p.sid, json_agg(json_build_array(p.v0, p.v1, p.v2, p.v3, p.v4, k.asset) order by p._t, p._id) as events
        from p left join k on k.organization = p.organization and k.asset_key = p.asset_key
        group by p.sid) g on g.sid = ids.sid;

-- jsonPagesDocuments([scheduleId], { page: 0, size: 50 }, no filter, plan of { id programme som asset { tags } })
with ids as materialized (
        select ids.sid, ids.origin, ids.event_count, null::int as total
        from (select u.sid, s.time_origin as origin, s.event_count
        from unnest($1::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids),
      p as materialized (
        select ids.sid, e.on_air_time as _t, e.id as _id, e.organization, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as asset_key, e.id::text as v0, e.data->'programme' as v1, e.data->'som' as v2
        from ids cross join lateral (select * from events e where (e.schedule_id = ids.sid) order by e.on_air_time, e.id limit 50) e), k as materialized (
        select k.organization, k.asset_key, coalesce(
    (select json_build_object('tags', a.tags) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('tags', a.tags) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)) as asset
        from (select distinct organization, asset_key from p where asset_key is not null) k)
      select coalesce(json_agg(json_build_object('s', ids.sid, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json)::text as pages
      from ids left join (select p.sid, json_agg(json_build_array(p.v0, p.v1, p.v2, k.asset) order by p._t, p._id) as events
        from p left join k on k.organization = p.organization and k.asset_key = p.asset_key
        group by p.sid) g on g.sid = ids.sid;

-- foldedPagesStatement(a schedule by id with _rank 1 (the shape Query.schedule folds), { page: 0, size: 200 }, no filter, the benchmark's plan)
with sp as materialized (select *, 1 as _rank from "schedules" where "schedules"."id" = $1), ids as materialized (
        select ids.sid, ids.origin, ids.event_count, null::int as total
        from (select sp.id as sid, sp.time_origin as origin, sp.event_count from sp) ids),
      p as materialized (
        select ids.sid, e.on_air_time as _t, e.id as _id, e.organization, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as asset_key, e.duration as v0, e.id::text as v1, e.on_air_time + ids.origin as v2, e.title as v3
        from ids cross join lateral (select * from events e where (e.schedule_id = ids.sid) order by e.on_air_time, e.id limit 200) e), k as materialized (
        select k.organization, k.asset_key, coalesce(
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select json_build_object('systemFields', case when jsonb_typeof(a.system_fields) = 'object' then jsonb_build_object('title', a.system_fields->'title') else a.system_fields end) from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)) as asset
        from (select distinct organization, asset_key from p where asset_key is not null) k)
      select sp.*, ids.total as _events_total, coalesce(g.events, '[]'::json)::text as _events
      from sp join ids on ids.sid = sp.id left join (select p.sid, json_agg(json_build_array(p.v0, p.v1, p.v2, p.v3, k.asset) order by p._t, p._id) as events
        from p left join k on k.organization = p.organization and k.asset_key = p.asset_key
        group by p.sid) g on g.sid = sp.id
      order by sp._rank;
