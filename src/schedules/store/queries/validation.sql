-- The SQL of src/schedules/store/validation.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- loadCheckedEvents(scheduleTarget)
select e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as t, e.duration as d, e.locked as l, e.event_type as y, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as k
      from events e where e.schedule_id = $2 order by e.on_air_time, e.id;

-- loadCheckedEvents(draftTarget)
select e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as t, e.duration as d, e.locked as l, e.event_type as y, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as k
      from change_set_events e where e.change_set_id = $2 order by e.on_air_time, e.id;

-- eventRowsById(scheduleId, [id, id], columnsOnly: false)
select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration, e.event_type as "eventType",
        e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.data as data,
        e.qc_status as "qcStatus", e.programme_title as "programmeTitle"
      from events e where e.schedule_id = $2 and e.id = any($3::bigint[]);

-- eventRowsById(scheduleId, [id, id], columnsOnly: true)
select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration, e.event_type as "eventType",
        e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, null as data,
        e.qc_status as "qcStatus", e.programme_title as "programmeTitle"
      from events e where e.schedule_id = $2 and e.id = any($3::bigint[]);
