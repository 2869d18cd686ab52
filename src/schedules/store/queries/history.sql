-- The SQL of src/schedules/store/history.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- scheduleColumns(scheduleId)
select to_jsonb(s) as row from schedules s where s.id = $1;

-- currentTimings(scheduleId, [id])
select e.id, e.on_air_time, e.duration from unnest($1::bigint[]) as x(id) join events e on e.id = x.id where e.schedule_id = $2;

-- currentEvents(scheduleId, [id])
select to_jsonb(e) - 'schedule_id' - 'organization' as row from unnest($1::bigint[]) as x(id) join events e on e.id = x.id where e.schedule_id = $2;

-- currentEvents(scheduleId, "all")
select to_jsonb(e) - 'schedule_id' - 'organization' as row from events e where e.schedule_id = $1;

-- untouchedEvents(scheduleId, excluded: [id], limit: 10)
select to_jsonb(e) - 'schedule_id' - 'organization' as row from events e where e.schedule_id = $1
      and e.id <> all($2::bigint[]) order by e.on_air_time, e.id limit $3;

-- lockedOnAir(scheduleId, "all", now)
select e.id from events e join schedules s on s.id = e.schedule_id where e.schedule_id = $1 and e.locked and true
      and s.time_origin + e.on_air_time <= $2 and s.time_origin + e.on_air_time + e.duration > $3 order by e.id;
