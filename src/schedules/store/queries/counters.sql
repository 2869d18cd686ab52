-- The SQL of src/schedules/store/counters.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- touchTarget(schedule target (rolled back)) [statement 1 of 2]
update schedules s set version = s.version + 1, date_updated = now(), max_event_duration = b.longest, event_count = b.n,
      start_date = coalesce(to_timestamp((b.first_start + s.time_origin) / 1000.0), s.start_date),
      finish_date = coalesce(to_timestamp((b.last_end + s.time_origin) / 1000.0), s.finish_date)
    from (select min(on_air_time) as first_start, max(on_air_time + duration) as last_end, coalesce(max(duration), 0) as longest, count(*) as n
    from events where schedule_id = $1) b where s.id = $2;

-- touchTarget(schedule target (rolled back)) [statement 2 of 2]
select "id", "organization", "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "drop_frame", "time_zone", "broadcast_day_start", "graphics_project", "graphics_project_v2", "break_min", "break_max", "archive_status", "version", "time_origin", "max_event_duration", "event_count", "start_date", "finish_date", "date_applied", "date_created", "date_updated", "created_by", "lock_horizon_ms", "separation_asset_ms", "separation_advertiser_ms", "separation_category_ms", "visibility", "import_job_id" from "schedules" where "schedules"."id" = $1;

-- refreshDates(scheduleId (rolled back)) [statement 1 of 2]
update schedules s set start_date = coalesce(to_timestamp((b.first_start + s.time_origin) / 1000.0), s.start_date),
      finish_date = coalesce(to_timestamp((b.last_end + s.time_origin) / 1000.0), s.finish_date)
    from (select min(on_air_time) as first_start, max(on_air_time + duration) as last_end from events where schedule_id = $1) b
    where s.id = $2;

-- refreshDates(scheduleId (rolled back)) [statement 2 of 2]
select "id", "organization", "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "drop_frame", "time_zone", "broadcast_day_start", "graphics_project", "graphics_project_v2", "break_min", "break_max", "archive_status", "version", "time_origin", "max_event_duration", "event_count", "start_date", "finish_date", "date_applied", "date_created", "date_updated", "created_by", "lock_horizon_ms", "separation_asset_ms", "separation_advertiser_ms", "separation_category_ms", "visibility", "import_job_id" from "schedules" where "schedules"."id" = $1;

-- touchTarget(draft target (rolled back)) [statement 1 of 2]
update change_sets c set version = c.version + 1, date_updated = now(), max_event_duration = b.longest, event_count = b.n
    from (select coalesce(max(duration), 0) as longest, count(*) as n from change_set_events where change_set_id = $1) b
    where c.id = $2;

-- touchTarget(draft target (rolled back)) [statement 2 of 2]
select "id", "organization", "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "drop_frame", "time_zone", "broadcast_day_start", "graphics_project", "graphics_project_v2", "break_min", "break_max", "archive_status", "version", "time_origin", "max_event_duration", "event_count", "start_date", "finish_date", "date_applied", "date_created", "date_updated", "created_by", "lock_horizon_ms", "separation_asset_ms", "separation_advertiser_ms", "separation_category_ms", "visibility", "import_job_id" from "schedules" where "schedules"."id" = $1;
