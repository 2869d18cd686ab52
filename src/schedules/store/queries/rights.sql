-- The SQL of src/schedules/store/rights.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- knownChannels(organization, [channel, channel])
select distinct s.channel from schedules s
      where s.organization = $1 and s.visibility = 'VISIBLE' and s.channel in (select jsonb_array_elements_text($2::jsonb));

-- channelRuns(organization, channel, exceptScheduleId, [key, key])
select e.id, e.schedule_id as s, e.on_air_time + s.time_origin as t, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as k
      from schedules s join events e on e.schedule_id = s.id
      where s.organization = $1 and s.visibility = 'VISIBLE' and s.channel = $2 and s.id <> $3
        and coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) in (select jsonb_array_elements_text($4::jsonb))
      order by t, e.id;
