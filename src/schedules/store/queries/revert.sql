-- The SQL of src/schedules/store/revert.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- writeRevertedEvents(scheduleId, removed: [id], changed: [event columns], restored: [event columns] (rolled back)) [statement 1 of 3]
delete from events where schedule_id = $1 and id in (select unnest($2::bigint[]));

-- writeRevertedEvents(scheduleId, removed: [id], changed: [event columns], restored: [event columns] (rolled back)) [statement 2 of 3]
update events e set on_air_time = x.on_air_time, duration = x.duration, event_type = x.event_type, title = x.title, locked = x.locked,
        media_id = x.media_id, asset_id = x.asset_id, status = x.status, data = x.data, version = e.version + 1
      from jsonb_to_recordset($1::jsonb) as x(id bigint, on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text,
  status text, qc_status text, programme_title text, version int, data jsonb)
      where e.id = x.id and e.schedule_id = $2;

-- writeRevertedEvents(scheduleId, removed: [id], changed: [event columns], restored: [event columns] (rolled back)) [statement 3 of 3]
insert into events (id, schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, version, data)
      overriding system value
      select x.id, $1, (select s.organization from schedules s where s.id = $2), x.on_air_time, x.duration, x.event_type, x.title,
        x.locked, x.media_id, x.asset_id, x.status, x.version + 1, x.data
      from jsonb_to_recordset($3::jsonb) as x(id bigint, on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text,
  status text, qc_status text, programme_title text, version int, data jsonb) order by x.on_air_time, x.id;

-- writeRevertedScheduleColumns(scheduleId, schedule columns (rolled back))
update schedules s set name = x.name, channel = x.channel, channel_id = x.channel_id, playlist_type = x.playlist_type, status = x.status, txdate = x.txdate, fps = x.fps, graphics_project = x.graphics_project, graphics_project_v2 = x.graphics_project_v2, break_min = x.break_min, break_max = x.break_max, time_origin = x.time_origin
    from jsonb_populate_record(null::schedules, $1::jsonb) x where s.id = $2;
