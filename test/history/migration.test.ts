// drizzle/0016_history_compact.sql converts the history 0014 wrote (a row per event change) into
// statement rows: what the view gives back afterwards is what was stored before, row for row.
import { describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { readdirSync, readFileSync } from "node:fs";

const folder = new URL("../../drizzle/", import.meta.url);
const migrations = readdirSync(folder).filter((name) => /^\d{4}_.*\.sql$/.test(name)).sort();

async function apply(db: PGlite, names: string[]) {
  for (const name of names) await db.exec(readFileSync(new URL(name, folder), "utf8"));
}

describe("migration 0016", () => {
  it("keeps every recorded event change", async () => {
    const db = new PGlite();
    const compact = migrations.findIndex((name) => name.startsWith("0016_"));
    await apply(db, migrations.slice(0, compact));
    await db.exec(`
      insert into schedules (organization, name) values ('org', 'Day');
      insert into events (schedule_id, organization, on_air_time, duration, title, data)
        select 1, 'org', i * 60000, 60000, 'E' || i, jsonb_build_object('houseId', 'H' || i) from generate_series(0, 9) i;
      begin;
      update events set title = null, version = version + 1 where id = 2;
      update events set data = data || '{"programme": {"title": "Show"}}', locked = true where id in (3, 4);
      delete from events where id = 5;
      commit;
      update events set title = 'Back', on_air_time = on_air_time + 1 where id = 2;
      insert into events (schedule_id, organization, on_air_time, media_id) values (1, 'org', 5, 'M-1');`);
    const before = await db.query(`select history_id, event_id, kind, old_values, new_values from schedule_history_events order by id`);
    expect(before.rows.length).toBe(16);
    await apply(db, migrations.slice(compact, compact + 1));
    const after = await db.query(`select history_id, event_id, kind, old_values, new_values from schedule_history_event_changes order by seq, ord`);
    expect(after.rows).toEqual(before.rows);
    await db.close();
  });
});
