-- ============================================================================================
-- HAND-WRITTEN: the history of events stored per statement, in columns (issue 16; docs/EVENTS.md
-- "History and undo"). 0014 wrote one schedule_history_events row per event, its changed columns
-- as jsonb: a rewrite of 100,000 events built and inserted 100,000 rows, 1-2 s on top of the
-- write itself. Now each statement writes one schedule_history_changes row per schedule: the ids
-- of the events it added (A), removed (R) or rewrote (C), and per column of `events` the old and
-- the new values as typed arrays in the same order, kept only for the columns it changed (A: the
-- new ones, R: the old ones, C: both). Whether an event changed a column is old[i] versus new[i].
--
-- The update trigger pairs old and new rows by position (PostgreSQL appends a row to both
-- transition tables together) after checking that the ids agree, else by id. It reads the
-- columns the writer says its statement sets (playout.history_columns, stamped so that it binds
-- that statement only: src/schedules/store/history-hint.ts), else all of them; a column a
-- statement does not set cannot change.
--
-- The view schedule_history_event_changes gives back the rows of 0014 (one per event change, the
-- changed columns as jsonb) to the readers (src/history/store.ts). A column added to events must
-- be added here too (table, history_event_columns(), triggers, view): test/history/compact.test.ts
-- fails until it is.
-- ============================================================================================
CREATE TABLE "schedule_history_changes" (
	"history_id" bigint NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "schedule_history_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" char(1) NOT NULL,
	"event_ids" bigint[] NOT NULL,
	"on_air_time_old" bigint[],
	"on_air_time_new" bigint[],
	"duration_old" bigint[],
	"duration_new" bigint[],
	"event_type_old" text[],
	"event_type_new" text[],
	"title_old" text[],
	"title_new" text[],
	"locked_old" boolean[],
	"locked_new" boolean[],
	"media_id_old" text[],
	"media_id_new" text[],
	"asset_id_old" text[],
	"asset_id_new" text[],
	"status_old" text[],
	"status_new" text[],
	"version_old" integer[],
	"version_new" integer[],
	"data_old" jsonb[],
	"data_new" jsonb[],
	"qc_status_old" text[],
	"qc_status_new" text[],
	"programme_title_old" text[],
	"programme_title_new" text[],
	CONSTRAINT "schedule_history_changes_history_id_seq_pk" PRIMARY KEY("history_id","seq")
);
--> statement-breakpoint
-- Arrays of 100,000 values: pglz took ~0.3 s for 3 MB of them. lz4 compresses them in a few ms
-- (15 MB of `data` into 1 MB); where the server has no lz4 (PGlite), they are kept uncompressed.
DO $$
DECLARE
  col text;
BEGIN
  FOR col IN SELECT attname FROM pg_attribute WHERE attrelid = 'schedule_history_changes'::regclass AND attnum > 0 AND attndims > 0 LOOP
    BEGIN
      EXECUTE format('ALTER TABLE schedule_history_changes ALTER COLUMN %I SET COMPRESSION lz4', col);
    EXCEPTION WHEN feature_not_supported THEN
      EXECUTE format('ALTER TABLE schedule_history_changes ALTER COLUMN %I SET STORAGE EXTERNAL', col);
    END;
  END LOOP;
