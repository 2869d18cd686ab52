-- The SQL of src/schedules/store/lookups.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- eventRowsAround(scheduleId, at) [statement 1 of 3]
select e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as t, e.duration as d, e.event_type as y, e.title, e.media_id as m, e.data->>'houseId' as h, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as k, e.on_air_time as r from events e where e.schedule_id = $2 and e.on_air_time <= ($3::bigint - (select o.time_origin from schedules o where o.id = $4)) and e.on_air_time + e.duration > ($5::bigint - (select o.time_origin from schedules o where o.id = $6)) and e.on_air_time >= ($7::bigint - (select o.time_origin from schedules o where o.id = $8)) - (select max_event_duration from schedules where id = $9) order by e.on_air_time desc, e.id desc limit 1;

-- eventRowsAround(scheduleId, at) [statement 2 of 3]
select e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as t, e.duration as d, e.event_type as y, e.title, e.media_id as m, e.data->>'houseId' as h, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as k, e.on_air_time as r from events e where e.schedule_id = $2 and e.on_air_time <= ($3::bigint - (select o.time_origin from schedules o where o.id = $4)) order by e.on_air_time desc, e.id desc limit 1;

-- eventRowsAround(scheduleId, at) [statement 3 of 3]
select e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as t, e.duration as d, e.event_type as y, e.title, e.media_id as m, e.data->>'houseId' as h, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as k, e.on_air_time as r from events e where e.schedule_id = $2 and e.on_air_time > ($3::bigint - (select o.time_origin from schedules o where o.id = $4)) order by e.on_air_time, e.id limit 1;
