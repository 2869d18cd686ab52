// The open change sets of a schedule are bounded (MAX_OPEN_CHANGE_SETS): each is a whole draft of the
// schedule's events, so without a bound a caller could grow storage and the unpaged `changeSets`
// list without end. Random sequences of creations, generations, applies and discards against a
// small bound: every creation at the bound is refused with BAD_USER_INPUT naming the setting,
// nothing is written by a refusal, and a discard or apply makes room again; over GraphQL, the 21st
// createChangeSet at the default bound answers BAD_USER_INPUT with the limit in its extensions.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ChangeSetService } from "../../src/changesets/service.js";
import { queryRows } from "../../src/db/client.js";
import { GenerationService, planningInputs, readSlotPositions, writeSlotPositions } from "../../src/templates/index.js";
import { appError, orgViewer, useServices } from "../helpers/services.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { createSchedule } from "../events/helpers.js";

const bed = useServices();
const MAX = 3;

function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

async function stored(scheduleId: string) {
  const [row] = await queryRows<{ open: number; drafts: number; jobs: number }>(
    bed.handle.db,
    sql`select (select count(*) from change_sets where schedule_id = ${Number(scheduleId)})::int as open,
      (select count(*) from change_set_events where schedule_id = ${Number(scheduleId)})::int as drafts,
      (select count(*) from jobs where type = 'SCHEDULE_GENERATE' and payload->>'scheduleId' = ${scheduleId})::int as jobs`,
  );
  return row;
}

describe("open change sets per schedule", () => {
  it("refuses a creation or a generation at the bound, writes nothing then, and makes room on discard and apply", async () => {
    const changeSets = new ChangeSetService(bed.handle.db, 1000, MAX);
    const generation = new GenerationService(bed.handle.db, { enqueued: () => {} } as never, { planningInputs, readSlotPositions, writeSlotPositions }, MAX);
    for (const seed of [1, 2, 3]) {
      const { viewer } = orgViewer();
      const schedule = await bed.services.schedules.create(viewer, { name: `bounded ${seed}` });
      await bed.services.events.create(viewer, { scheduleId: schedule.id }, { onAirTime: new Date(Date.UTC(2026, 0, 5, 6)), duration: 60_000, title: "A" });
      const template = await bed.services.templates.create(viewer, { name: "Mornings", timeZone: "Etc/UTC", broadcastDayStart: "06:00", slots: [{ days: ["MON"], start: "06:00", anchor: "HARD", source: "LIVE", eventType: "LIVE", durationMs: 3_600_000 }] });
      const draw = random(seed);
      let open = 0;
      for (let step = 0; step < 16; step++) {
        const list = await changeSets.list(viewer, schedule.id);
        expect(list).toHaveLength(open);
        const roll = draw();
        const before = await stored(schedule.id);
        if (roll < 0.65) {
          const create = draw() < 0.5 ? changeSets.create(viewer, schedule.id) : generation.generate(viewer, { templateId: template.id, scheduleId: schedule.id, from: "2026-01-05", days: 1 });
          if (open < MAX) {
            await create;
            open++;
          } else {
            const refused = await appError(create, "BAD_USER_INPUT");
            expect(refused.message).toContain(`${MAX} open change sets`);
            expect(refused.extensions).toMatchObject({ limit: "MAX_OPEN_CHANGE_SETS", max: MAX });
            expect(await stored(schedule.id)).toEqual(before);
          }
        } else if (open > 0) {
          const chosen = list[Math.floor(draw() * list.length)];
          if (roll < 0.85) await changeSets.discard(viewer, chosen.id);
          else {
            const current = await bed.services.schedules.get(viewer, schedule.id);
            await changeSets.apply(viewer, chosen.id, current.version);
          }
          open--;
        }
        expect((await stored(schedule.id)).open).toBe(open);
      }
    }
  });

  it("the default bound comes from MAX_OPEN_CHANGE_SETS", async () => {
    const { loadConfig } = await import("../../src/config.js");
    expect(loadConfig({ AUTH_SECRET: "x".repeat(32) }).maxOpenChangeSets).toBe(20);
    expect(loadConfig({ AUTH_SECRET: "x".repeat(32), MAX_OPEN_CHANGE_SETS: "5" }).maxOpenChangeSets).toBe(5);
    expect(() => loadConfig({ AUTH_SECRET: "x".repeat(32), MAX_OPEN_CHANGE_SETS: "0" })).toThrow(/MAX_OPEN_CHANGE_SETS=0/);
  });
});

describe("open change sets over GraphQL", () => {
  const t = useTestService();

  it("the 21st createChangeSet of a schedule answers BAD_USER_INPUT naming the bound, and changeSets still lists 20", async () => {
    const { gql } = await orgClient(t);
    const schedule = await createSchedule(gql, "Capped");
    const create = `mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`;
    for (let i = 0; i < 20; i++) await gql.data(create, { s: schedule.id });
    const refused = await gql.request(create, { s: schedule.id });
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "MAX_OPEN_CHANGE_SETS", max: 20 });
    const listed = await gql.data(`query($s: ID!) { changeSets(scheduleId: $s) { id } }`, { s: schedule.id });
    expect(listed.changeSets).toHaveLength(20);
  });
});
