// Every edit of a few events reads about those events, on a schedule and on a change set's draft,
// wherever they are in a long schedule: each kind of edit the API offers, with one to three events
// (or one appended or created), is drawn with its place and its target and run in a transaction
// rolled back after; the tuples it reads from `events`, `change_set_events` and their indexes
// (PostgreSQL's per-transaction counts) are held to a bound per event named plus a constant, never
// the schedule's size. The one exception is a replacement of an asset, which finds its events by
// their asset key (no index holds it): one pass over the schedule. A ripple reads its segment, up to
// the next locked event: test/events/edit-work.test.ts holds it to that. Found this way: an append to the
// end read the whole timeline twice, a replacement three to five times (docs/DECISIONS.md 89).
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows, type Database } from "../../src/db/client.js";
import { ownerViewer } from "../../src/schedules/index.js";
import { touchSchedule } from "../../src/schedules/store/index.js";
import { EventService } from "../../src/events/service.js";
import { MarkService } from "../../src/events/marks-service.js";
import { EventCatalogService } from "../../src/events/catalog-service.js";
import { ChangeSetService } from "../../src/changesets/service.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { EVENT_TABLES, rolledBack, tuplesOf } from "../helpers/tuples.js";
import { createSchedule, T0 } from "./helpers.js";

const t = useOwnTestService(); // its own database: the events inserted here are read by nothing else

const COUNT = 20_000;
const SPACING = 30_000;
/** Tuples an event named may cost (its read, its write, the look-backs around it); FIXED: the edit's own probes. */
const PER_EVENT = 20;
const FIXED = 300;
const ONE_PASS = COUNT + 50;

type Services = { events: EventService; marks: MarkService; catalog: EventCatalogService };
type At = { scheduleId: string; organization: string; version: number; changeSetId?: string };
/** One edit of the events `ids` (one to three, air order) at `at`; `draft`: it may name a change set. */
interface Kind {
  name: string;
  draft: boolean;
  run: (s: Services, at: At, ids: string[], start: number) => Promise<unknown>;
}
const viewerOf = (org: string) => ownerViewer({ organization: org, userId: "small-edits" });

