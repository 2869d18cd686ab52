-- The SQL of src/schedules/store/pages.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- targetPageRows(schedule target, { page: 0, size: 10 }, no filter, { data: false, lookBack: false }) [statement 1 of 2]
select event_count as total from schedules where id = $1;

-- targetPageRows(schedule target, { page: 0, size: 10 }, no filter, { data: false, lookBack: false }) [statement 2 of 2]
with page_ids as (select e.id from events e where (e.schedule_id = $1) order by e.on_air_time desc, e.id desc offset $2 limit $3) select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + (select o.time_origin from schedules o where o.id = $4) as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle"
      from page_ids join events e on e.schedule_id = $5 and e.id = page_ids.id
      order by e.on_air_time, e.id;

-- targetPageRows(schedule target, { page: 0, size: 10 }, { eventType: PRIMARY }, { data: true, lookBack: true }) [statement 1 of 2]
select count(*)::int as total from events e where (e.schedule_id = $1) and (e.event_type = $2);

-- targetPageRows(schedule target, { page: 0, size: 10 }, { eventType: PRIMARY }, { data: true, lookBack: true }) [statement 2 of 2]
with page_ids as (select e.id from events e where (e.schedule_id = $1) and (e.event_type = $2) order by e.on_air_time desc, e.id desc offset $3 limit $4) select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + (select o.time_origin from schedules o where o.id = $5) as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle", e.data, (select o.time_origin from schedules o where o.id = $6) + prev.prev_end as prev_end
      from page_ids join events e on e.schedule_id = $7 and e.id = page_ids.id left join lateral (
    select (select max(c.finish) from (select p.on_air_time + p.duration as finish from events p
        where p.schedule_id = e.schedule_id and (p.on_air_time, p.id) < (e.on_air_time, e.id)
          and p.on_air_time >= l.on_air_time - (select o.max_event_duration from schedules o where o.id = e.schedule_id)
        offset 0) c) as prev_end
    from (select q.on_air_time from events q where q.schedule_id = e.schedule_id and (q.on_air_time, q.id) < (e.on_air_time, e.id)
      order by q.on_air_time desc, q.id desc limit 1) l) prev on true
      order by e.on_air_time, e.id;

-- positionAt(schedule target, time, no filter)
select count(*)::int as position from events e where (e.schedule_id = $1) and (e.on_air_time, e.id) < (
      select e.on_air_time, e.id from events e where (e.schedule_id = $2) and e.on_air_time <= $3 - (select o.time_origin from schedules o where o.id = $4) order by e.on_air_time desc, e.id desc limit 1);

-- targetPageRows(schedule target, { page: 0, size: 1 } (nearer the start), no filter, { data: false, lookBack: false }) [statement 1 of 2]
select event_count as total from schedules where id = $1;

-- targetPageRows(schedule target, { page: 0, size: 1 } (nearer the start), no filter, { data: false, lookBack: false }) [statement 2 of 2]
with page_ids as (select e.id from events e where (e.schedule_id = $1) order by e.on_air_time, e.id offset $2 limit $3) select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + (select o.time_origin from schedules o where o.id = $4) as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle"
      from page_ids join events e on e.schedule_id = $5 and e.id = page_ids.id
      order by e.on_air_time, e.id;

-- targetPageRows(draft target, { page: 0, size: 10 }, no filter, { data: true, lookBack: true }) [statement 1 of 2]
select event_count as total from change_sets where id = $1;

-- targetPageRows(draft target, { page: 0, size: 10 }, no filter, { data: true, lookBack: true }) [statement 2 of 2]
with page_ids as (select e.id from change_set_events e where (e.change_set_id = $1) order by e.on_air_time desc, e.id desc offset $2 limit $3) select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + (select o.time_origin from schedules o where o.id = $4) as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle", e.data, (select o.time_origin from schedules o where o.id = $5) + prev.prev_end as prev_end
      from page_ids join change_set_events e on e.change_set_id = $6 and e.id = page_ids.id left join lateral (
    select (select max(c.finish) from (select p.on_air_time + p.duration as finish from change_set_events p
        where p.change_set_id = e.change_set_id and (p.on_air_time, p.id) < (e.on_air_time, e.id)
          and p.on_air_time >= l.on_air_time - (select o.max_event_duration from change_sets o where o.id = e.change_set_id)
        offset 0) c) as prev_end
    from (select q.on_air_time from change_set_events q where q.change_set_id = e.change_set_id and (q.on_air_time, q.id) < (e.on_air_time, e.id)
      order by q.on_air_time desc, q.id desc limit 1) l) prev on true
      order by e.on_air_time, e.id;

-- schedulesPageRows([scheduleId], { page: 0, size: 10 }, no filter, { data: false, lookBack: false })
with ids as materialized (
        select ids.sid, ids.origin, (select event_count from schedules where id = ids.sid) as total
        from (select ids.sid, (select o.time_origin from schedules o where o.id = ids.schedule_id) as origin
          from unnest($1::bigint[], $2::bigint[]) as ids(sid, schedule_id)) ids)
      select ids.sid as "pageScheduleId", ids.total, p.*
      from ids left join lateral (
        select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + ids.origin as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle"
        from (select * from events e where (e.schedule_id = ids.sid) order by e.on_air_time, e.id offset $3 limit $4) e

      ) p on true;

-- targetsPageRows([draft target], { page: 0, size: 10 }, { eventType: PRIMARY }, { data: true, lookBack: true })
with ids as materialized (
        select ids.sid, ids.origin, (select count(*)::int from change_set_events e where (e.change_set_id = ids.sid) and (e.event_type = $1)) as total
        from (select ids.sid, (select o.time_origin from schedules o where o.id = ids.schedule_id) as origin
          from unnest($2::bigint[], $3::bigint[]) as ids(sid, schedule_id)) ids)
      select ids.sid as "pageScheduleId", ids.total, p.*
      from ids left join lateral (
        select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + ids.origin as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle", e.data, ids.origin + prev.prev_end as prev_end
        from (select * from change_set_events e where (e.change_set_id = ids.sid) and (e.event_type = $4) order by e.on_air_time, e.id offset $5 limit $6) e
        left join lateral (
    select (select max(c.finish) from (select p.on_air_time + p.duration as finish from change_set_events p
        where p.change_set_id = e.change_set_id and (p.on_air_time, p.id) < (e.on_air_time, e.id)
          and p.on_air_time >= l.on_air_time - (select o.max_event_duration from change_sets o where o.id = e.change_set_id)
        offset 0) c) as prev_end
    from (select q.on_air_time from change_set_events q where q.change_set_id = e.change_set_id and (q.on_air_time, q.id) < (e.on_air_time, e.id)
      order by q.on_air_time desc, q.id desc limit 1) l) prev on true
      ) p on true;
