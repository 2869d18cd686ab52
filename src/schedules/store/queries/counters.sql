-- The SQL of src/schedules/store/counters.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- touchTarget(schedule target (rolled back))
update schedules set version = version + 1, date_updated = now(),
        event_count = (select count(*) from events where schedule_id = $1), max_event_duration = coalesce((select max(d.duration) from events d where d.schedule_id = $2 and d.duration > 60000),
      (select 60000::bigint where (select min(a.on_air_time) from events a where a.schedule_id = $3) is not null), 0), start_date = coalesce(to_timestamp(((select min(on_air_time) from events where schedule_id = $4) + "schedules"."time_origin") / 1000.0), "schedules"."start_date"), finish_date = coalesce(to_timestamp(((select max(x.finish) from (select l.on_air_time + l.duration as finish from events l
      where l.schedule_id = $5
        and l.on_air_time between (select max(f.on_air_time) from events f where f.schedule_id = $6) - coalesce((select max(d.duration) from events d where d.schedule_id = $7 and d.duration > 60000),
      (select 60000::bigint where (select min(a.on_air_time) from events a where a.schedule_id = $8) is not null), 0) and (select max(f.on_air_time) from events f where f.schedule_id = $9)
      offset 0) x) + "schedules"."time_origin") / 1000.0), "schedules"."finish_date")
      where id = $10 returning id, organization, name, channel, channel_id, playlist_type, status, txdate, fps, drop_frame, time_zone, broadcast_day_start, graphics_project, graphics_project_v2, break_min, break_max, archive_status, version, time_origin, max_event_duration, event_count, start_date, finish_date, date_applied, date_created, date_updated, created_by, lock_horizon_ms, separation_asset_ms, separation_advertiser_ms, separation_category_ms, visibility, import_job_id;

-- touchTarget(schedule target, none moved, extremes kept (rolled back))
update schedules set version = version + 1, date_updated = now(),
        event_count = event_count + $1
      where id = $2 returning id, organization, name, channel, channel_id, playlist_type, status, txdate, fps, drop_frame, time_zone, broadcast_day_start, graphics_project, graphics_project_v2, break_min, break_max, archive_status, version, time_origin, max_event_duration, event_count, start_date, finish_date, date_applied, date_created, date_updated, created_by, lock_horizon_ms, separation_asset_ms, separation_advertiser_ms, separation_category_ms, visibility, import_job_id;

-- refreshDates(scheduleId (rolled back))
update "schedules" set "start_date" = coalesce(to_timestamp(((select min(on_air_time) from events where schedule_id = $1) + "schedules"."time_origin") / 1000.0), "schedules"."start_date"), "finish_date" = coalesce(to_timestamp(((select max(x.finish) from (select l.on_air_time + l.duration as finish from events l
      where l.schedule_id = $2
        and l.on_air_time between (select max(f.on_air_time) from events f where f.schedule_id = $3) - coalesce((select max(d.duration) from events d where d.schedule_id = $4 and d.duration > 60000),
      (select 60000::bigint where (select min(a.on_air_time) from events a where a.schedule_id = $5) is not null), 0) and (select max(f.on_air_time) from events f where f.schedule_id = $6)
      offset 0) x) + "schedules"."time_origin") / 1000.0), "schedules"."finish_date") where "schedules"."id" = $7 returning "id", "organization", "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "drop_frame", "time_zone", "broadcast_day_start", "graphics_project", "graphics_project_v2", "break_min", "break_max", "archive_status", "version", "time_origin", "max_event_duration", "event_count", "start_date", "finish_date", "date_applied", "date_created", "date_updated", "created_by", "lock_horizon_ms", "separation_asset_ms", "separation_advertiser_ms", "separation_category_ms", "visibility", "import_job_id";

-- touchTarget(draft target (rolled back))
with touched as (
        update change_sets c set version = c.version + 1, date_updated = now(),
          max_event_duration = coalesce((select max(d.duration) from change_set_events d where d.change_set_id = $1 and d.duration > 60000),
      (select 60000::bigint where (select min(a.on_air_time) from change_set_events a where a.change_set_id = $2) is not null), 0),
          event_count = (select count(*) from change_set_events where change_set_id = $3)
        where c.id = $4 returning 1)
      select s.* from schedules s where s.id = $5;