END $$;
--> statement-breakpoint
-- The records of 0014 as one-event statements, in the order they were made.
INSERT INTO schedule_history_changes (history_id, kind, event_ids, on_air_time_old, on_air_time_new, duration_old, duration_new, event_type_old, event_type_new, title_old, title_new, locked_old, locked_new, media_id_old, media_id_new, asset_id_old, asset_id_new, status_old, status_new, version_old, version_new, data_old, data_new, qc_status_old, qc_status_new, programme_title_old, programme_title_new)
SELECT history_id, kind, ARRAY[event_id],
  CASE WHEN old_values ? 'on_air_time' THEN ARRAY[(old_values ->> 'on_air_time')::bigint] END, CASE WHEN new_values ? 'on_air_time' THEN ARRAY[(new_values ->> 'on_air_time')::bigint] END,
  CASE WHEN old_values ? 'duration' THEN ARRAY[(old_values ->> 'duration')::bigint] END, CASE WHEN new_values ? 'duration' THEN ARRAY[(new_values ->> 'duration')::bigint] END,
  CASE WHEN old_values ? 'event_type' THEN ARRAY[old_values ->> 'event_type'] END, CASE WHEN new_values ? 'event_type' THEN ARRAY[new_values ->> 'event_type'] END,
  CASE WHEN old_values ? 'title' THEN ARRAY[old_values ->> 'title'] END, CASE WHEN new_values ? 'title' THEN ARRAY[new_values ->> 'title'] END,
  CASE WHEN old_values ? 'locked' THEN ARRAY[(old_values ->> 'locked')::boolean] END, CASE WHEN new_values ? 'locked' THEN ARRAY[(new_values ->> 'locked')::boolean] END,
  CASE WHEN old_values ? 'media_id' THEN ARRAY[old_values ->> 'media_id'] END, CASE WHEN new_values ? 'media_id' THEN ARRAY[new_values ->> 'media_id'] END,
  CASE WHEN old_values ? 'asset_id' THEN ARRAY[old_values ->> 'asset_id'] END, CASE WHEN new_values ? 'asset_id' THEN ARRAY[new_values ->> 'asset_id'] END,
  CASE WHEN old_values ? 'status' THEN ARRAY[old_values ->> 'status'] END, CASE WHEN new_values ? 'status' THEN ARRAY[new_values ->> 'status'] END,
  CASE WHEN old_values ? 'version' THEN ARRAY[(old_values ->> 'version')::integer] END, CASE WHEN new_values ? 'version' THEN ARRAY[(new_values ->> 'version')::integer] END,
  CASE WHEN old_values ? 'data' THEN ARRAY[old_values -> 'data'] END, CASE WHEN new_values ? 'data' THEN ARRAY[new_values -> 'data'] END,
  CASE WHEN old_values ? 'qc_status' THEN ARRAY[old_values ->> 'qc_status'] END, CASE WHEN new_values ? 'qc_status' THEN ARRAY[new_values ->> 'qc_status'] END,
  CASE WHEN old_values ? 'programme_title' THEN ARRAY[old_values ->> 'programme_title'] END, CASE WHEN new_values ? 'programme_title' THEN ARRAY[new_values ->> 'programme_title'] END
FROM schedule_history_events ORDER BY history_id, id;
--> statement-breakpoint
DROP TABLE "schedule_history_events";
--> statement-breakpoint
DROP FUNCTION history_open_entries(bigint[]);
--> statement-breakpoint
-- The columns of events the history keeps, and those generated from another one.
CREATE FUNCTION history_event_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['on_air_time', 'duration', 'event_type', 'title', 'locked', 'media_id', 'asset_id', 'status', 'version', 'data', 'qc_status', 'programme_title']
$$;
--> statement-breakpoint
-- The entry of this transaction for a schedule, created at its current version when missing; null
-- when the schedule is gone (deleted with its events: its history goes with it).
CREATE FUNCTION history_entry(schedule bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  entry bigint;
BEGIN
  SELECT h.id INTO entry FROM schedule_history h WHERE h.schedule_id = schedule AND h.txid = txid_current();
  IF entry IS NULL THEN
    INSERT INTO schedule_history (schedule_id, organization, txid, version_before, version_after, actor, operation)
    SELECT s.id, s.organization, txid_current(), s.version, s.version,
      nullif(current_setting('playout.actor', true), ''), nullif(current_setting('playout.operation', true), '')
    FROM schedules s WHERE s.id = schedule
    RETURNING id INTO entry;
  END IF;
  RETURN entry;
END $$;
--> statement-breakpoint
-- What tells one client statement from another, the same inside its triggers: its start
-- (statement_timestamp() alone repeats within a millisecond on PGlite) and its text.
CREATE FUNCTION history_statement_stamp() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT statement_timestamp()::text || ' ' || md5(coalesce(current_query(), ''))
$$;
--> statement-breakpoint
-- The columns the current UPDATE of events sets, by its writer's word (with those generated from
-- them), or all; the word is used once.
CREATE FUNCTION history_updated_columns() RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  hint text := nullif(current_setting('playout.history_columns', true), '');
  named text[];
BEGIN
  IF hint IS NULL THEN RETURN history_event_columns(); END IF;
  PERFORM set_config('playout.history_columns', '', true);
  -- 'column,column@stamp': a word left by another statement than this one counts for nothing.
  IF split_part(hint, '@', 2) IS DISTINCT FROM history_statement_stamp() THEN RETURN history_event_columns(); END IF;
  named := string_to_array(split_part(hint, '@', 1), ',');
  IF NOT named <@ history_event_columns() THEN RETURN history_event_columns(); END IF;
  IF 'data' = ANY(named) THEN named := named || ARRAY['qc_status', 'programme_title']; END IF;
  RETURN named;
