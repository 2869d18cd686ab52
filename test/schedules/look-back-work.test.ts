// The look-back of a page (each event's latest earlier end, from which its gap or overlap comes) and
// the gaps before locked events read a few index entries per row, wherever the rows are in a long
// schedule. PostgreSQL counts the tuples a transaction reads from `events` and its indexes
// (pg_stat_get_xact_*): pages and spans are drawn at random, and each read must stay within what
// its rows and the entries its offset passes cost, plus one pass over the table (the planner may
// prefer a sequential scan to many probes of a small table): the table's size plus the page's,
// never their product.
// A max over `on_air_time + duration` with extra conditions once ran along the index of ends from
// the schedule's last end down: the whole schedule per row for the first pages (10 s for a page of
// 1,000 at the start of 100,000 events).
// The touch that ends every edit reads the schedule's last end from the index of starts, from the
// last start back by the longest duration: with a long event drawn anywhere, it reads the events
// of that window and a few probes, not the schedule.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows, type Executor } from "../../src/db/client.js";
import { lastEnd, lockedGaps, scheduleTarget, targetPageRows, targetsPageRows } from "../../src/schedules/index.js";
import { touchSchedule } from "../../src/schedules/store/counters.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { rolledBack, tuplesOf } from "../helpers/tuples.js";
import { createSchedule, T0 } from "../events/helpers.js";

const t = useOwnTestService(); // its own database: the events inserted here are read by nothing else

const COUNT = 20_000;
const SPACING = 30_000;
const LOCKED_EVERY = 500;
/** Tuples a row of a page may cost: its own, the event before it, the few that start in its window. */
const PER_ROW = 30;
/** Tuples an index entry passed over costs at most (the entry and, before a vacuum, its row). */
const PER_PASSED = 3;
const FIXED = 100;
/** How many times every event is rewritten before the touch is measured (without a vacuum). */
const REWRITES = 4;
/** One sequential pass over the table (both schedules' events). */
const ONE_PASS = COUNT + 50;

/** What `read` answers and the tuples it read, in a transaction of its own. */
const readIn = <T>(read: (tx: Executor) => Promise<T>) => rolledBack(t.service.database.db, (tx) => tuplesOf(tx, () => read(tx)));