describe("edits of a few events, on a schedule and on its draft", () => {
  it("read a bounded number of tuples wherever their events are", async () => {
    const { org, gql } = await orgClient(t, "admin");
    const viewer = viewerOf(org);
    const schedule = await createSchedule(gql, "Long");
    const scheduleId = Number(schedule.id);
    await queryRows(
      t.service.database.db,
      sql`insert into events (schedule_id, organization, on_air_time, duration, title, media_id, locked)
        select ${scheduleId}, ${org}, ${T0}::bigint + i * ${SPACING}, 20000 + (i % 7) * 1000, 'E' || i,
          case when i % 5000 = 3 then 'RARE' else 'A-' || (i % 5) end, i % 500 = 7
        from generate_series(0::bigint, ${COUNT - 1}::bigint) as i`,
    );
    await gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, {
      a: [
        { assetId: "A-0", name: "Zero", systemFields: { title: "Catalog title" } },
        { assetId: "RARE", name: "Rare", metadata: { durationInMilliseconds: 25_000 } },
        { assetId: "SHORT", name: "Short", metadata: { durationInMilliseconds: 10_000 } },
      ],
    });
    await touchSchedule(t.service.database.db, scheduleId);
    const changeSet = await new ChangeSetService(t.service.database.db).create(viewer, String(scheduleId), org);
    await queryRows(t.service.database.db, sql`analyze events`);
    await queryRows(t.service.database.db, sql`analyze change_set_events`);
    const ids = (await queryRows<{ id: number }>(t.service.database.db, sql`select id from events where schedule_id = ${scheduleId} order by on_air_time, id`)).map((r) => String(r.id));
    const versionOf = async (draft: boolean) =>
      Number((await queryRows<{ v: number }>(t.service.database.db, draft ? sql`select version as v from change_sets where id = ${Number(changeSet.id)}` : sql`select version as v from schedules where id = ${scheduleId}`))[0].v);

    const kinds: Kind[] = [
      { name: "createEvent after the last", draft: true, run: (s, at) => s.events.create(viewer, at, { title: "N", duration: 1_000 } as never) },
      { name: "createEvent at a start", draft: true, run: (s, at, _, start) => s.events.create(viewer, at, { title: "N", duration: 1_000, onAirTime: new Date(start + 1_000) } as never) },
      { name: "updateEvents titles", draft: true, run: (s, at, named) => s.events.update(viewer, at, named.map((id) => ({ id, title: "X" })) as never) },
      { name: "updateEvents durations", draft: true, run: (s, at, named) => s.events.update(viewer, at, named.map((id) => ({ id, duration: 25_000 })) as never) },
      { name: "updateEvents starts", draft: true, run: (s, at, named, start) => s.events.update(viewer, at, [{ id: named[0], onAirTime: new Date(start + 1_000) }] as never) },
      { name: "deleteEvents", draft: true, run: (s, at, named) => s.events.delete(viewer, at, named) },
      { name: "bulk updated", draft: true, run: (s, at, named) => s.events.bulkEdit(viewer, at, { updated: named.map((id) => ({ id, duration: 25_000 })) } as never) },
      { name: "bulk created", draft: true, run: (s, at, _, start) => s.events.bulkEdit(viewer, at, { created: [{ title: "B", duration: 1_000, onAirTime: new Date(start + 1_000) }] } as never) },
      { name: "bulk deleted", draft: true, run: (s, at, named) => s.events.bulkEdit(viewer, at, { deleted: named } as never) },
      { name: "bulk sentToEnd", draft: true, run: (s, at, named) => s.events.bulkEdit(viewer, at, { sentToEnd: named.map(() => ({ title: "E", duration: 1_000 })) } as never) },
      { name: "markScte by ids", draft: true, run: (s, at, named) => s.marks.markScte(viewer, at, { ids: named }) },
      { name: "markEpg by ids", draft: true, run: (s, at, named) => s.marks.markEpg(viewer, at, { ids: named }) },
      { name: "updateEventsByCriteria by ids", draft: true, run: (s, at, named) => s.marks.updateByCriteria(viewer, at, { ids: named, replacementType: "LIVE" }) },
      { name: "syncEventTitles", draft: false, run: (s, at, named) => s.catalog.syncEventTitles(viewer, at, named) },
    ];
    const replacement: Kind = { name: "replaceAsset", draft: false, run: (s, at) => s.catalog.replaceAsset(viewer, at, "RARE", { assetId: "SHORT", fillGaps: true }) };

    const measure = async (kind: Kind, draft: boolean, named: string[], start: number) => {
      const at: At = { scheduleId: String(scheduleId), organization: org, version: await versionOf(draft), ...(draft ? { changeSetId: changeSet.id } : {}) };
      return rolledBack(t.service.database.db, async (tx) => {
        const db = tx as unknown as Database;
        const services = { events: new EventService(db), marks: new MarkService(db), catalog: new EventCatalogService(db) };
        return (await tuplesOf(tx, () => kind.run(services, at, named, start), EVENT_TABLES)).tuples;
      });
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...kinds),
        fc.boolean(),
        fc.uniqueArray(fc.integer({ min: 0, max: COUNT - 1 }), { minLength: 1, maxLength: 3 }),
        async (kind, onDraft, picks) => {
          const draft = onDraft && kind.draft;
          const sorted = [...picks].sort((a, b) => a - b);
          const tuples = await measure(kind, draft, sorted.map((i) => ids[i]), T0 + sorted[0] * SPACING);
          expect(tuples, `${kind.name} of ${sorted.join(", ")} on the ${draft ? "draft" : "schedule"}`).toBeLessThanOrEqual(PER_EVENT * sorted.length + FIXED);
        },
      ),
      { numRuns: 60, seed: 89, examples: kinds.flatMap((k) => [[k, false, [COUNT - 1]], [k, true, [0]]] as [Kind, boolean, number[]][]) },
    );
    // Four RARE events, each one ripple of a few hundred events up to its locked one: one pass to find them, then their segments.
    expect(await measure(replacement, false, [], T0), "replaceAsset with fillGaps").toBeLessThanOrEqual(ONE_PASS + PER_EVENT * 4 * 500 + FIXED);
  });
});
