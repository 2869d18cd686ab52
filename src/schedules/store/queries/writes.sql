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
      select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = $5) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data" from inserted e order by e.id;

-- updateEvents(schedule target, [{ id, values }] (rolled back))
update events e set on_air_time = x.on_air_time - (select o.time_origin from schedules o where o.id = $1), duration = x.duration, event_type = x.event_type, title = x.title, locked = x.locked::boolean, media_id = x.media_id, asset_id = x.asset_id, status = x.status, data = x.data::jsonb, version = e.version + 1
    from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[]) as x(id, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
    where e.id = x.id and e.schedule_id = $12 and (select set_config('playout.history_columns', $13 || '@' || history_statement_stamp(), true)) <> '';

-- moveEvents(schedule target, [{ id, onAirTime }] (rolled back))
update events e set on_air_time = x.t - (select o.time_origin from schedules o where o.id = $1), version = e.version + 1
    from unnest($2::bigint[], $3::bigint[]) as x(id, t)
    where e.id = x.id and e.schedule_id = $4 and (select set_config('playout.history_columns', $5 || '@' || history_statement_stamp(), true)) <> '';

-- deleteEventIds(schedule target, [id] (rolled back))
delete from events where schedule_id = $1 and id = any($2::bigint[]);

-- deleteEventIds(draft target, [id] (rolled back))
with removed as (delete from change_set_events where change_set_id = $1 and id = any($2::bigint[]) returning id, base_version),
      remembered as (insert into change_set_removals (change_set_id, id, base_version)
        select $3, id, base_version from removed where base_version is not null)
      select count(*)::int as n from removed;

-- moveEvents(draft target, [{ id, onAirTime }] (rolled back))
update change_set_events e set on_air_time = x.t - (select o.time_origin from schedules o where o.id = $1), version = e.version + 1
    from unnest($2::bigint[], $3::bigint[]) as x(id, t)
    where e.id = x.id and e.change_set_id = $4 and true;

-- appendEvents(schedule target, [one event] (rolled back))
insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
      select $1, (select s.organization from schedules s where s.id = $2),
        x.on_air_time - (select o.time_origin from schedules o where o.id = $3), x.duration, x.event_type, x.title, coalesce(x.locked, false), x.media_id, x.asset_id, x.status, coalesce(x.data, '{}'::jsonb)
      from jsonb_to_recordset($4::jsonb) as x(ord int, on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text, status text, data jsonb) order by x.ord;

-- retimeEvents(schedule target, [{ id, onAirTime, duration, somDelta }] (rolled back))
update events e set on_air_time = x.t - (select o.time_origin from schedules o where o.id = $1), duration = coalesce(x.d, e.duration), version = e.version + 1, data = case when x.s = 0 then e.data else jsonb_set(e.data, '{som}', to_jsonb(coalesce((e.data->>'som')::bigint, 0) + x.s)) end
    from jsonb_to_recordset($2::jsonb) as x(id bigint, t bigint, d bigint, s bigint)
    where e.id = x.id and e.schedule_id = $3 and (select set_config('playout.history_columns', $4 || '@' || history_statement_stamp(), true)) <> '';

-- deleteAllEvents(schedule target (rolled back))
delete from events where schedule_id = $1 and true;

-- deleteEventsStartingIn(draft target, from, to (rolled back))
with removed as (delete from change_set_events where change_set_id = $1 and on_air_time >= $2 - (select o.time_origin from schedules o where o.id = $3) and on_air_time < $4 - (select o.time_origin from schedules o where o.id = $5) returning id, base_version),
      remembered as (insert into change_set_removals (change_set_id, id, base_version)
        select $6, id, base_version from removed where base_version is not null)
      select count(*)::int as n from removed;

-- shiftAll(scheduleId, one hour (rolled back))
update schedules set time_origin = time_origin + $1 where id = $2;

-- moveBySteps(scheduleId, [{ from, by: one hour }, { from, by: two hours }] (rolled back)) [statement 1 of 2]
update events set on_air_time = on_air_time + (case when on_air_time + (select o.time_origin from schedules o where o.id = $1) >= $2 then $3::bigint else 0 end), version = version + 1 where schedule_id = $4 and on_air_time >= $5 - (select o.time_origin from schedules o where o.id = $6) and (select set_config('playout.history_columns', $7 || '@' || history_statement_stamp(), true)) <> '';

-- moveBySteps(scheduleId, [{ from, by: one hour }, { from, by: two hours }] (rolled back)) [statement 2 of 2]
update schedules set time_origin = time_origin + $1 where id = $2;

-- copyEvents(scheduleId, { id, organization } of an empty schedule (rolled back))
insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
    select $1, $2, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data
    from events where schedule_id = $3 order by on_air_time, id;

-- deleteSomeEvents(scheduleId, limit: 5000 (rolled back))
with gone as (delete from events where id in (select id from events where schedule_id = $1 limit $2) returning 1)
      select count(*)::int as n from gone;
