-- The SQL of src/schedules/store/writes.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- insertEvents(schedule target, [one event] (rolled back))
with input as (select * from jsonb_to_recordset($1::jsonb) as x(ord int, on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text, status text, data jsonb)),
      inserted as (
        insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
        select $2, (select s.organization from schedules s where s.id = $3),
          x.on_air_time - (select o.time_origin from schedules o where o.id = $4), x.duration, x.event_type, x.title, coalesce(x.locked, false), x.media_id, x.asset_id, x.status, coalesce(x.data, '{}'::jsonb)
        from input x order by ord
        returning *
      )
      select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = e.schedule_id) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data" from inserted e order by e.id;

-- updateEvents(schedule target, [{ id, values }] (rolled back))
update events e set duration = x.duration, event_type = x.event_type, title = x.title, locked = x.locked, media_id = x.media_id, asset_id = x.asset_id, status = x.status, data = x.data, on_air_time = x.on_air_time - (select o.time_origin from schedules o where o.id = $1), version = e.version + 1
    from jsonb_to_recordset($2::jsonb) as x(id bigint, on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text, status text, data jsonb)
    where e.id = x.id and e.schedule_id = $3;

-- moveEvents(schedule target, [{ id, onAirTime }] (rolled back))
update events e set on_air_time = x.t - (select o.time_origin from schedules o where o.id = $1), version = e.version + 1
    from unnest($2::bigint[], $3::bigint[]) as x(id, t)
    where e.id = x.id and e.schedule_id = $4 and (select set_config('playout.history_columns', $5 || '@' || history_statement_stamp(), true)) <> '';

-- deleteEventIds(schedule target, [id] (rolled back))
delete from events where schedule_id = $1 and id in (select jsonb_array_elements_text($2::jsonb)::bigint);
