// What generated shapes read beyond the seeded schedules, events and assets, added once (also to a
// kept database): jobs in two organizations (the jobs panel and job pages), graphics projects on
// the schedules (the one schedule filter both sides have), change sets made by this service.
// Then the facts the drawing needs (shapes.ts DatasetFacts), read from the database.
import type postgres from "postgres";
import { graphql } from "./harness.js";
import type { DatasetFacts } from "./shapes.js";

export const FIXTURE_USER = "peers-shapes";
const JOB_TYPES = ["AS_RUN_IMPORT", "AS_RUN_RECONCILIATION_EXPORT", "SCHEDULE_ARCHIVE", "SCHEDULE_GENERATE", "SCHEDULE_IMPORT", "SCHEDULE_RESTORE", "TIMELINE_EPG_XML_EXPORT"];
const JOB_STATUSES = ["PENDING", "PROCESSING", "SUCCEEDED", "FAILED", "CANCELED"];
const GRAPHICS_PROJECTS = 3;
const CHANGE_SET_SCHEDULES = 3;

/** Jobs and graphics projects, by SQL (deterministic values; only dates and unique ids differ between databases). */
export async function addShapeFixtures(admin: postgres.Sql, organization: string, otherOrganization: string): Promise<void> {
  const [{ n }] = await admin`select count(*)::int as n from jobs where user_id = ${FIXTURE_USER}`;
  if (n === 0) {
    // 300 of the organization's and 100 of another's, interleaved, so that its newest jobs are not one block.
    await admin`insert into jobs (organization, type, status, progress, user_id, account_user_id, provider_id, entity_id, attempts,
        file_name, resource_extension, file_size, date_started, date_finished)
      select case when i % 4 = 3 then ${otherOrganization} else ${organization} end,
        (${JOB_TYPES}::text[])[1 + i % 7], (${JOB_STATUSES}::text[])[1 + i % 5],
        case (${JOB_STATUSES}::text[])[1 + i % 5] when 'SUCCEEDED' then 100 when 'PROCESSING' then i % 100 else 0 end,
        ${FIXTURE_USER}, case when i % 2 = 0 then 'account-' || (i % 7) end, case when i % 3 = 0 then 'bench-provider' end,
        case when i % 5 = 0 then i end, i % 3,
        case when i % 5 = 2 and i % 2 = 0 then 'export-' || i || '.xml' end, case when i % 5 = 2 and i % 2 = 0 then 'xml' end,
        case when i % 5 = 2 and i % 2 = 0 then 1000 + i end,
        case when i % 5 <> 0 then timestamptz '2026-05-01T00:00:00Z' + i * interval '1 minute' end,
        case when i % 5 in (2, 3, 4) then timestamptz '2026-05-01T00:00:30Z' + i * interval '1 minute' end
      from generate_series(0, 399) as i`;
  }
  // Seeded once as S3, which is no StorageType (the service fails the field): a kept database is mended.
  await admin`update assets set storage_type = 'ONLINE' where organization = ${organization} and storage_type = 'S3'`;
  await admin`update jobs set type = 'TIMELINE_EPG_XML_EXPORT' where organization = ${organization} and type = 'SCHEDULE_EXPORT'`;
  await admin`update schedules set graphics_project_v2 = 'GP-' || (id % ${GRAPHICS_PROJECTS})
    where organization = ${organization} and graphics_project_v2 is null`;
}

/** Change sets of the first schedules, made by this service (createChangeSet copies the schedule's events). */
export async function addChangeSets(admin: postgres.Sql, organization: string, port: number, editorToken: string): Promise<void> {
  const [{ n }] = await admin`select count(*)::int as n from change_sets where organization = ${organization}`;
  if (n > 0) return;
  const schedules = await admin`select id::text from schedules where organization = ${organization} order by schedules.id limit ${CHANGE_SET_SCHEDULES}`;
  for (const [i, { id }] of schedules.entries()) {
    // One, two and three change sets: lists of different lengths.
    for (let k = 0; k <= i; k++) await graphql(port, `mutation { createChangeSet(scheduleId: ${JSON.stringify(id)}) { id } }`, editorToken);
  }
}

// Ordered by the table's column: `order by id` would name the text the select makes of it ("10" before "2").
export async function readFacts(admin: postgres.Sql, organization: string, assetCount: number): Promise<DatasetFacts> {
  const schedules = await admin`select id::text, graphics_project_v2 from schedules where organization = ${organization} and visibility = 'VISIBLE' order by schedules.id`;
  const byProject: Record<string, number> = {};
  for (const s of schedules) if (s.graphics_project_v2) byProject[s.graphics_project_v2] = (byProject[s.graphics_project_v2] ?? 0) + 1;
  const types = await admin`select event_type, count(*)::int as n from events where schedule_id = ${schedules[0].id} group by 1`;
  const jobs = await admin`select id::text from jobs where organization = ${organization} and user_id = ${FIXTURE_USER} order by jobs.id`;
  const [{ n: jobCount }] = await admin`select count(*)::int as n from jobs where organization = ${organization}`;
  const changeSets = await admin`select id::text, schedule_id::text from change_sets where organization = ${organization} order by change_sets.id`;
  return {
    organization,
    scheduleIds: schedules.map((s) => s.id as string),
    eventsByType: Object.fromEntries(types.map((t) => [t.event_type, t.n])),
    eventsPerSchedule: types.reduce((sum, t) => sum + t.n, 0),
    schedulesByGraphicsProject: byProject,
    assetCount,
    jobIds: jobs.map((j) => j.id as string),
    jobCount,
    changeSetIds: changeSets.map((c) => c.id as string),
    changeSetScheduleIds: [...new Set(changeSets.map((c) => c.schedule_id as string))],
  };
}
