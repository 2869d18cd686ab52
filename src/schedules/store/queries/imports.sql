-- The SQL of src/schedules/store/imports.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- createHiddenSchedule({ name, organization, createdBy, fps, channel, importJobId: null } (rolled back))
insert into "schedules" ("id", "organization", "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "drop_frame", "time_zone", "broadcast_day_start", "graphics_project", "graphics_project_v2", "break_min", "break_max", "archive_status", "version", "time_origin", "max_event_duration", "event_count", "start_date", "finish_date", "date_applied", "date_created", "date_updated", "created_by", "lock_horizon_ms", "separation_asset_ms", "separation_advertiser_ms", "separation_category_ms", "visibility", "import_job_id") values (default, $1, $2, $3, default, default, default, default, $4, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, $5, default, default, default, default, $6, $7) returning "id";

-- markImportAlive(scheduleId (rolled back))
update "schedules" set "date_updated" = now() where "schedules"."id" = $1;

-- revealImported(scheduleId, { name, channel, fps } (rolled back))
update "schedules" set "name" = $1, "channel" = $2, "fps" = $3, "version" = $4, "visibility" = $5, "import_job_id" = $6 where "schedules"."id" = $7;

-- deleteHiddenSchedule(scheduleId (rolled back))
delete from "schedules" where ("schedules"."id" = $1 and "schedules"."visibility" = $2);
