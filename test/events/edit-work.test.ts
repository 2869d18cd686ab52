// Edits of a few events of a long schedule read what they touch, not the schedule. A ripple reads
// the events it may move: from its event up to the next locked one (fixAll: to the end), wherever
// that is; marks and updates by criteria of a few events by id read those (their touch neither
// counts the events nor reads the extremes: they change documents and types only). PostgreSQL counts the tuples a
// transaction reads from `events` and its indexes (pg_stat_get_xact_*): events and fixAll are
// drawn at random, each ripple runs in a transaction rolled back after, its moves are checked
// against the timeline module's ripple over the whole schedule, and its reads are held to a bound
// per event of its segment plus one pass over the table (the table's size plus the segment's,
// never their product). A ripple of a few events once read all 20,000 three times (the timings,
// then a count for the touch).
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { rippleSchedule } from "../../src/events/ripple-schedule.js";
import { MarkService } from "../../src/events/marks-service.js";
import type { Database } from "../../src/db/client.js";
import { ownerViewer } from "../../src/schedules/index.js";
import { shiftSchedule, transposeSchedule } from "../../src/schedules/copy-shift-transpose.js";
import { touchSchedule } from "../../src/schedules/store/index.js";
import { EventCatalogService } from "../../src/events/catalog-service.js";
import { EventService } from "../../src/events/service.js";
import { ChangeSetService } from "../../src/changesets/service.js";
import { HistoryService } from "../../src/history/service.js";
import { ripple } from "../../src/timeline/index.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { EVENT_TABLES, rolledBack, tuplesOf } from "../helpers/tuples.js";
import { createSchedule, T0 } from "./helpers.js";

const t = useOwnTestService(); // its own database: the events inserted here are read by nothing else

const COUNT = 20_000;
const SPACING = 30_000;
const LOCKED_EVERY = 500;
/** An event every 4,000 plays asset RARE, two before a locked event (i % 500 = 5): what replaceAsset finds and fillGaps ripples. */
const RARE_EVERY = 4000;
/** Tuples an event of the segment may cost: its read, its move (the row and its index entries), the history's look at it. */
const PER_EVENT = 12;
const FIXED = 300;
/** One sequential pass over the table: for a few hundred moves the planner may rightly prefer it to as many probes of a small table. */
const ONE_PASS = COUNT + 50;

