-- ============================================================================================
-- HAND-WRITTEN: the history of an UPDATE of schedules compares the columns themselves
-- (docs/DECISIONS.md 74). The trigger of 0014 diffed two JSON documents of the whole row
-- (history_schedule_diff(to_jsonb(o), to_jsonb(n))): both rows turned into JSON, every member
-- taken apart and compared. The touch that ends every edit of events fires it, and with pgbench
-- on a 200-schedule database that diff was 0.15-0.2 ms of the touch's 0.3 ms of history. Here
-- each column is compared as a value and only a changed one is turned into JSON: the same
-- changes (jsonb keeps its keys in one order whatever the order they were built in), at a
-- quarter to a half of the cost. The list names every column of schedules but id and version;
-- test/history/schedule-diff-columns.test.ts fails when a column is added without being named
-- here, and compares the answers with history_schedule_diff's on random changes.
-- ============================================================================================
CREATE OR REPLACE FUNCTION history_schedules_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_history AS h (schedule_id, organization, txid, version_before, version_after, actor, operation, schedule_changes)
  SELECT n.id, n.organization, txid_current(), o.version, n.version,
    nullif(current_setting('playout.actor', true), ''), nullif(current_setting('playout.operation', true), ''), d.changes
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL (SELECT coalesce(jsonb_object_agg(c.k, c.v), '{}'::jsonb) AS changes FROM (VALUES
      ('organization', CASE WHEN o.organization IS DISTINCT FROM n.organization THEN jsonb_build_array(to_jsonb(o.organization), to_jsonb(n.organization)) END),
      ('name', CASE WHEN o.name IS DISTINCT FROM n.name THEN jsonb_build_array(to_jsonb(o.name), to_jsonb(n.name)) END),
      ('channel', CASE WHEN o.channel IS DISTINCT FROM n.channel THEN jsonb_build_array(to_jsonb(o.channel), to_jsonb(n.channel)) END),
      ('channel_id', CASE WHEN o.channel_id IS DISTINCT FROM n.channel_id THEN jsonb_build_array(to_jsonb(o.channel_id), to_jsonb(n.channel_id)) END),
      ('playlist_type', CASE WHEN o.playlist_type IS DISTINCT FROM n.playlist_type THEN jsonb_build_array(to_jsonb(o.playlist_type), to_jsonb(n.playlist_type)) END),
      ('status', CASE WHEN o.status IS DISTINCT FROM n.status THEN jsonb_build_array(to_jsonb(o.status), to_jsonb(n.status)) END),
      ('txdate', CASE WHEN o.txdate IS DISTINCT FROM n.txdate THEN jsonb_build_array(to_jsonb(o.txdate), to_jsonb(n.txdate)) END),
      ('fps', CASE WHEN o.fps IS DISTINCT FROM n.fps THEN jsonb_build_array(to_jsonb(o.fps), to_jsonb(n.fps)) END),
      ('graphics_project', CASE WHEN o.graphics_project IS DISTINCT FROM n.graphics_project THEN jsonb_build_array(to_jsonb(o.graphics_project), to_jsonb(n.graphics_project)) END),
      ('graphics_project_v2', CASE WHEN o.graphics_project_v2 IS DISTINCT FROM n.graphics_project_v2 THEN jsonb_build_array(to_jsonb(o.graphics_project_v2), to_jsonb(n.graphics_project_v2)) END),
      ('break_min', CASE WHEN o.break_min IS DISTINCT FROM n.break_min THEN jsonb_build_array(to_jsonb(o.break_min), to_jsonb(n.break_min)) END),
      ('break_max', CASE WHEN o.break_max IS DISTINCT FROM n.break_max THEN jsonb_build_array(to_jsonb(o.break_max), to_jsonb(n.break_max)) END),
      ('archive_status', CASE WHEN o.archive_status IS DISTINCT FROM n.archive_status THEN jsonb_build_array(to_jsonb(o.archive_status), to_jsonb(n.archive_status)) END),
      ('start_date', CASE WHEN o.start_date IS DISTINCT FROM n.start_date THEN jsonb_build_array(to_jsonb(o.start_date), to_jsonb(n.start_date)) END),
      ('finish_date', CASE WHEN o.finish_date IS DISTINCT FROM n.finish_date THEN jsonb_build_array(to_jsonb(o.finish_date), to_jsonb(n.finish_date)) END),
      ('date_applied', CASE WHEN o.date_applied IS DISTINCT FROM n.date_applied THEN jsonb_build_array(to_jsonb(o.date_applied), to_jsonb(n.date_applied)) END),
      ('date_created', CASE WHEN o.date_created IS DISTINCT FROM n.date_created THEN jsonb_build_array(to_jsonb(o.date_created), to_jsonb(n.date_created)) END),
      ('date_updated', CASE WHEN o.date_updated IS DISTINCT FROM n.date_updated THEN jsonb_build_array(to_jsonb(o.date_updated), to_jsonb(n.date_updated)) END),
      ('created_by', CASE WHEN o.created_by IS DISTINCT FROM n.created_by THEN jsonb_build_array(to_jsonb(o.created_by), to_jsonb(n.created_by)) END),
      ('time_origin', CASE WHEN o.time_origin IS DISTINCT FROM n.time_origin THEN jsonb_build_array(to_jsonb(o.time_origin), to_jsonb(n.time_origin)) END),
      ('max_event_duration', CASE WHEN o.max_event_duration IS DISTINCT FROM n.max_event_duration THEN jsonb_build_array(to_jsonb(o.max_event_duration), to_jsonb(n.max_event_duration)) END),
      ('event_count', CASE WHEN o.event_count IS DISTINCT FROM n.event_count THEN jsonb_build_array(to_jsonb(o.event_count), to_jsonb(n.event_count)) END),
      ('visibility', CASE WHEN o.visibility IS DISTINCT FROM n.visibility THEN jsonb_build_array(to_jsonb(o.visibility), to_jsonb(n.visibility)) END),
      ('import_job_id', CASE WHEN o.import_job_id IS DISTINCT FROM n.import_job_id THEN jsonb_build_array(to_jsonb(o.import_job_id), to_jsonb(n.import_job_id)) END),
      ('drop_frame', CASE WHEN o.drop_frame IS DISTINCT FROM n.drop_frame THEN jsonb_build_array(to_jsonb(o.drop_frame), to_jsonb(n.drop_frame)) END),
      ('time_zone', CASE WHEN o.time_zone IS DISTINCT FROM n.time_zone THEN jsonb_build_array(to_jsonb(o.time_zone), to_jsonb(n.time_zone)) END),
      ('broadcast_day_start', CASE WHEN o.broadcast_day_start IS DISTINCT FROM n.broadcast_day_start THEN jsonb_build_array(to_jsonb(o.broadcast_day_start), to_jsonb(n.broadcast_day_start)) END),
      ('lock_horizon_ms', CASE WHEN o.lock_horizon_ms IS DISTINCT FROM n.lock_horizon_ms THEN jsonb_build_array(to_jsonb(o.lock_horizon_ms), to_jsonb(n.lock_horizon_ms)) END),
      ('separation_asset_ms', CASE WHEN o.separation_asset_ms IS DISTINCT FROM n.separation_asset_ms THEN jsonb_build_array(to_jsonb(o.separation_asset_ms), to_jsonb(n.separation_asset_ms)) END),
      ('separation_advertiser_ms', CASE WHEN o.separation_advertiser_ms IS DISTINCT FROM n.separation_advertiser_ms THEN jsonb_build_array(to_jsonb(o.separation_advertiser_ms), to_jsonb(n.separation_advertiser_ms)) END),
      ('separation_category_ms', CASE WHEN o.separation_category_ms IS DISTINCT FROM n.separation_category_ms THEN jsonb_build_array(to_jsonb(o.separation_category_ms), to_jsonb(n.separation_category_ms)) END)) c(k, v) WHERE c.v IS NOT NULL) d
  WHERE d.changes <> '{}'::jsonb OR o.version <> n.version
  ON CONFLICT (schedule_id, txid) DO UPDATE SET
    version_before = CASE WHEN h.version_before IS NULL THEN NULL ELSE least(h.version_before, excluded.version_before) END,
    version_after = greatest(h.version_after, excluded.version_after),
    schedule_changes = history_merge_changes(h.schedule_changes, excluded.schedule_changes);
  RETURN NULL;
END $$;
