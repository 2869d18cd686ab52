-- The SQL of src/schedules/store/timings.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- loadTimings(schedule target)
select e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as on_air_time, e.duration, e.locked, e.event_type, e.title
      from events e where e.schedule_id = $2 order by e.on_air_time, e.id;

-- loadEventsById(schedule target, [id, id])
select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data" from events e where e.schedule_id = $2 and e.id = any($3::bigint[]);

-- loadEventValuesById(schedule target, [id, id])
select e.id as "id", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.data as "data" from events e where e.schedule_id = $2 and e.id = any($3::bigint[]);

-- loadEventValuesById(schedule target, [id, id], the rules' values and title)
select e.id as "id", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked" from events e where e.schedule_id = $2 and e.id = any($3::bigint[]);

-- countEvents(schedule target)
select count(*)::int as n from events where schedule_id = $1;

-- lastEnd(schedule target)
select (select max(x.finish) from (select l.on_air_time + l.duration as finish from events l
      where l.schedule_id = $1
        and l.on_air_time between (select max(f.on_air_time) from events f where f.schedule_id = $2) - coalesce((select max(d.duration) from events d where d.schedule_id = $3 and d.duration > 60000),
      (select 60000::bigint where (select min(a.on_air_time) from events a where a.schedule_id = $4) is not null), 0) and (select max(f.on_air_time) from events f where f.schedule_id = $5)
      offset 0) x) + (select o.time_origin from schedules o where o.id = $6) as t;

-- lockedGaps(schedule target, from, to)
with bounds as (
        select $1 - (select o.time_origin from schedules o where o.id = $2) as lo,
          coalesce((select min(on_air_time) from events where schedule_id = $3 and locked and on_air_time >= $4 - (select o.time_origin from schedules o where o.id = $5)), $6 - (select o.time_origin from schedules o where o.id = $7)) as hi
      )
      select e.id, e.on_air_time as start, e.on_air_time + e.duration as finish, prev.prev_end
      from bounds, events e
      left join lateral (
    select (select max(c.finish) from (select p.on_air_time + p.duration as finish from events p
        where p.schedule_id = e.schedule_id and (p.on_air_time, p.id) < (e.on_air_time, e.id)
          and p.on_air_time >= l.on_air_time - (select o.max_event_duration from schedules o where o.id = e.schedule_id)
        offset 0) c) as prev_end
    from (select q.on_air_time from events q where q.schedule_id = e.schedule_id and (q.on_air_time, q.id) < (e.on_air_time, e.id)
      order by q.on_air_time desc, q.id desc limit 1) l) prev on true
      where e.schedule_id = $8 and e.locked and e.on_air_time between bounds.lo and bounds.hi
      order by e.on_air_time, e.id;

-- loadTimingsFrom(schedule target, id, until the next locked)
select e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as on_air_time, e.duration, e.locked, e.event_type, e.title
      from (select f.on_air_time, f.id, coalesce((select min(l.on_air_time) from events l where l.schedule_id = $2 and l.locked and (l.on_air_time, l.id) > (f.on_air_time, f.id)), 9223372036854775807::bigint) as stop from events f where f.schedule_id = $3 and f.id = $4) f, events e
      where e.schedule_id = $5 and (e.on_air_time, e.id) >= (f.on_air_time, f.id) and e.on_air_time <= f.stop
      order by e.on_air_time, e.id;

-- loadSegmentsFrom(schedule target, [id, id])
with f as (
        select f.id, f.on_air_time, coalesce((select min(l.on_air_time) from events l where l.schedule_id = $1 and l.locked and (l.on_air_time, l.id) > (f.on_air_time, f.id)), 9223372036854775807::bigint) as stop
        from events f where f.schedule_id = $2 and f.id = any($3::bigint[])
      ), firsts as (
        select distinct on (stop) id, on_air_time, stop from f order by stop, on_air_time, id
      )
      select s.id as segment, e.id, e.on_air_time + (select o.time_origin from schedules o where o.id = $4) as on_air_time, e.duration, e.locked, e.event_type, e.title
      from firsts s cross join lateral (
        select e.id, e.on_air_time, e.duration, e.locked, e.event_type, e.title from events e
        where e.schedule_id = $5 and (e.on_air_time, e.id) >= (s.on_air_time, s.id) and e.on_air_time <= s.stop
      ) e
      order by s.on_air_time, s.id, e.on_air_time, e.id;

-- firstStart(scheduleId)
select min(on_air_time) + (select o.time_origin from schedules o where o.id = $1) as t from events where schedule_id = $2;

-- eventStarts(scheduleId)
select distinct on_air_time + (select o.time_origin from schedules o where o.id = $1) as t from events where schedule_id = $2 order by 1;

-- loadTimingsById(draft target, [id, id])
select id, on_air_time + (select o.time_origin from schedules o where o.id = $1) as on_air_time, duration, locked, event_type, title from change_set_events
      where change_set_id = $2 and id = any($3::bigint[]);

-- requireEventIds(schedule target, [id, id])
select id from events where schedule_id = $1 and id = any($2::bigint[]);
