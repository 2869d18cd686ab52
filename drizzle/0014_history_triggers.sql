-- ============================================================================================
-- HAND-WRITTEN: history triggers (src/history/, docs/EVENTS.md "History and undo").
-- drizzle-kit cannot express triggers; this custom migration holds them. Statement-level AFTER
-- triggers with transition tables record every committed change of `events` and `schedules`,
-- set-based, in the writer's own transaction, whichever code path wrote: one schedule_history
-- row per schedule and transaction (txid_current()), and one schedule_history_events row per
-- event added (the row), removed (the row) or changed (only the columns that differ, old → new).
-- Who and what: the transaction-local settings playout.actor and playout.operation
-- (src/history/index.ts noteTimelineChange). Draft tables (change_set_events) are not history.
-- ============================================================================================

-- The entries of this transaction for some schedules, created at their current version when missing.
CREATE FUNCTION history_open_entries(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_history (schedule_id, organization, txid, version_before, version_after, actor, operation)
  SELECT s.id, s.organization, txid_current(), s.version, s.version,
    nullif(current_setting('playout.actor', true), ''), nullif(current_setting('playout.operation', true), '')
  FROM schedules s WHERE s.id = ANY(ids)
  ON CONFLICT (schedule_id, txid) DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION history_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := txid_current();
BEGIN
  PERFORM history_open_entries(array(SELECT DISTINCT schedule_id FROM new_rows));
  WITH written AS (
    INSERT INTO schedule_history_events (history_id, event_id, kind, new_values)
    SELECT h.id, n.id, 'A', to_jsonb(n) - 'id' - 'schedule_id' - 'organization'
    FROM new_rows n JOIN schedule_history h ON h.schedule_id = n.schedule_id AND h.txid = tx
    ORDER BY n.id
    RETURNING history_id
  )
  UPDATE schedule_history h SET events_added = h.events_added + w.n
  FROM (SELECT history_id, count(*) AS n FROM written GROUP BY history_id) w WHERE h.id = w.history_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION history_events_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := txid_current();
BEGIN
  -- A schedule deleted with its events has no entry to open (its history goes with it).
  PERFORM history_open_entries(array(SELECT DISTINCT schedule_id FROM old_rows));
  WITH written AS (
    INSERT INTO schedule_history_events (history_id, event_id, kind, old_values)
    SELECT h.id, o.id, 'R', to_jsonb(o) - 'id' - 'schedule_id' - 'organization'
    FROM old_rows o JOIN schedule_history h ON h.schedule_id = o.schedule_id AND h.txid = tx
    RETURNING history_id
  )
  UPDATE schedule_history h SET events_removed = h.events_removed + w.n
  FROM (SELECT history_id, count(*) AS n FROM written GROUP BY history_id) w WHERE h.id = w.history_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Column by column (not jsonb_each over whole rows): a third of the cost per row. A column added to
-- events must be added here too (test/history/columns.test.ts fails until it is).
CREATE FUNCTION history_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := txid_current();
BEGIN
  PERFORM history_open_entries(array(SELECT DISTINCT schedule_id FROM new_rows));
  WITH entries AS (
    SELECT h.id, h.schedule_id FROM schedule_history h WHERE h.txid = tx AND h.schedule_id IN (SELECT DISTINCT schedule_id FROM new_rows)
  ), pairs AS (
    SELECT e.id AS history_id, n.id AS event_id,
      (CASE WHEN n.on_air_time IS DISTINCT FROM o.on_air_time THEN jsonb_build_object('on_air_time', o.on_air_time) ELSE '{}' END
       || CASE WHEN n.duration IS DISTINCT FROM o.duration THEN jsonb_build_object('duration', o.duration) ELSE '{}' END
       || CASE WHEN n.event_type IS DISTINCT FROM o.event_type THEN jsonb_build_object('event_type', o.event_type) ELSE '{}' END
       || CASE WHEN n.title IS DISTINCT FROM o.title THEN jsonb_build_object('title', o.title) ELSE '{}' END
       || CASE WHEN n.locked IS DISTINCT FROM o.locked THEN jsonb_build_object('locked', o.locked) ELSE '{}' END
       || CASE WHEN n.media_id IS DISTINCT FROM o.media_id THEN jsonb_build_object('media_id', o.media_id) ELSE '{}' END
       || CASE WHEN n.asset_id IS DISTINCT FROM o.asset_id THEN jsonb_build_object('asset_id', o.asset_id) ELSE '{}' END
       || CASE WHEN n.status IS DISTINCT FROM o.status THEN jsonb_build_object('status', o.status) ELSE '{}' END
       || CASE WHEN n.qc_status IS DISTINCT FROM o.qc_status THEN jsonb_build_object('qc_status', o.qc_status) ELSE '{}' END
       || CASE WHEN n.programme_title IS DISTINCT FROM o.programme_title THEN jsonb_build_object('programme_title', o.programme_title) ELSE '{}' END
       || CASE WHEN n.version IS DISTINCT FROM o.version THEN jsonb_build_object('version', o.version) ELSE '{}' END
       || CASE WHEN n.data IS DISTINCT FROM o.data THEN jsonb_build_object('data', o.data) ELSE '{}' END) AS old_values,
      (CASE WHEN n.on_air_time IS DISTINCT FROM o.on_air_time THEN jsonb_build_object('on_air_time', n.on_air_time) ELSE '{}' END
       || CASE WHEN n.duration IS DISTINCT FROM o.duration THEN jsonb_build_object('duration', n.duration) ELSE '{}' END
       || CASE WHEN n.event_type IS DISTINCT FROM o.event_type THEN jsonb_build_object('event_type', n.event_type) ELSE '{}' END
       || CASE WHEN n.title IS DISTINCT FROM o.title THEN jsonb_build_object('title', n.title) ELSE '{}' END
       || CASE WHEN n.locked IS DISTINCT FROM o.locked THEN jsonb_build_object('locked', n.locked) ELSE '{}' END
       || CASE WHEN n.media_id IS DISTINCT FROM o.media_id THEN jsonb_build_object('media_id', n.media_id) ELSE '{}' END
       || CASE WHEN n.asset_id IS DISTINCT FROM o.asset_id THEN jsonb_build_object('asset_id', n.asset_id) ELSE '{}' END
       || CASE WHEN n.status IS DISTINCT FROM o.status THEN jsonb_build_object('status', n.status) ELSE '{}' END
       || CASE WHEN n.qc_status IS DISTINCT FROM o.qc_status THEN jsonb_build_object('qc_status', n.qc_status) ELSE '{}' END
       || CASE WHEN n.programme_title IS DISTINCT FROM o.programme_title THEN jsonb_build_object('programme_title', n.programme_title) ELSE '{}' END
       || CASE WHEN n.version IS DISTINCT FROM o.version THEN jsonb_build_object('version', n.version) ELSE '{}' END
       || CASE WHEN n.data IS DISTINCT FROM o.data THEN jsonb_build_object('data', n.data) ELSE '{}' END) AS new_values
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN entries e ON e.schedule_id = n.schedule_id
  ), written AS (
    INSERT INTO schedule_history_events (history_id, event_id, kind, old_values, new_values)
    SELECT history_id, event_id, 'C', old_values, new_values FROM pairs WHERE old_values <> '{}'::jsonb
    RETURNING history_id
  )
  UPDATE schedule_history h SET events_changed = h.events_changed + w.n
  FROM (SELECT history_id, count(*) AS n FROM written GROUP BY history_id) w WHERE h.id = w.history_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- { column: [old, new] } of two schedules rows, without id and version (the entry's versions hold those).
CREATE FUNCTION history_schedule_diff(o jsonb, n jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(nv.key, jsonb_build_array(o -> nv.key, nv.value)), '{}'::jsonb)
  FROM jsonb_each(n - 'id' - 'version') nv WHERE nv.value IS DISTINCT FROM coalesce(o -> nv.key, 'null'::jsonb)
$$;
--> statement-breakpoint
-- Two diffs of one transaction as one: the first old value and the last new value of each column.
CREATE FUNCTION history_merge_changes(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, jsonb_build_array(CASE WHEN a ? k THEN a -> k -> 0 ELSE b -> k -> 0 END, CASE WHEN b ? k THEN b -> k -> 1 ELSE a -> k -> 1 END)), '{}'::jsonb)
  FROM (SELECT jsonb_object_keys(a) AS k UNION SELECT jsonb_object_keys(b)) keys
$$;
--> statement-breakpoint
CREATE FUNCTION history_schedules_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_history (schedule_id, organization, txid, version_before, version_after, actor, operation, schedule_changes)
  SELECT n.id, n.organization, txid_current(), NULL, n.version,
    coalesce(nullif(current_setting('playout.actor', true), ''), n.created_by),
    coalesce(nullif(current_setting('playout.operation', true), ''), 'createSchedule'),
    history_schedule_diff('{}'::jsonb, to_jsonb(n))
  FROM new_rows n
  ON CONFLICT (schedule_id, txid) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION history_schedules_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_history AS h (schedule_id, organization, txid, version_before, version_after, actor, operation, schedule_changes)
  SELECT n.id, n.organization, txid_current(), o.version, n.version,
    nullif(current_setting('playout.actor', true), ''), nullif(current_setting('playout.operation', true), ''), d.changes
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL (SELECT history_schedule_diff(to_jsonb(o), to_jsonb(n)) AS changes) d
  WHERE d.changes <> '{}'::jsonb OR o.version <> n.version
  ON CONFLICT (schedule_id, txid) DO UPDATE SET
    version_before = CASE WHEN h.version_before IS NULL THEN NULL ELSE least(h.version_before, excluded.version_before) END,
    version_after = greatest(h.version_after, excluded.version_after),
    schedule_changes = history_merge_changes(h.schedule_changes, excluded.schedule_changes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_history_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_events_inserted();
--> statement-breakpoint
CREATE TRIGGER events_history_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION history_events_deleted();
--> statement-breakpoint
CREATE TRIGGER events_history_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_events_updated();
--> statement-breakpoint
CREATE TRIGGER schedules_history_insert AFTER INSERT ON schedules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_schedules_inserted();
--> statement-breakpoint
CREATE TRIGGER schedules_history_update AFTER UPDATE ON schedules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION history_schedules_updated();
