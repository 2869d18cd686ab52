-- The SQL of src/schedules/store/change-sets.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- insertChangeSet(schedule row, createdBy (rolled back)) [statement 1 of 2]
select count(*) from "change_sets" where "change_sets"."schedule_id" = $1;

-- insertChangeSet(schedule row, createdBy (rolled back)) [statement 2 of 2]
insert into "change_sets" ("id", "schedule_id", "organization", "version", "base_version", "max_event_duration", "event_count", "created_by", "date_created", "date_updated") values (default, $1, $2, default, $3, $4, $5, $6, default, default) returning "id", "schedule_id", "organization", "version", "base_version", "max_event_duration", "event_count", "created_by", "date_created", "date_updated";

-- changeSetRow(id, organization, lock: true)
select "id", "schedule_id", "organization", "version", "base_version", "max_event_duration", "event_count", "created_by", "date_created", "date_updated" from "change_sets" where ("change_sets"."id" = $1 and "change_sets"."organization" = $2) for update;

-- visibleChangeSetRows(scheduleId, organization, { page: 0, size: 10 }, withTotal: true)
select "id", "schedule_id", "organization", "version", "base_version", "max_event_duration", "event_count", "created_by", "date_created", "date_updated", count(*) over () from "change_sets" where ("change_sets"."schedule_id" = $1) and (exists (select 1 from "schedules" where ("schedules"."id" = $2) and ("schedules"."organization" = $3) and "schedules"."visibility" = 'VISIBLE')) order by "change_sets"."id" asc limit 10;

-- visibleChangeSetRows(scheduleId, organization, { page: 0, size: 10 }, withTotal: false)
select "id", "schedule_id", "organization", "version", "base_version", "max_event_duration", "event_count", "created_by", "date_created", "date_updated" from "change_sets" where ("change_sets"."schedule_id" = $1) and (exists (select 1 from "schedules" where ("schedules"."id" = $2) and ("schedules"."organization" = $3) and "schedules"."visibility" = 'VISIBLE')) order by "change_sets"."id" asc limit 10;

-- deleteChangeSet(id (rolled back))
delete from "change_sets" where "change_sets"."id" = $1;

-- markApplied(scheduleId (rolled back))
update "schedules" set "date_applied" = now() where "schedules"."id" = $1 returning "id", "organization", "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "drop_frame", "time_zone", "broadcast_day_start", "graphics_project", "graphics_project_v2", "break_min", "break_max", "archive_status", "version", "time_origin", "max_event_duration", "event_count", "start_date", "finish_date", "date_applied", "date_created", "date_updated", "created_by", "lock_horizon_ms", "separation_asset_ms", "separation_advertiser_ms", "separation_category_ms", "visibility", "import_job_id";
