-- The SQL of src/schedules/store/drafts.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- copyIntoDraft(new changeSetId, scheduleId (rolled back)) [statement 1 of 2]
insert into change_set_events (change_set_id, id, schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, version, data, base_version)
    select $1, id, schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, version, data, version
    from events where schedule_id = $2;

-- copyIntoDraft(new changeSetId, scheduleId (rolled back)) [statement 2 of 2]
analyze change_set_events (change_set_id, touched);

-- conflictingEvents(changeSetId, scheduleId)
with touched as materialized (
        select d.id, d.base_version from change_set_events d where d.change_set_id = $1 and d.touched and d.base_version is not null
        union all
        select r.id, r.base_version from change_set_removals r where r.change_set_id = $2
      ), on_schedule as (
        select e.id, e.version from events e where e.id = any(array(select id from touched)) and e.schedule_id = $3
      )
      select t.id from touched t left join on_schedule e on e.id = t.id
      where e.id is null or e.version <> t.base_version
      order by t.id;

-- mergeDraft(changeSetId, scheduleId (rolled back)) [statement 1 of 3]
with removed as (delete from events e using change_set_removals r
      where r.change_set_id = $1 and e.id = r.id and e.schedule_id = $2 returning 1)
      select count(*)::int as n from removed;

-- mergeDraft(changeSetId, scheduleId (rolled back)) [statement 2 of 3]
update events e set on_air_time = d.on_air_time, duration = d.duration, event_type = d.event_type, title = d.title, locked = d.locked, media_id = d.media_id, asset_id = d.asset_id, status = d.status, data = d.data, version = e.version + 1
    from change_set_events d
    where d.change_set_id = $1 and d.touched and d.base_version is not null and e.id = d.id and e.schedule_id = $2
      and e.id = any(array(select c.id from change_set_events c where c.change_set_id = $3 and c.touched and c.base_version is not null));

-- mergeDraft(changeSetId, scheduleId (rolled back)) [statement 3 of 3]
with added as (insert into events (id, schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data, version)
      overriding system value
      select d.id, d.schedule_id, d.organization, d.on_air_time, d.duration, d.event_type, d.title, d.locked, d.media_id, d.asset_id, d.status, d.data, 1
      from change_set_events d where d.change_set_id = $1 and d.touched and d.base_version is null
      order by d.on_air_time, d.id returning 1)
      select count(*)::int as n from added;

-- addedEvents(changeSetId, scheduleId)
select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data" from change_set_events e where e.change_set_id = $2 and e.touched and e.base_version is null order by e.on_air_time, e.id;

-- removedEvents(changeSetId, scheduleId)
select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data" from events e join change_set_removals r on r.id = e.id and r.change_set_id = $2
      where e.schedule_id = $3 order by e.on_air_time, e.id;

-- changedDraftEvents(changeSetId, scheduleId)
select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data" from change_set_events e where e.change_set_id = $2 and e.touched and e.base_version is not null order by e.on_air_time, e.id;

-- scheduleVersionsOfChanged(changeSetId, scheduleId)
select e.id as "id", e.schedule_id as "scheduleId", e.organization as "organization", e.on_air_time + (select o.time_origin from schedules o where o.id = $1) as "onAirTime", e.duration as "duration", e.event_type as "eventType", e.title as "title", e.locked as "locked", e.media_id as "mediaId", e.asset_id as "assetId", e.status as "status", e.qc_status as "qcStatus", e.programme_title as "programmeTitle", e.version as "version", e.data as "data" from events e
      where e.schedule_id = $2 and e.id = any(array(select d.id from change_set_events d where d.change_set_id = $3 and d.touched and d.base_version is not null));
