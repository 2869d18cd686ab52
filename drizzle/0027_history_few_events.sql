-- ============================================================================================
-- HAND-WRITTEN: the history of an UPDATE of a few events without a plan made each time
-- (docs/DECISIONS.md 67). The update trigger of 0016 reads only the columns its statement states
-- (src/schedules/store/history-hint.ts) with a statement built for those columns and run with
-- EXECUTE, which PostgreSQL parses and plans anew every time: for a single-event update that cost
-- 0.3–0.4 ms of the trigger's 0.65 ms, where the static statement over every column (its plan
-- kept by PL/pgSQL) costs 0.3 ms in all. The stated columns pay off only when there are many rows
-- (1,000 rows: 3.6 ms stated, 7.0 ms static; 100 rows: 1.3 ms stated, 0.5 ms static), so a
-- statement that changed fewer than 256 events takes the static one. The history is the same
-- either way: a column the statement does not set is equal in its old and new rows, so it is left
-- out as a column the statement did not state.
-- ============================================================================================
CREATE OR REPLACE FUNCTION history_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text[] := history_updated_columns();
  -- Fewer than 256 rows: the static statement over every column (see above).
  every_column boolean := columns = history_event_columns() OR NOT EXISTS (SELECT 1 FROM new_rows OFFSET 255);
  schedule bigint;
  entry bigint;
  paired boolean;
  recorded integer;
BEGIN
  FOR schedule IN SELECT DISTINCT schedule_id FROM new_rows LOOP
    entry := history_entry(schedule);
    CONTINUE WHEN entry IS NULL;
    IF every_column THEN
      -- history_update_statement(history_event_columns(), false) written out: a static statement
      -- keeps its plan, where EXECUTE plans anew each time (0.3 ms, most statements touch one event).
      INSERT INTO schedule_history_changes (history_id, kind, event_ids, on_air_time_old, on_air_time_new, duration_old, duration_new, event_type_old, event_type_new, title_old, title_new, locked_old, locked_new, media_id_old, media_id_new, asset_id_old, asset_id_new, status_old, status_new, version_old, version_new, data_old, data_new, qc_status_old, qc_status_new, programme_title_old, programme_title_new)
      SELECT entry, 'C', n.ids,
        CASE WHEN f.on_air_time THEN o.on_air_time END, CASE WHEN f.on_air_time THEN n.on_air_time END,
        CASE WHEN f.duration THEN o.duration END, CASE WHEN f.duration THEN n.duration END,
        CASE WHEN f.event_type THEN o.event_type END, CASE WHEN f.event_type THEN n.event_type END,
        CASE WHEN f.title THEN o.title END, CASE WHEN f.title THEN n.title END,
        CASE WHEN f.locked THEN o.locked END, CASE WHEN f.locked THEN n.locked END,
        CASE WHEN f.media_id THEN o.media_id END, CASE WHEN f.media_id THEN n.media_id END,
        CASE WHEN f.asset_id THEN o.asset_id END, CASE WHEN f.asset_id THEN n.asset_id END,
        CASE WHEN f.status THEN o.status END, CASE WHEN f.status THEN n.status END,
        CASE WHEN f.version THEN o.version END, CASE WHEN f.version THEN n.version END,
        CASE WHEN f.data THEN o.data END, CASE WHEN f.data THEN n.data END,
        CASE WHEN f.qc_status THEN o.qc_status END, CASE WHEN f.qc_status THEN n.qc_status END,
        CASE WHEN f.programme_title THEN o.programme_title END, CASE WHEN f.programme_title THEN n.programme_title END
      FROM (SELECT array_agg(id) AS ids, array_agg(on_air_time) AS on_air_time, array_agg(duration) AS duration, array_agg(event_type) AS event_type, array_agg(title) AS title, array_agg(locked) AS locked, array_agg(media_id) AS media_id, array_agg(asset_id) AS asset_id, array_agg(status) AS status, array_agg(version) AS version, array_agg(data) AS data, array_agg(qc_status) AS qc_status, array_agg(programme_title) AS programme_title FROM old_rows WHERE schedule_id = schedule) o,
        (SELECT array_agg(id) AS ids, array_agg(on_air_time) AS on_air_time, array_agg(duration) AS duration, array_agg(event_type) AS event_type, array_agg(title) AS title, array_agg(locked) AS locked, array_agg(media_id) AS media_id, array_agg(asset_id) AS asset_id, array_agg(status) AS status, array_agg(version) AS version, array_agg(data) AS data, array_agg(qc_status) AS qc_status, array_agg(programme_title) AS programme_title FROM new_rows WHERE schedule_id = schedule) n,
        LATERAL (SELECT o.on_air_time IS DISTINCT FROM n.on_air_time AS on_air_time, o.duration IS DISTINCT FROM n.duration AS duration, o.event_type IS DISTINCT FROM n.event_type AS event_type, o.title IS DISTINCT FROM n.title AS title, o.locked IS DISTINCT FROM n.locked AS locked, o.media_id IS DISTINCT FROM n.media_id AS media_id, o.asset_id IS DISTINCT FROM n.asset_id AS asset_id, o.status IS DISTINCT FROM n.status AS status, o.version IS DISTINCT FROM n.version AS version, o.data IS DISTINCT FROM n.data AS data, o.qc_status IS DISTINCT FROM n.qc_status AS qc_status, o.programme_title IS DISTINCT FROM n.programme_title AS programme_title OFFSET 0) f
      WHERE o.ids = n.ids AND (f.on_air_time OR f.duration OR f.event_type OR f.title OR f.locked OR f.media_id OR f.asset_id OR f.status OR f.version OR f.data OR f.qc_status OR f.programme_title)
      RETURNING cardinality(event_ids) INTO recorded;
    ELSE
      EXECUTE history_update_statement(columns, false) INTO recorded USING entry, schedule;
    END IF;
    IF recorded IS NULL THEN
      SELECT (SELECT array_agg(id) FROM old_rows WHERE schedule_id = schedule) IS NOT DISTINCT FROM (SELECT array_agg(id) FROM new_rows WHERE schedule_id = schedule)
        INTO paired;
      -- Not in the same order (an event moved between schedules): pair the rows by id.
      IF NOT paired THEN EXECUTE history_update_statement(columns, true) INTO recorded USING entry, schedule; END IF;
    END IF;
    CONTINUE WHEN recorded IS NULL;
    UPDATE schedule_history SET events_changed = events_changed + recorded WHERE id = entry;
  END LOOP;
  RETURN NULL;
END $$;
