// The peer benchmark's queries (bench/peers/queries.ts) send as many SQL statements for a small
// organization as for one ten times larger: no statement per schedule, event, asset or playout.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERVICE_QUERIES } from "../../bench/peers/queries.js";
import { execute, queryRows } from "../../src/db/client.js";
import { touchSchedule } from "../../src/schedules/store/index.js";
import { type GraphQLClient, uniqueOrg, useOwnTestService } from "../helpers/service.js";
import { statementsOf as countedStatements } from "../helpers/statements.js";
import { INGEST } from "../helpers/telemetry.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs
const T0 = Date.parse("2026-03-01T06:00:00Z");
const END = Date.parse("2026-04-01T00:00:00Z");
const DAY = 86_400_000;
const WINDOW = { from: new Date(END - 30 * DAY).toISOString(), to: new Date(END).toISOString(), period: 1, periodType: "DAYS" };

interface Size {
  schedules: number;
  events: number;
  assets: number;
  playouts: number;
  days: number;
}

/** An organization of the given size: schedules and assets through GraphQL, events set-based (as the bench fills them). */
async function organization(size: Size): Promise<{ org: string; viewer: GraphQLClient; scheduleId: string }> {
  const org = uniqueOrg("peers");
  const editor = t.client(await t.token(org, "admin"));
  const assets = Array.from({ length: size.assets }, (_, i) => ({ assetId: `A-${i}`, name: `Asset ${i}`, systemFields: { title: `Title ${i}` } }));
  await editor.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, { a: assets });
  const ids: string[] = [];
  for (let s = 0; s < size.schedules; s++) {
    const { createSchedule } = await editor.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: `S${s}` } });
    ids.push(createSchedule.id);
  }
  const db = t.service.database.db;
  await execute(
    db,
    sql`insert into events (schedule_id, organization, on_air_time, duration, event_type, title, media_id, asset_id, status, data)
      select s.id, ${org}, ${T0}::bigint + i * 30000, 30000, 'PRIMARY', 'Spot ' || i, 'M-' || (i % ${size.assets}), 'A-' || (i % ${size.assets}), 'READY',
        jsonb_build_object('houseId', 'H' || i, 'som', 0, 'assetData', jsonb_build_object('assetId', 'A-' || (i % ${size.assets})))
      from schedules s cross join generate_series(0::bigint, ${size.events - 1}::bigint) as i where s.organization = ${org}`,
  );
  for (const id of ids) await touchSchedule(db, Number(id));
  const playouts = Array.from({ length: size.playouts }, (_, i) => ({ playoutId: `${org}-p${i}`, playoutName: `Playout ${i}`, organization: org, ip: `10.0.0.${i}`, port: "8080", instanceType: "c5.large" }));
  const playoutSamples = playouts.flatMap((p) =>
    Array.from({ length: size.days * 24 }, (_, h) => ({ playoutId: p.playoutId, time: new Date(END - (h + 1) * 3_600_000).toISOString(), intervalSeconds: 3600, playback: h % 5 ? 1 : 0, avmon: 1, cache: 95, connection: 50, cpu: 30, fileDescriptors: 210, freeMemory: 4000, storage: 50 })),
  );
  await editor.data(INGEST, { batch: { organizations: [{ organizationId: org, name: org }], playouts, playoutSamples } });
  return { org, viewer: t.client(await t.token(org, "viewer")), scheduleId: ids[0] };
}

const statementsOf = (gql: GraphQLClient, query: string, variables: Record<string, unknown>) => countedStatements(gql, query, variables, true);

