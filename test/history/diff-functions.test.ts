// The JSON helpers of a schedule's history (drizzle/0014, as PL/pgSQL since drizzle/0028, which
// keeps their plans): for objects drawn at random they answer what their statements answer run
// as plain SQL in the query itself, the form they had before.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { useMigratedDatabase } from "../helpers/database.js";

const bed = useMigratedDatabase();

/** A row-like object: a few of a handful of keys (id and version among them), values of every JSON kind. */
const value = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 5 }), fc.constantFrom("a", "b", "", "é"), fc.constant([1, "x"]), fc.constant({ k: [null] }));
const row = fc.dictionary(fc.constantFrom("id", "version", "name", "start_date", "event_count", "data"), value, { maxKeys: 6 });
/** A history diff: column → [old, new]. */
const diff = fc.dictionary(fc.constantFrom("name", "start_date", "event_count", "data"), fc.tuple(value, value), { maxKeys: 4 });

describe("the history's JSON helpers", () => {
  it("are PL/pgSQL functions, whose statements keep their plans", async () => {
    const rows = await queryRows<{ name: string; language: string }>(
      bed.handle.db,
      sql`select p.proname as name, l.lanname as language from pg_proc p join pg_language l on l.oid = p.prolang
        where p.proname in ('history_schedule_diff', 'history_merge_changes') order by 1`,
    );
    expect(rows).toEqual([{ name: "history_merge_changes", language: "plpgsql" }, { name: "history_schedule_diff", language: "plpgsql" }]);
  });

  it("history_schedule_diff answers what its statement answers", async () => {
    await fc.assert(
      fc.asyncProperty(row, row, async (o, n) => {
        const [answer] = await queryRows<{ fn: unknown; plain: unknown }>(
          bed.handle.db,
          sql`with v as (select ${JSON.stringify(o)}::jsonb as o, ${JSON.stringify(n)}::jsonb as n)
            select history_schedule_diff(v.o, v.n) as fn,
              (select coalesce(jsonb_object_agg(nv.key, jsonb_build_array(v.o -> nv.key, nv.value)), '{}'::jsonb)
                from jsonb_each(v.n - 'id' - 'version') nv where nv.value is distinct from coalesce(v.o -> nv.key, 'null'::jsonb)) as plain
            from v`,
        );
        expect(answer.fn).toEqual(answer.plain);
      }),
      { numRuns: 60 },
    );
  });

  it("history_merge_changes answers what its statement answers", async () => {
    await fc.assert(
      fc.asyncProperty(diff, diff, async (a, b) => {
        const [answer] = await queryRows<{ fn: unknown; plain: unknown }>(
          bed.handle.db,
          sql`with v as (select ${JSON.stringify(a)}::jsonb as a, ${JSON.stringify(b)}::jsonb as b)
            select history_merge_changes(v.a, v.b) as fn,
              (select coalesce(jsonb_object_agg(k, jsonb_build_array(case when v.a ? k then v.a -> k -> 0 else v.b -> k -> 0 end, case when v.b ? k then v.b -> k -> 1 else v.a -> k -> 1 end)), '{}'::jsonb)
                from (select jsonb_object_keys(v.a) as k union select jsonb_object_keys(v.b)) keys) as plain
            from v`,
        );
        expect(answer.fn).toEqual(answer.plain);
        // The first old value and the last new value of each column.
        for (const [column, [before]] of Object.entries(a)) expect((answer.fn as Record<string, unknown[]>)[column][0]).toEqual(before);
        for (const [column, [, after]] of Object.entries(b)) expect((answer.fn as Record<string, unknown[]>)[column][1]).toEqual(after);
      }),
      { numRuns: 60 },
    );
  });
});
