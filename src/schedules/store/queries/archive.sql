-- The SQL of src/schedules/store/archive.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- archiveEvents(scheduleId (rolled back))
update events set status = 'ARCHIVED', version = version + 1,
      data = data || jsonb_build_object($1::text, status)
    where schedule_id = $2 and not (data ? $3);

-- restoreEvents(scheduleId (rolled back))
update events set status = data->>$1, version = version + 1, data = data - $2::text
    where schedule_id = $3 and data ? $4;
