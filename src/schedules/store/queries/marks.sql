-- The SQL of src/schedules/store/marks.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- markEpg(schedule target, { eventType: PRIMARY } (rolled back))
with u as (update events e set data = e.data || jsonb_build_object('programme', jsonb_strip_nulls(jsonb_build_object('title', coalesce(e.title, e.data->'assetData'->>'title'), 'startTime', to_char(to_timestamp((e.on_air_time + (select o.time_origin from schedules o where o.id = $1)) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))), version = e.version + 1
      where (e.schedule_id = $2) and (e.event_type = $3) and coalesce(jsonb_typeof(e.data->'programme'), 'null') = 'null' and (select set_config('playout.history_columns', $4 || '@' || history_statement_stamp(), true)) <> '' returning 1) select count(*)::int as n from u;

-- markScte(schedule target, { locked: true } (rolled back))
with u as (update events e set data = e.data || jsonb_build_object('scte35Signals', jsonb_build_array(
          $1::jsonb || jsonb_build_object('duration', e.duration, 'segmentationEventId', e.id),
          $2::jsonb || jsonb_build_object('segmentationEventId', e.id))), version = e.version + 1
      where (e.schedule_id = $3) and (e.locked = true)
        and (jsonb_typeof(e.data->'scte35Signals') is distinct from 'array' or jsonb_array_length(e.data->'scte35Signals') = 0) and (select set_config('playout.history_columns', $4 || '@' || history_statement_stamp(), true)) <> '' returning 1) select count(*)::int as n from u;

-- updateMatching(schedule target, { term }, { patch: { programme } } (rolled back))
with u as (update events e set version = e.version + 1, data = e.data || $1::jsonb where (e.schedule_id = $2) and (e.title ilike $3) and (select set_config('playout.history_columns', $4 || '@' || history_statement_stamp(), true)) <> '' returning 1) select count(*)::int as n from u;