describe("statements per request of the peer benchmark's queries", () => {
  it("stay the same from 2 schedules × 10 events to 20 × 100 (Q1, Q2, Q4) and from 2 playouts × 2 days to 20 × 10 (Q3)", async () => {
    const small = await organization({ schedules: 2, events: 10, assets: 5, playouts: 2, days: 2 });
    const large = await organization({ schedules: 20, events: 100, assets: 50, playouts: 20, days: 10 });
    const q1 = (o: typeof small) => statementsOf(o.viewer, SERVICE_QUERIES.Q1, { s: 20, e: 1000 });
    const q2 = (o: typeof small) => statementsOf(o.viewer, SERVICE_QUERIES.Q2, { id: o.scheduleId, e: 1000 });
    const q3 = (o: typeof small) => statementsOf(o.viewer, SERVICE_QUERIES.Q3, { org: o.org, w: WINDOW });

    const [q1Small, q1Large] = [await q1(small), await q1(large)];
    expect(q1Small.data.schedules.content).toHaveLength(2);
    expect(q1Large.data.schedules.content).toHaveLength(20);
    expect(q1Large.data.schedules.content.every((s: any) => s.events.content.length === 100)).toBe(true);
    expect(q1Large.data.schedules.content[0].events.content[7].asset.systemFields.title).toBe("Title 7");
    expect(q1Large.statements).toBe(q1Small.statements);
    // The schedules page with every events page and its assets, one statement (events/json-fold.ts).
    expect(q1Large.statements).toBe(1);

    const [q2Small, q2Large] = [await q2(small), await q2(large)];
    expect(q2Small.data.schedule.events.content).toHaveLength(10);
    expect(q2Large.data.schedule.events.content).toHaveLength(100);
    expect(q2Large.data.schedule.events.content[3].houseId).toBe("H3");
    expect(q2Large.statements).toBe(q2Small.statements);
    // The schedule with its events page, one statement (events/json-fold.ts).
    expect(q2Large.statements).toBe(1);

    const [q3Small, q3Large] = [await q3(small), await q3(large)];
    expect(q3Small.data.playoutUsage).toHaveLength(2 * 2);
    expect(q3Large.data.playoutUsage).toHaveLength(20 * 10);
    expect(q3Large.statements).toBe(q3Small.statements);

    // A later page of one type with five asset fields (Q4), here page 1 of 5 PRIMARY events.
    const q4 = (o: typeof small) => statementsOf(o.viewer, SERVICE_QUERIES.Q4, { id: o.scheduleId, t: "PRIMARY", p: 1, e: 5 });
    const [q4Small, q4Large] = [await q4(small), await q4(large)];
    expect(q4Small.data.schedule.events.content.map((e: any) => e.title)).toEqual(["Spot 5", "Spot 6", "Spot 7", "Spot 8", "Spot 9"]);
    expect(q4Large.data.schedule.events.content[2].asset).toEqual({ assetId: "A-7", name: "Asset 7", mediaId: null, assetSize: null, systemFields: { title: "Title 7" } });
    expect(q4Large.statements).toBe(q4Small.statements);
    // The schedule with that page of its events and their assets, one statement (events/json-fold.ts).
    expect(q4Large.statements).toBe(1);

    // Counted, not zero: the counter sees these requests.
    for (const n of [q1Large, q2Large, q3Large, q4Large].map((r) => r.statements)) expect(n).toBeGreaterThan(0);
  }, 120_000);

  it("polls a job in one statement (Q5)", async () => {
    const org = uniqueOrg("peers-poll");
    const [{ id }] = await queryRows<{ id: string }>(
      t.service.database.db,
      sql`insert into jobs (organization, type, status, progress, file_name, resource_extension, file_size, date_started, date_finished)
        values (${org}, 'SCHEDULE_EXPORT', 'SUCCEEDED', 100, 'schedule.xml', 'xml', 1234, now(), now()) returning id::text as id`,
    );
    const viewer = t.client(await t.token(org, "viewer"));
    const poll = await statementsOf(viewer, SERVICE_QUERIES.Q5, { id });
    expect(poll.data.job).toMatchObject({ id, status: "SUCCEEDED", progress: 100 });
    expect(new URL(poll.data.job.resourceLink).pathname).toBe(`/files/${id}`);
    expect(poll.statements).toBe(1);
  });
});
