-- The SQL of src/schedules/store/exports.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- eventsInAirOrder(scheduleId (one page))
select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data", e.on_air_time as "relativeTime" from events e where e.schedule_id = $2  order by e.on_air_time, e.id limit $3;