END $$;
--> statement-breakpoint
-- The statement that records what one UPDATE did to one schedule's events, over `columns`: $1
-- the entry, $2 the schedule; it answers how many events it recorded, or no row when the
-- statement changed none of the columns or the rows did not pair by position. by_id: pair by id.
-- No CTE: a CTE scan copies its row, here arrays of 100,000 values, once per reference.
CREATE FUNCTION history_update_statement(columns text[], by_id boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$
    INSERT INTO schedule_history_changes (history_id, kind, event_ids, %1$s)
    SELECT $1, 'C', n.ids, %2$s
    FROM (SELECT %3$s) o, (SELECT %4$s) n, LATERAL (SELECT %5$s OFFSET 0) f
    WHERE o.ids = n.ids AND (%6$s)
    RETURNING cardinality(event_ids)$f$,
    string_agg(format('%1$I, %2$I', c || '_old', c || '_new'), ', '),
    string_agg(format('CASE WHEN f.%1$I THEN o.%1$I END, CASE WHEN f.%1$I THEN n.%1$I END', c), ', '),
    CASE WHEN by_id
      THEN 'array_agg(n.id ORDER BY n.id) AS ids, ' || string_agg(format('array_agg(o.%1$I ORDER BY n.id) AS %1$I', c), ', ')
        || ' FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.schedule_id = $2'
      ELSE 'array_agg(id) AS ids, ' || string_agg(format('array_agg(%1$I) AS %1$I', c), ', ') || ' FROM old_rows WHERE schedule_id = $2' END,
    CASE WHEN by_id
      THEN 'array_agg(n.id ORDER BY n.id) AS ids, ' || string_agg(format('array_agg(n.%1$I ORDER BY n.id) AS %1$I', c), ', ')
        || ' FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.schedule_id = $2'
      ELSE 'array_agg(id) AS ids, ' || string_agg(format('array_agg(%1$I) AS %1$I', c), ', ') || ' FROM new_rows WHERE schedule_id = $2' END,
    string_agg(format('o.%1$I IS DISTINCT FROM n.%1$I AS %1$I', c), ', '),
    string_agg(format('f.%I', c), ' OR '))
  FROM unnest(columns) AS c
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  schedule bigint;
  entry bigint;
  recorded integer;
BEGIN
  FOR schedule IN SELECT DISTINCT schedule_id FROM new_rows LOOP
    entry := history_entry(schedule);
    CONTINUE WHEN entry IS NULL;
    INSERT INTO schedule_history_changes (history_id, kind, event_ids, on_air_time_new, duration_new, event_type_new, title_new, locked_new, media_id_new, asset_id_new, status_new, version_new, data_new, qc_status_new, programme_title_new)
    SELECT entry, 'A', array_agg(id), array_agg(on_air_time), array_agg(duration), array_agg(event_type), array_agg(title), array_agg(locked), array_agg(media_id), array_agg(asset_id), array_agg(status), array_agg(version), array_agg(data), array_agg(qc_status), array_agg(programme_title) FROM new_rows WHERE schedule_id = schedule
    RETURNING cardinality(event_ids) INTO recorded;
    UPDATE schedule_history SET events_added = events_added + recorded WHERE id = entry;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_events_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  schedule bigint;
  entry bigint;
  recorded integer;
