-- ============================================================================================
-- HAND-WRITTEN: the lock horizon (docs/EVENTS.md "Lock horizon", docs/DECISIONS.md 60).
-- schedules.lock_horizon_ms (0: off): an event that starts before now + horizon is changed, moved,
-- removed or created by no edit. The edit of a schedule's events or of a draft
-- (src/schedules/edit-events.ts) arms the check for its target in the transaction-local setting
-- playout.lock_horizon = '<schedule id>:<change set id, or empty for the schedule's own
-- events>:<limit, ms since the epoch>', runs its work, then reads and disarms it
-- (src/schedules/store/lock-horizon.ts). Meanwhile these statement-level triggers, whichever code
-- path wrote, note in playout.lock_horizon_hits ('id,id,…', at most 10 distinct ids) every event
-- of the armed target that a statement inserted, deleted or changed and that starts before the
-- limit before or after the statement, and every event before the limit under either time origin
-- when a statement moved the schedule's time origin (shift, transpose, revert). Not armed: each
-- trigger answers at once.
-- ============================================================================================
ALTER TABLE "schedules" ADD COLUMN "lock_horizon_ms" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The armed target, or no row.
CREATE FUNCTION lock_horizon_armed(OUT schedule_id bigint, OUT change_set_id bigint, OUT limit_ms bigint) RETURNS SETOF record LANGUAGE plpgsql STABLE AS $$
DECLARE
  armed text := nullif(current_setting('playout.lock_horizon', true), '');
BEGIN
  IF armed IS NULL THEN RETURN; END IF;
  schedule_id := split_part(armed, ':', 1)::bigint;
  change_set_id := nullif(split_part(armed, ':', 2), '')::bigint;
  limit_ms := split_part(armed, ':', 3)::bigint;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- Notes events found inside the horizon (distinct, the first 10 kept).
CREATE FUNCTION lock_horizon_note(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted bigint[] := coalesce(string_to_array(nullif(current_setting('playout.lock_horizon_hits', true), ''), ',')::bigint[], '{}');
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  noted := (SELECT array_agg(id ORDER BY first) FROM (SELECT id, min(ord) AS first FROM unnest(noted || ids) WITH ORDINALITY AS u(id, ord) GROUP BY id) d);
  PERFORM set_config('playout.lock_horizon_hits', array_to_string(noted[1:10], ','), true);
END $$;
--> statement-breakpoint
-- The limit relative to the armed schedule's time origin (event rows store on_air_time after it).
CREATE FUNCTION lock_horizon_relative_limit(schedule bigint, limit_ms bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT limit_ms - s.time_origin FROM schedules s WHERE s.id = schedule
$$;
--> statement-breakpoint
CREATE FUNCTION lock_horizon_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
  rel bigint;
BEGIN
  SELECT * INTO a FROM lock_horizon_armed();
  IF NOT FOUND THEN RETURN NULL; END IF;
  rel := lock_horizon_relative_limit(a.schedule_id, a.limit_ms);
  IF TG_TABLE_NAME = 'events' THEN
    IF a.change_set_id IS NOT NULL THEN RETURN NULL; END IF;
    PERFORM lock_horizon_note(array(SELECT n.id FROM new_rows n WHERE n.schedule_id = a.schedule_id AND n.on_air_time < rel ORDER BY n.on_air_time, n.id LIMIT 10));
  ELSE
    IF a.change_set_id IS NULL THEN RETURN NULL; END IF;
    PERFORM lock_horizon_note(array(SELECT n.id FROM new_rows n WHERE n.change_set_id = a.change_set_id AND n.on_air_time < rel ORDER BY n.on_air_time, n.id LIMIT 10));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lock_horizon_events_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
  rel bigint;
BEGIN
  SELECT * INTO a FROM lock_horizon_armed();
  IF NOT FOUND THEN RETURN NULL; END IF;
  rel := lock_horizon_relative_limit(a.schedule_id, a.limit_ms);
  IF TG_TABLE_NAME = 'events' THEN
    IF a.change_set_id IS NOT NULL THEN RETURN NULL; END IF;
    PERFORM lock_horizon_note(array(SELECT o.id FROM old_rows o WHERE o.schedule_id = a.schedule_id AND o.on_air_time < rel ORDER BY o.on_air_time, o.id LIMIT 10));
  ELSE
    IF a.change_set_id IS NULL THEN RETURN NULL; END IF;
    PERFORM lock_horizon_note(array(SELECT o.id FROM old_rows o WHERE o.change_set_id = a.change_set_id AND o.on_air_time < rel ORDER BY o.on_air_time, o.id LIMIT 10));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update counts when it changed the row at all (a statement that rewrites a row to the same
-- values changed nothing) and the event starts before the limit before or after it.
CREATE FUNCTION lock_horizon_events_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
  rel bigint;
BEGIN
  SELECT * INTO a FROM lock_horizon_armed();
  IF NOT FOUND THEN RETURN NULL; END IF;
  rel := lock_horizon_relative_limit(a.schedule_id, a.limit_ms);
  IF TG_TABLE_NAME = 'events' THEN
    IF a.change_set_id IS NOT NULL THEN RETURN NULL; END IF;
    PERFORM lock_horizon_note(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.schedule_id = a.schedule_id AND (n.on_air_time < rel OR o.on_air_time < rel) AND o IS DISTINCT FROM n
      ORDER BY least(n.on_air_time, o.on_air_time), n.id LIMIT 10));
  ELSE
    IF a.change_set_id IS NULL THEN RETURN NULL; END IF;
    PERFORM lock_horizon_note(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.change_set_id = n.change_set_id AND o.id = n.id
      WHERE n.change_set_id = a.change_set_id AND (n.on_air_time < rel OR o.on_air_time < rel) AND o IS DISTINCT FROM n
      ORDER BY least(n.on_air_time, o.on_air_time), n.id LIMIT 10));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A move of the armed schedule's time origin moves every one of its events: those before the limit
-- under the old origin or the new one count.
CREATE FUNCTION lock_horizon_schedules_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
  old_origin bigint;
  new_origin bigint;
BEGIN
  SELECT * INTO a FROM lock_horizon_armed();
  IF NOT FOUND OR a.change_set_id IS NOT NULL THEN RETURN NULL; END IF;
  SELECT o.time_origin, n.time_origin INTO old_origin, new_origin FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.id = a.schedule_id;
  IF NOT FOUND OR old_origin = new_origin THEN RETURN NULL; END IF;
  PERFORM lock_horizon_note(array(
    SELECT e.id FROM events e WHERE e.schedule_id = a.schedule_id AND e.on_air_time < a.limit_ms - least(old_origin, new_origin)
    ORDER BY e.on_air_time, e.id LIMIT 10));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_lock_horizon_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lock_horizon_events_inserted();
--> statement-breakpoint
CREATE TRIGGER events_lock_horizon_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lock_horizon_events_deleted();
--> statement-breakpoint
CREATE TRIGGER events_lock_horizon_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lock_horizon_events_updated();
--> statement-breakpoint
CREATE TRIGGER change_set_events_lock_horizon_insert AFTER INSERT ON change_set_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lock_horizon_events_inserted();
--> statement-breakpoint
CREATE TRIGGER change_set_events_lock_horizon_delete AFTER DELETE ON change_set_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lock_horizon_events_deleted();
--> statement-breakpoint
CREATE TRIGGER change_set_events_lock_horizon_update AFTER UPDATE ON change_set_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lock_horizon_events_updated();
--> statement-breakpoint
CREATE TRIGGER schedules_lock_horizon_update AFTER UPDATE ON schedules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lock_horizon_schedules_updated();