describe("the look-back of long schedules", () => {
  it("reads a bounded number of tuples per row, wherever the page or span is", async () => {
    const { org, gql } = await orgClient(t, "admin");
    const long = await createSchedule(gql, "Long");
    const short = await createSchedule(gql, "Short");
    // Lengths 0–100 s every 30 s: gaps, overlaps and events held inside longer ones; a locked event every 500.
    await queryRows(
      t.service.database.db,
      sql`insert into events (schedule_id, organization, on_air_time, duration, title, locked)
        select ${Number(long.id)}, ${org}, ${T0}::bigint + i * ${SPACING}, (i % 7) * 15000 + (i % 3) * 5000, 'E' || i, i % ${LOCKED_EVERY} = 7
        from generate_series(0::bigint, ${COUNT - 1}::bigint) as i`,
    );
    await queryRows(
      t.service.database.db,
      sql`insert into events (schedule_id, organization, on_air_time, duration, title)
        select ${Number(short.id)}, ${org}, ${T0}::bigint + i * 60000, 60000, 'S' || i from generate_series(0::bigint, 49::bigint) as i`,
    );
    // Each schedule's counters (count, longest event, dates) are brought to the events written by SQL.
    for (const s of [long, short]) await touchSchedule(t.service.database.db, Number(s.id));
    // As autovacuum would after such an import: the plans are those of a table with statistics.
    await queryRows(t.service.database.db, sql`analyze events`);
    const target = scheduleTarget(Number(long.id));
    const selection = { data: false, lookBack: true };

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: COUNT - 1 }), fc.integer({ min: 1, max: 300 }), fc.boolean(), async (at, size, several) => {
        const page = Math.floor(at / size);
        const offset = page * size;
        const rows = Math.max(0, Math.min(size, COUNT - offset));
        if (several) {
          // Several schedules in one statement: the offset is passed over from the start.
          const { result, tuples } = await readIn((tx) => targetsPageRows(tx, [target, scheduleTarget(Number(short.id))], { page, size }, null, selection));
          expect(result.get(Number(long.id))?.rows.length ?? 0).toBe(rows);
          expect(tuples, `page ${page} of ${size}, several`).toBeLessThanOrEqual(PER_PASSED * offset + PER_ROW * (rows + 50) + ONE_PASS + FIXED);
        } else {
          // One schedule: its page is read from the nearer end.
          const { result, tuples } = await readIn((tx) => targetPageRows(tx, target, { page, size }, null, selection));
          expect(result.rows.length).toBe(rows);
          const passed = Math.min(offset, COUNT - offset - rows);
          expect(tuples, `page ${page} of ${size}`).toBeLessThanOrEqual(PER_PASSED * passed + PER_ROW * rows + ONE_PASS + FIXED);
        }
      }),
      { numRuns: 25, seed: 46 },
    );

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: COUNT - 1 }), fc.integer({ min: 1, max: 2_000 }), async (from, length) => {
        const start = T0 + from * SPACING;
        const end = start + length * SPACING;
        const { result, tuples } = await readIn((tx) => lockedGaps(tx, target, start, end));
        // Every event of the span and up to the next locked one is passed over once; each locked one looks back.
        const spanned = length + 2 * LOCKED_EVERY;
        expect(tuples, `${length} events from ${from}: ${result.length} gaps`).toBeLessThanOrEqual(PER_PASSED * spanned + PER_ROW * (spanned / LOCKED_EVERY + 1) + ONE_PASS + FIXED);
      }),
      { numRuns: 15, seed: 46 },
    );

    // With no locked event after the span (none at all here, in a transaction rolled back after),
    // the end of the span is found without reading on to the schedule's end.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: COUNT - 1 }), fc.integer({ min: 1, max: 200 }), async (from, length) => {
        const { result: gaps, tuples } = await rolledBack(t.service.database.db, async (tx) => {
          await queryRows(tx, sql`update events set locked = false where schedule_id = ${Number(long.id)} and locked`);
          return tuplesOf(tx, () => lockedGaps(tx, target, T0 + from * SPACING, T0 + (from + length) * SPACING));
        });
        expect(gaps).toEqual([]);
        expect(tuples, `${length} events from ${from}, nothing locked`).toBeLessThanOrEqual(PER_PASSED * length + FIXED);
      }),
      { numRuns: 10, seed: 46, examples: [[0, 1]] },
    );

    // The touch, and the last end createEvent starts from: one event made long (up to the whole
    // schedule), read in a transaction rolled back after. First every event rewritten twice, as a
    // ripple leaves the table before a vacuum: the planner then reckons with more pages, and each
    // live event has its dead versions beside it in the index.
    for (let i = 0; i < REWRITES; i++) await queryRows(t.service.database.db, sql`update events set on_air_time = on_air_time + ${1 - 2 * i} where schedule_id = ${Number(long.id)}`);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: COUNT - 1 }), fc.integer({ min: 0, max: COUNT * SPACING }), async (at, duration) => {
        const measured = await rolledBack(t.service.database.db, async (tx) => {
          await queryRows(tx, sql`update events set duration = ${duration} where id = (select id from events where schedule_id = ${Number(long.id)} order by on_air_time, id offset ${at} limit 1)`);
          const { result, tuples } = await tuplesOf(tx, async () => ({ touched: await touchSchedule(tx, Number(long.id), 0), end: await lastEnd(tx, target) }));
          const [want] = await queryRows<{ t: string }>(tx, sql`select max(on_air_time + duration) as t from events where schedule_id = ${Number(long.id)}`);
          return { tuples, lastEnd: result.end ?? 0, finish: result.touched.finishDate?.getTime() ?? 0, want: Number(want.t) };
        });
        expect(measured.lastEnd, `event ${at} made ${duration} ms long`).toBe(measured.want);
        expect(measured.finish).toBe(measured.want);
        // The window before the last start that the longest event spans, each event with its dead versions, read twice (touch and lastEnd).
        const windowed = Math.ceil(Math.max(duration, 100_000) / SPACING) + 1;
        expect(measured.tuples, `event ${at} made ${duration} ms long`).toBeLessThanOrEqual(2 * (PER_PASSED * (REWRITES + 1) * windowed + FIXED));
      }),
      { numRuns: 20, seed: 46, examples: [[0, 0], [0, COUNT * SPACING], [COUNT - 1, 0], [COUNT / 2, 60_000]] },
    );

    // A schedule of short events only (a minute each, none indexed by duration) whose rows lie
    // after the long one's: its touch finds that it has events by one probe, not by a scan of the table.
    const { result: touched, tuples } = await rolledBack(t.service.database.db, (tx) => tuplesOf(tx, () => touchSchedule(tx, Number(short.id), 0)));
    expect([touched.maxEventDuration, tuples <= FIXED], `${tuples} tuples`).toEqual([60_000, true]);
  });
});