BEGIN
  FOR schedule IN SELECT DISTINCT schedule_id FROM old_rows LOOP
    entry := history_entry(schedule);
    CONTINUE WHEN entry IS NULL;
    INSERT INTO schedule_history_changes (history_id, kind, event_ids, on_air_time_old, duration_old, event_type_old, title_old, locked_old, media_id_old, asset_id_old, status_old, version_old, data_old, qc_status_old, programme_title_old)
    SELECT entry, 'R', array_agg(id), array_agg(on_air_time), array_agg(duration), array_agg(event_type), array_agg(title), array_agg(locked), array_agg(media_id), array_agg(asset_id), array_agg(status), array_agg(version), array_agg(data), array_agg(qc_status), array_agg(programme_title) FROM old_rows WHERE schedule_id = schedule
    RETURNING cardinality(event_ids) INTO recorded;
    UPDATE schedule_history SET events_removed = events_removed + recorded WHERE id = entry;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION history_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text[] := history_updated_columns();
  every_column boolean := columns = history_event_columns();
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
--> statement-breakpoint
-- One row per event change, as 0014 stored them: old_values (C: the changed columns; R: the row)
-- and new_values (C: the changed columns; A: the row). Events a statement rewrote unchanged are left out.
CREATE VIEW schedule_history_event_changes AS
SELECT c.history_id, c.seq, u.ord, u.event_id, c.kind,
  CASE WHEN c.kind <> 'A' THEN
      CASE WHEN c.kind = 'R' OR u.on_air_time_old IS DISTINCT FROM u.on_air_time_new THEN jsonb_build_object('on_air_time', u.on_air_time_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.duration_old IS DISTINCT FROM u.duration_new THEN jsonb_build_object('duration', u.duration_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.event_type_old IS DISTINCT FROM u.event_type_new THEN jsonb_build_object('event_type', u.event_type_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.title_old IS DISTINCT FROM u.title_new THEN jsonb_build_object('title', u.title_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.locked_old IS DISTINCT FROM u.locked_new THEN jsonb_build_object('locked', u.locked_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.media_id_old IS DISTINCT FROM u.media_id_new THEN jsonb_build_object('media_id', u.media_id_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.asset_id_old IS DISTINCT FROM u.asset_id_new THEN jsonb_build_object('asset_id', u.asset_id_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.status_old IS DISTINCT FROM u.status_new THEN jsonb_build_object('status', u.status_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.version_old IS DISTINCT FROM u.version_new THEN jsonb_build_object('version', u.version_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.data_old IS DISTINCT FROM u.data_new THEN jsonb_build_object('data', u.data_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.qc_status_old IS DISTINCT FROM u.qc_status_new THEN jsonb_build_object('qc_status', u.qc_status_old) ELSE '{}' END
      || CASE WHEN c.kind = 'R' OR u.programme_title_old IS DISTINCT FROM u.programme_title_new THEN jsonb_build_object('programme_title', u.programme_title_old) ELSE '{}' END
  END AS old_values,
  CASE WHEN c.kind <> 'R' THEN
      CASE WHEN c.kind = 'A' OR u.on_air_time_old IS DISTINCT FROM u.on_air_time_new THEN jsonb_build_object('on_air_time', u.on_air_time_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.duration_old IS DISTINCT FROM u.duration_new THEN jsonb_build_object('duration', u.duration_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.event_type_old IS DISTINCT FROM u.event_type_new THEN jsonb_build_object('event_type', u.event_type_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.title_old IS DISTINCT FROM u.title_new THEN jsonb_build_object('title', u.title_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.locked_old IS DISTINCT FROM u.locked_new THEN jsonb_build_object('locked', u.locked_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.media_id_old IS DISTINCT FROM u.media_id_new THEN jsonb_build_object('media_id', u.media_id_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.asset_id_old IS DISTINCT FROM u.asset_id_new THEN jsonb_build_object('asset_id', u.asset_id_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.status_old IS DISTINCT FROM u.status_new THEN jsonb_build_object('status', u.status_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.version_old IS DISTINCT FROM u.version_new THEN jsonb_build_object('version', u.version_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.data_old IS DISTINCT FROM u.data_new THEN jsonb_build_object('data', u.data_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.qc_status_old IS DISTINCT FROM u.qc_status_new THEN jsonb_build_object('qc_status', u.qc_status_new) ELSE '{}' END
      || CASE WHEN c.kind = 'A' OR u.programme_title_old IS DISTINCT FROM u.programme_title_new THEN jsonb_build_object('programme_title', u.programme_title_new) ELSE '{}' END
  END AS new_values
FROM schedule_history_changes c
CROSS JOIN LATERAL unnest(c.event_ids, c.on_air_time_old, c.on_air_time_new, c.duration_old, c.duration_new, c.event_type_old, c.event_type_new, c.title_old, c.title_new, c.locked_old, c.locked_new, c.media_id_old, c.media_id_new, c.asset_id_old, c.asset_id_new, c.status_old, c.status_new, c.version_old, c.version_new, c.data_old, c.data_new, c.qc_status_old, c.qc_status_new, c.programme_title_old, c.programme_title_new) WITH ORDINALITY AS u(event_id, on_air_time_old, on_air_time_new, duration_old, duration_new, event_type_old, event_type_new, title_old, title_new, locked_old, locked_new, media_id_old, media_id_new, asset_id_old, asset_id_new, status_old, status_new, version_old, version_new, data_old, data_new, qc_status_old, qc_status_new, programme_title_old, programme_title_new, ord)
WHERE c.kind <> 'C' OR (u.on_air_time_old, u.duration_old, u.event_type_old, u.title_old, u.locked_old, u.media_id_old, u.asset_id_old, u.status_old, u.version_old, u.data_old, u.qc_status_old, u.programme_title_old) IS DISTINCT FROM (u.on_air_time_new, u.duration_new, u.event_type_new, u.title_new, u.locked_new, u.media_id_new, u.asset_id_new, u.status_new, u.version_new, u.data_new, u.qc_status_new, u.programme_title_new);
