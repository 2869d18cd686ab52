// The history of an UPDATE of schedules (drizzle/0029): the trigger compares the columns
// themselves, each named in its statement. These checks keep it equal to the JSON diff of the
// whole rows it replaced (history_schedule_diff(to_jsonb(old), to_jsonb(new))): it names every
// column of schedules but id and version, and for random changes to random columns it records the
// same changes.
import fc from "fast-check";
import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { useMigratedDatabase } from "../helpers/database.js";

const bed = useMigratedDatabase();

/** Values each column may take here (the table's checks hold for all of them). */
const CHANGES: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.constantFrom("Diff", "Diff 2", "é"),
  channel: fc.option(fc.constantFrom("one", "two"), { nil: null }),
  channel_id: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  status: fc.option(fc.constantFrom("DRAFT", "LIVE"), { nil: null }),
  fps: fc.constantFrom(25, 29.97, 50),
  graphics_project_v2: fc.option(fc.constantFrom("GP-1", "GP-2"), { nil: null }),
  break_max: fc.option(fc.integer({ min: 1000, max: 1002 }), { nil: null }),
  start_date: fc.option(fc.constantFrom("2026-01-01T00:00:00Z", "2026-01-01T00:00:00.5Z", "2027-06-30T23:59:59Z"), { nil: null }),
  event_count: fc.integer({ min: 0, max: 2 }),
  drop_frame: fc.option(fc.boolean(), { nil: null }),
  time_zone: fc.constantFrom("UTC", "Europe/Paris"),
  lock_horizon_ms: fc.integer({ min: 0, max: 2 }),
  version: fc.integer({ min: 1, max: 3 }),
};

const changes = fc.dictionary(fc.constantFrom(...Object.keys(CHANGES)), fc.constant(null), { maxKeys: 5 }).chain((chosen) =>
  fc.record(Object.fromEntries(Object.keys(chosen).map((column) => [column, CHANGES[column]]))),
);

describe("the history of an update of schedules", () => {
  it("names every column of schedules but id and version", async () => {
    const [{ columns, source }] = await queryRows<{ columns: string[]; source: string }>(
      bed.handle.db,
      sql`select array(select column_name::text from information_schema.columns where table_schema = current_schema() and table_name = 'schedules'
          and column_name not in ('id', 'version') order by 1) as columns,
        pg_get_functiondef('history_schedules_updated'::regproc) as source`,
    );
    const compared = [...source.matchAll(/\('(\w+)', CASE WHEN o\.(\w+) IS DISTINCT FROM n\.(\w+) THEN jsonb_build_array\(to_jsonb\(o\.(\w+)\), to_jsonb\(n\.(\w+)\)\) END\)/g)]
      .filter((m) => m.slice(2).every((name) => name === m[1]))
      .map((m) => m[1]);
    expect(compared.sort()).toEqual(columns);
  });

  it("records what the JSON diff of the whole rows records", async () => {
    const [{ id }] = await queryRows<{ id: number }>(bed.handle.db, sql`insert into schedules (organization, name) values ('diff-org', 'Diff') returning id`);
    await fc.assert(
      fc.asyncProperty(changes, async (set) => {
        await bed.handle.db.transaction(async (tx) => {
          const [{ before }] = await queryRows<{ before: unknown }>(tx, sql`select to_jsonb(s) as before from schedules s where id = ${id}`);
          const assignments: SQL[] = Object.entries(set).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
          if (assignments.length > 0) await queryRows(tx, sql`update schedules set ${sql.join(assignments, sql`, `)} where id = ${id}`);
          else await queryRows(tx, sql`update schedules set name = name where id = ${id}`);
          const [answer] = await queryRows<{ recorded: unknown; expected: unknown }>(
            tx,
            sql`select (select schedule_changes from schedule_history where schedule_id = ${id} and txid = txid_current()) as recorded,
              history_schedule_diff(${JSON.stringify(before)}::jsonb, (select to_jsonb(s) from schedules s where id = ${id})) as expected`,
          );
          const versionMoved = "version" in set && set.version !== (before as { version: number }).version;
          // No history row when nothing changed (the trigger's WHERE), else the same changes.
          if (answer.expected && Object.keys(answer.expected).length === 0 && !versionMoved) expect(answer.recorded).toBeNull();
          else expect(answer.recorded).toEqual(answer.expected);
        });
      }),
      { numRuns: 60 },
    );
  });
});