describe("edits of a few events in a long schedule", () => {
  it("a ripple reads its segment and moves what the timeline's ripple moves; marks of a few events read those", async () => {
    const { org, gql } = await orgClient(t, "admin");
    const schedule = await createSchedule(gql, "Long");
    const scheduleId = Number(schedule.id);
    // Every 30 s, lengths 20–30 s (gaps to close), a locked event every 500.
    await queryRows(
      t.service.database.db,
      sql`insert into events (schedule_id, organization, on_air_time, duration, title, locked, media_id)
        select ${scheduleId}, ${org}, ${T0}::bigint + i * ${SPACING}, 20000 + (i % 11) * 1000, 'E' || i, i % ${LOCKED_EVERY} = 7,
          case when i % ${RARE_EVERY} = 5 then 'RARE' else 'A-' || (i % 5) end
        from generate_series(0::bigint, ${COUNT - 1}::bigint) as i`,
    );
    await gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, {
      a: [
        ...[0, 1, 2, 3, 4].map((k) => ({ assetId: `A-${k}`, name: `Asset ${k}`, systemFields: { title: `Title ${k}` } })),
        { assetId: "RARE", name: "Rare", metadata: { durationInMilliseconds: 25_000 } },
        { assetId: "SHORT", name: "Short", metadata: { durationInMilliseconds: 10_000 } },
      ],
    });
    // The counters (count, longest event, dates) of events written by SQL: counted once.
    await touchSchedule(t.service.database.db, scheduleId);
    await queryRows(t.service.database.db, sql`analyze events`);
    const timings = (await queryRows<{ id: number; t: number; d: number; l: boolean }>(
      t.service.database.db,
      sql`select id, on_air_time + (select time_origin from schedules where id = ${scheduleId}) as t, duration as d, locked as l from events where schedule_id = ${scheduleId} order by on_air_time, id`,
    )).map((r) => ({ id: Number(r.id), onAirTime: Number(r.t), duration: Number(r.d), locked: r.l }));
    const viewer = ownerViewer({ organization: org, userId: "ripple-work" });

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: COUNT - 1 }), fc.boolean(), async (at, fixAll) => {
        const from = timings[at];
        const expected = ripple(timings, from.id, { fixAll }).moves;
        const measured = await rolledBack(t.service.database.db, async (tx) => {
          const [{ version }] = await queryRows<{ version: number }>(tx, sql`select version from schedules where id = ${scheduleId}`);
          const { tuples } = await tuplesOf(tx, () =>
            rippleSchedule(tx, viewer, { scheduleId: String(scheduleId), organization: org, version: Number(version) }, String(from.id), fixAll),
          );
          const rows = await queryRows<{ id: number; t: number }>(
            tx,
            sql`select id, on_air_time + (select time_origin from schedules where id = ${scheduleId}) as t from events where schedule_id = ${scheduleId} and version > 1`,
          );
          return { tuples, moved: new Map(rows.map((r) => [Number(r.id), Number(r.t)])) };
        });
        expect(new Map(expected.map((m) => [m.id, m.onAirTime])), `from event ${at}, fixAll ${fixAll}`).toEqual(measured.moved);
        // The segment: up to the next locked event, or (fixAll) to the end.
        const nextLocked = timings.findIndex((e, i) => i > at && e.locked);
        const segment = (fixAll || nextLocked < 0 ? COUNT : nextLocked + 1) - at;
        expect(measured.tuples, `from event ${at}, fixAll ${fixAll}: ${expected.length} moved`).toBeLessThanOrEqual(PER_EVENT * segment + ONE_PASS + FIXED);
      }),
      { numRuns: 15, seed: 46, examples: [[COUNT - 10, false], [COUNT - 10, true], [0, false]] },
    );

    // Marks and updates by criteria of 1–3 events drawn anywhere, each in a transaction rolled back after.
    const kinds = ["markScte", "markEpg", "updateByCriteria"] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), fc.uniqueArray(fc.integer({ min: 0, max: COUNT - 1 }), { minLength: 1, maxLength: 3 }), async (kind, picks) => {
        const ids = picks.map((i) => String(timings[i].id));
        const { tuples } = await rolledBack(t.service.database.db, (tx) => {
          const marks = new MarkService(tx as unknown as Database);
          const at = { scheduleId: String(scheduleId), organization: org };
          return tuplesOf(tx, () =>
            kind === "markScte" ? marks.markScte(viewer, at, { ids }) : kind === "markEpg" ? marks.markEpg(viewer, at, { ids }) : marks.updateByCriteria(viewer, at, { ids, programme: { title: "P" } }),
          );
        });
        expect(tuples, `${kind} of ${ids.length} events`).toBeLessThanOrEqual(PER_EVENT * ids.length + FIXED);
      }),
      { numRuns: 12, seed: 46 },
    );

    // Edits drawn with their arguments, each in a transaction rolled back after: those that add or
    // remove no event, and an append to the end.
    const counters = sql`select s.event_count as n, (select count(*) from events where schedule_id = ${scheduleId}) as counted,
        s.start_date = to_timestamp((select min(on_air_time) + s.time_origin from events where schedule_id = ${scheduleId}) / 1000.0) as first,
        s.finish_date = to_timestamp((select max(on_air_time + duration) + s.time_origin from events where schedule_id = ${scheduleId}) / 1000.0) as last
      from schedules s where s.id = ${scheduleId}`;
    const picks = fc.uniqueArray(fc.integer({ min: 0, max: COUNT - 1 }), { minLength: 1, maxLength: 3 });
    const edit = fc.oneof(
      fc.record({ kind: fc.constant("shift" as const), ms: fc.integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 }) }),
      fc.record({ kind: fc.constant("shiftDays" as const), days: fc.integer({ min: -400, max: 400 }) }),
      fc.record({ kind: fc.constant("transpose" as const), by: fc.integer({ min: -86_400_000, max: 86_400_000 }) }),
      fc.record({ kind: fc.constant("syncTitles" as const), picks }),
      fc.record({ kind: fc.constant("replaceAsset" as const), fillGaps: fc.boolean() }),
      fc.record({ kind: fc.constant("sentToEnd" as const), count: fc.integer({ min: 1, max: 3 }) }),
    );
    // The RARE events and those after each up to its locked event: what a replacement with fillGaps may move.
    const rareSegments = Math.ceil(COUNT / RARE_EVERY) * 3;
    await fc.assert(
      fc.asyncProperty(edit, async (e) => {
        const at = { scheduleId: String(scheduleId), organization: org };
        const named = e.kind === "syncTitles" ? e.picks.map((i) => String(timings[i].id)) : [];
        const { tuples, after } = await rolledBack(t.service.database.db, async (tx) => {
          const catalog = new EventCatalogService(tx as unknown as Database);
          const { tuples } = await tuplesOf(tx, (): Promise<unknown> =>
            e.kind === "shift" ? shiftSchedule(tx, viewer, { id: at.scheduleId, organization: org, milliseconds: e.ms })
            : e.kind === "shiftDays" ? shiftSchedule(tx, viewer, { id: at.scheduleId, organization: org, days: e.days })
            : e.kind === "transpose" ? transposeSchedule(tx, viewer, { id: at.scheduleId, organization: org, startTime: new Date(timings[0].onAirTime + e.by) })
            : e.kind === "syncTitles" ? catalog.syncEventTitles(viewer, at, named)
            : e.kind === "replaceAsset" ? catalog.replaceAsset(viewer, at, "RARE", { assetId: "SHORT", fillGaps: e.fillGaps })
            : new EventService(tx as unknown as Database).bulkEdit(viewer, at, { sentToEnd: Array.from({ length: e.count }, (_, i) => ({ title: `End ${i}`, duration: 5_000 })) }),
          );
          const [after] = await queryRows<{ n: number; counted: number; first: boolean; last: boolean }>(tx, counters);
          return { tuples, after };
        });
        const count = COUNT + (e.kind === "sentToEnd" ? e.count : 0);
        expect({ ...after, n: Number(after.n), counted: Number(after.counted) }, JSON.stringify(e)).toEqual({ n: count, counted: count, first: true, last: true });
        // A replacement finds its events by their asset, which no index holds: one pass over the schedule, then its segments.
        const bound = e.kind === "replaceAsset" ? ONE_PASS + PER_EVENT * rareSegments : PER_EVENT * (named.length + (e.kind === "sentToEnd" ? e.count : 0));
        expect(tuples, JSON.stringify(e)).toBeLessThanOrEqual(bound + FIXED);
      }),
      { numRuns: 20, seed: 46, examples: [[{ kind: "replaceAsset", fillGaps: true }], [{ kind: "replaceAsset", fillGaps: false }], [{ kind: "sentToEnd", count: 2 }]] },
    );

    // A revert of an edit of 1–3 events, and a change set's draft with 1–3 events changed, one removed
    // and one added, applied: each prepared and committed first, then measured in a transaction rolled back after.
    const events = new EventService(t.service.database.db);
    const changeSets = new ChangeSetService(t.service.database.db);
    const scheduleVersion = async () => Number((await queryRows<{ v: number }>(t.service.database.db, sql`select version as v from schedules where id = ${scheduleId}`))[0].v);
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("revert" as const, "applyChangeSet" as const), fc.uniqueArray(fc.integer({ min: 0, max: COUNT - 1 }), { minLength: 1, maxLength: 3 }), async (kind, picks) => {
        const named = picks.map((i) => String(timings[i].id));
        const at = { scheduleId: String(scheduleId), organization: org };
        const before = await scheduleVersion();
        round++;
        let changeSetId = "";
        if (kind === "revert") {
          await events.update(viewer, { ...at, version: before }, named.map((id) => ({ id, title: `Retitled ${round}` })));
        } else {
          const changeSet = await changeSets.create(viewer, at.scheduleId, org);
          changeSetId = changeSet.id;
          const draft = { ...at, changeSetId };
          await events.update(viewer, { ...draft, version: changeSet.version }, named.map((id) => ({ id, title: `Drafted ${round}` })));
          await events.delete(viewer, { ...draft, version: changeSet.version + 1 }, [named[0]]);
          await events.create(viewer, { ...draft, version: changeSet.version + 2 }, { title: `Added ${round}`, onAirTime: new Date(timings[0].onAirTime - 60_000), duration: 30_000 } as never);
        }
        const { tuples, after, diffTuples } = await rolledBack(t.service.database.db, async (tx) => {
          // The draft's diff first (a read): its changed events beside the schedule's versions of them.
          const diffTuples = changeSetId ? (await tuplesOf(tx, async () => {
            const changeSet = (await new ChangeSetService(tx as unknown as Database).get(viewer, changeSetId, org))!;
            return new ChangeSetService(tx as unknown as Database).diff(viewer, changeSet);
          }, EVENT_TABLES)).tuples : 0;
          const { tuples } = await tuplesOf(tx, () =>
            kind === "revert"
              ? new HistoryService(tx as unknown as Database).revert(viewer, at.scheduleId, before, before + 1, org)
              : new ChangeSetService(tx as unknown as Database).apply(viewer, changeSetId, before, org),
            EVENT_TABLES,
          );
          const [after] = await queryRows<{ n: number; counted: number; first: boolean; last: boolean }>(tx, counters);
          return { tuples, after, diffTuples };
        });
        if (changeSetId) await changeSets.discard(viewer, changeSetId, org);
        expect(diffTuples, `the diff of a draft changing ${named.join(", ")}`).toBeLessThanOrEqual(PER_EVENT * (named.length + 2) + FIXED);
        expect({ ...after, n: Number(after.n), counted: Number(after.counted) }, `${kind} of ${named.join(", ")}`).toEqual({ n: COUNT, counted: COUNT, first: true, last: true });
        // An apply also deletes its change set and so its draft's copies: one pass over them.
        const draftCopies = kind === "applyChangeSet" ? ONE_PASS : 0;
        expect(tuples, `${kind} of ${named.join(", ")}`).toBeLessThanOrEqual(PER_EVENT * (named.length + 2) + FIXED + draftCopies);
      }),
      { numRuns: 6, seed: 46 },
    );
  });
});
