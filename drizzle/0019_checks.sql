-- CHECK constraints for the invariants the service's rules already enforce before a write (so
-- every row written through the service passes them): a write that bypasses the rules (a new
-- code path, a hand-written statement, a bad import) is refused by the database with SQLSTATE
-- 23514 instead of being stored. One ALTER TABLE per table: PostgreSQL checks all of its new
-- constraints in one pass over the rows. Constraints on the partitioned playout_samples apply to
-- every partition, the ones made later included.
ALTER TABLE "schedules"
  ADD CONSTRAINT "schedules_name_not_blank" CHECK (btrim("name") <> ''),
  -- Not >= 1: an import sets its schedule's version to 0 in its last transaction, one statement
  -- before the touch that adds 1 (src/io/importer.ts), and a CHECK holds at every statement.
  ADD CONSTRAINT "schedules_version_not_negative" CHECK ("version" >= 0),
  ADD CONSTRAINT "schedules_fps_range" CHECK ("fps" > 0 AND "fps" <= 300),
  ADD CONSTRAINT "schedules_broadcast_day_start_range" CHECK ("broadcast_day_start" >= 0 AND "broadcast_day_start" < 86400000),
  ADD CONSTRAINT "schedules_break_min_non_negative" CHECK ("break_min" >= 0),
  ADD CONSTRAINT "schedules_break_max_non_negative" CHECK ("break_max" >= 0),
  ADD CONSTRAINT "schedules_break_order" CHECK ("break_min" <= "break_max"),
  ADD CONSTRAINT "schedules_channel_id_non_negative" CHECK ("channel_id" >= 0),
  ADD CONSTRAINT "schedules_playlist_type" CHECK ("playlist_type" IN ('FINITE', 'LOOP')),
  ADD CONSTRAINT "schedules_archive_status" CHECK ("archive_status" IN ('NOT_ARCHIVED', 'ARCHIVING', 'UN_ARCHIVING', 'ARCHIVED')),
  ADD CONSTRAINT "schedules_visibility" CHECK ("visibility" IN ('VISIBLE', 'IMPORTING')),
  ADD CONSTRAINT "schedules_counters_non_negative" CHECK ("event_count" >= 0 AND "max_event_duration" >= 0);--> statement-breakpoint
ALTER TABLE "events"
  ADD CONSTRAINT "events_duration_non_negative" CHECK ("duration" >= 0),
  ADD CONSTRAINT "events_version_positive" CHECK ("version" >= 1);--> statement-breakpoint
ALTER TABLE "change_sets"
  ADD CONSTRAINT "change_sets_version_positive" CHECK ("version" >= 1 AND "base_version" >= 1),
  ADD CONSTRAINT "change_sets_counters_non_negative" CHECK ("event_count" >= 0 AND "max_event_duration" >= 0);--> statement-breakpoint
ALTER TABLE "change_set_events"
  ADD CONSTRAINT "change_set_events_duration_non_negative" CHECK ("duration" >= 0),
  ADD CONSTRAINT "change_set_events_version_positive" CHECK ("version" >= 1 AND "base_version" >= 1);--> statement-breakpoint
ALTER TABLE "change_set_removals"
  ADD CONSTRAINT "change_set_removals_version_positive" CHECK ("base_version" >= 1);--> statement-breakpoint
ALTER TABLE "jobs"
  ADD CONSTRAINT "jobs_progress_range" CHECK ("progress" >= 0 AND "progress" <= 100),
  ADD CONSTRAINT "jobs_attempts_non_negative" CHECK ("attempts" >= 0),
  ADD CONSTRAINT "jobs_status" CHECK ("status" IN ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELED')),
  ADD CONSTRAINT "jobs_file_size_non_negative" CHECK ("file_size" >= 0);--> statement-breakpoint
ALTER TABLE "job_files"
  ADD CONSTRAINT "job_files_size_non_negative" CHECK ("size" >= 0);--> statement-breakpoint
ALTER TABLE "playout_samples"
  ADD CONSTRAINT "playout_samples_interval_range" CHECK ("interval_seconds" >= 1 AND "interval_seconds" <= 86400);--> statement-breakpoint
ALTER TABLE "cache_downloads"
  ADD CONSTRAINT "cache_downloads_non_negative" CHECK ("count" >= 0 AND "size" >= 0);--> statement-breakpoint
ALTER TABLE "storage_snapshots"
  ADD CONSTRAINT "storage_snapshots_non_negative" CHECK ("count" >= 0 AND "size" >= 0);--> statement-breakpoint
ALTER TABLE "executions"
  ADD CONSTRAINT "executions_duration_non_negative" CHECK ("duration" >= 0);
