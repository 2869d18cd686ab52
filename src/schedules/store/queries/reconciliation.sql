-- The SQL of src/schedules/store/reconciliation.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- plannedEvents(scheduleId, from: null, to: null)
select json_agg(json_build_array(e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1), e.duration, e.event_type, e.title, e.media_id,
        case when jsonb_typeof(e.data->'scte35Signals') = 'array' then jsonb_array_length(e.data->'scte35Signals') else 0 end) order by e.on_air_time, e.id)::text as list
      from events e where (e.schedule_id = $2);

-- plannedEvents(scheduleId, from, to)
select json_agg(json_build_array(e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1), e.duration, e.event_type, e.title, e.media_id,
        case when jsonb_typeof(e.data->'scte35Signals') = 'array' then jsonb_array_length(e.data->'scte35Signals') else 0 end) order by e.on_air_time, e.id)::text as list
      from events e where (e.schedule_id = $2) and (e.on_air_time >= $3::bigint - (select o.time_origin from schedules o where o.id = $4)) and (e.on_air_time < $5::bigint - (select o.time_origin from schedules o where o.id = $6));

-- unnamedReferences(scheduleId, [{ eventId, mediaId }])
select count(*)::int as n from jsonb_to_recordset($1::jsonb) as x("eventId" bigint, "mediaId" text)
      where not exists (select 1 from events e where e.schedule_id = $2 and e.id = x."eventId")
        and (x."mediaId" is null or x."mediaId" not in (select e.media_id from events e where e.schedule_id = $3 and e.media_id is not null));

-- eventIdsOfSchedule(scheduleId, [id])
select e.id from events e where e.schedule_id = $1 and e.id = any($2::bigint[]);
