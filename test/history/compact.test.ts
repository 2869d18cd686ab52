// How the history stores event changes (drizzle/0016_history_compact.sql, 0027): one row per statement
// and schedule, typed arrays of the columns it changed; the columns a writer states; pairing old
// and new rows by position, else by id; and every column of events kept.
import { describe, expect, it } from "vitest";
import { getTableColumns, sql } from "drizzle-orm";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { queryRows, type Database } from "../../src/db/client.js";
import { events } from "../../src/schedules/store/tables.js";
import { statedColumns } from "../../src/schedules/store/history-hint.js";

const t = useOwnTestService(); // reaches into its database

const KEYS = ["id", "schedule_id", "organization"];
const ARRAYS = ["on_air_time", "duration", "event_type", "title", "locked", "media_id", "asset_id", "status", "version", "data", "qc_status", "programme_title"];

async function scheduleWith(count: number) {
  const { gql } = await orgClient(t);
  const s = await createSchedule(gql, "Compact", { startDate: iso(T0) });
  const ids = await addEvents(
    gql,
    s.id,
    Array.from({ length: count }, (_, i) => ({ at: T0 + i * MIN, duration: MIN, title: `E${i}` })),
  );
  return { gql, scheduleId: Number(s.id), ids: ids.map(Number) };
}

/** The statement rows of the schedule's newest entry: which arrays each one keeps. */
async function newestStatements(db: Database, scheduleId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select c.* from schedule_history_changes c where c.history_id = (select max(id) from schedule_history where schedule_id = ${scheduleId}) order by c.seq`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    events: (row.event_ids as unknown[]).length,
    kept: ARRAYS.flatMap((c) => [row[`${c}_old`] !== null ? `${c}_old` : null, row[`${c}_new`] !== null ? `${c}_new` : null]).filter(Boolean),
  }));
}

const changesOfNewest = (db: Database, scheduleId: number) =>
  queryRows<{ event_id: number; kind: string; old_values: any; new_values: any }>(
    db,
    sql`select event_id, kind, old_values, new_values from schedule_history_event_changes
      where history_id = (select max(id) from schedule_history where schedule_id = ${scheduleId}) order by seq, ord`,
  );

describe("compact event history", () => {
  it("keeps one row per statement with the arrays of the columns it changed, not one row per event", async () => {
    const { gql, scheduleId } = await scheduleWith(40);
    const db = t.service.database.db;
    await gql.data(`mutation($s: ID!) { updateEventsByCriteria(scheduleId: $s, criteria: { eventType: PRIMARY }, programme: { title: "Show" }) { messages { message } } }`, { s: String(scheduleId) });
    expect(await newestStatements(db, scheduleId)).toEqual([
      { kind: "C", events: 40, kept: ["version_old", "version_new", "data_old", "data_new", "programme_title_old", "programme_title_new"] },
    ]);
    const changes = await changesOfNewest(db, scheduleId);
    expect(changes).toHaveLength(40);
    expect(changes[0]).toMatchObject({ kind: "C", old_values: { version: expect.any(Number), programme_title: null }, new_values: { programme_title: "Show" } });
    expect(Object.keys(changes[0].old_values).sort()).toEqual(["data", "programme_title", "version"]);
  });

  it("records an added and a removed event with every column", async () => {
    const { gql, scheduleId, ids } = await scheduleWith(2);
    const db = t.service.database.db;
    await gql.data(`mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`, { s: String(scheduleId), ids: [String(ids[0])] });
    expect(await newestStatements(db, scheduleId)).toEqual([{ kind: "R", events: 1, kept: ARRAYS.map((c) => `${c}_old`) }]);
    const [removed] = await changesOfNewest(db, scheduleId);
    expect(removed).toMatchObject({ event_id: ids[0], kind: "R", new_values: null, old_values: { title: "E0", duration: MIN, locked: false } });
    expect(Object.keys(removed.old_values).sort()).toEqual([...ARRAYS].sort());
  });

  it("reads only the columns a statement of 256 events or more states, and only for that statement", async () => {
    // From 256 events a statement's history is built over the columns it states (drizzle/0027).
    const { scheduleId } = await scheduleWith(256);
    const db = t.service.database.db;
    const stated = statedColumns({ scheduleId, changeSetId: null }, { title: sql`e.title || '!'`, version: sql`e.version + 1` });
    const left = await db.transaction(async (tx) => {
      await tx.execute(sql`update events e set ${stated.set} where e.schedule_id = ${scheduleId} and ${stated.stated}`);
      const [{ setting }] = await queryRows<{ setting: string }>(tx, sql`select current_setting('playout.history_columns', true) as setting`);
      return setting;
    });
    expect(left).toBe(""); // used once
    expect(await newestStatements(db, scheduleId)).toEqual([{ kind: "C", events: 256, kept: ["title_old", "title_new", "version_old", "version_new"] }]);

    // The word binds: a statement that (wrongly) states `version` alone has its title change unread.
    const versionOnly = statedColumns({ scheduleId, changeSetId: null }, { version: sql`e.version + 1` });
    await db.execute(sql`update events e set title = 'Unread', ${versionOnly.set} where e.schedule_id = ${scheduleId} and ${versionOnly.stated}`);
    expect(await newestStatements(db, scheduleId)).toEqual([{ kind: "C", events: 256, kept: ["version_old", "version_new"] }]);

    // Stated by an earlier statement: it does not bind this one, whose title change is kept.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('playout.history_columns', 'version@' || history_statement_stamp(), true)`);
      await tx.execute(sql`update events e set title = 'Renamed', version = e.version + 1 where e.schedule_id = ${scheduleId}`);
    });
    expect(await newestStatements(db, scheduleId)).toEqual([{ kind: "C", events: 256, kept: ["title_old", "title_new", "version_old", "version_new"] }]);
    expect((await changesOfNewest(db, scheduleId))[0].new_values).toMatchObject({ title: "Renamed" });
  });

  it("compares every column of a statement of fewer than 256 events, whatever it states, and uses the word once", async () => {
    const { scheduleId } = await scheduleWith(5);
    const db = t.service.database.db;
    const stated = statedColumns({ scheduleId, changeSetId: null }, { title: sql`e.title || '!'`, version: sql`e.version + 1` });
    const left = await db.transaction(async (tx) => {
      await tx.execute(sql`update events e set ${stated.set} where e.schedule_id = ${scheduleId} and ${stated.stated}`);
      const [{ setting }] = await queryRows<{ setting: string }>(tx, sql`select current_setting('playout.history_columns', true) as setting`);
      return setting;
    });
    expect(left).toBe("");
    expect(await newestStatements(db, scheduleId)).toEqual([{ kind: "C", events: 5, kept: ["title_old", "title_new", "version_old", "version_new"] }]);
    // Stated wrongly, its title change is kept all the same: the same rows a right statement records.
    const versionOnly = statedColumns({ scheduleId, changeSetId: null }, { version: sql`e.version + 1` });
    await db.execute(sql`update events e set title = 'Read', ${versionOnly.set} where e.schedule_id = ${scheduleId} and ${versionOnly.stated}`);
    expect(await newestStatements(db, scheduleId)).toEqual([{ kind: "C", events: 5, kept: ["title_old", "title_new", "version_old", "version_new"] }]);
  });

  it("states the columns of the schedule's events only (a draft keeps no history)", () => {
    const columns = { on_air_time: sql`1`, version: sql`2` };
    const { stated } = statedColumns({ scheduleId: 1, changeSetId: null }, columns);
    expect(JSON.stringify(stated)).toContain("on_air_time,version");
    expect(statedColumns({ scheduleId: 1, changeSetId: 2 }, columns).stated).toEqual(sql`true`);
  });

  it("pairs old and new rows by id when an event moves to another schedule", async () => {
    const a = await scheduleWith(3);
    const b = await scheduleWith(1);
    const db = t.service.database.db;
    await db.execute(sql`update events set schedule_id = ${b.scheduleId}, title = 'Moved', version = version + 1 where id = ${a.ids[1]}`);
    const [moved] = await changesOfNewest(db, b.scheduleId);
    expect(moved).toMatchObject({ event_id: a.ids[1], kind: "C", old_values: { title: "E1" }, new_values: { title: "Moved" } });
  });

  it("leaves out events a statement rewrote unchanged", async () => {
    const { scheduleId } = await scheduleWith(3);
    const db = t.service.database.db;
    await db.execute(sql`update events set title = case when title = 'E1' then 'One' else title end where schedule_id = ${scheduleId}`);
    const changes = await changesOfNewest(db, scheduleId);
    expect(changes.map((c) => [c.old_values, c.new_values])).toEqual([[{ title: "E1" }, { title: "One" }]]);
  });

  it("keeps every column of events: a column added to events without its arrays fails here", async () => {
    const db = t.service.database.db;
    const columns = Object.values(getTableColumns(events)).map((c) => c.name).filter((name) => !KEYS.includes(name));
    const [{ kept }] = await queryRows<{ kept: string[] }>(db, sql`select history_event_columns() as kept`);
    expect([...kept].sort()).toEqual([...columns].sort());
    const types = await queryRows<{ name: string; type: string }>(
      db,
      sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = ${"schedule_history_changes"}::regclass and attnum > 0`,
    );
    const eventTypes = await queryRows<{ name: string; type: string }>(
      db,
      sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = ${"events"}::regclass and attnum > 0 and not attisdropped`,
    );
    for (const column of columns) {
      const type = eventTypes.find((c) => c.name === column)!.type;
      expect(types.filter((c) => c.name === `${column}_old` || c.name === `${column}_new`).map((c) => c.type)).toEqual([`${type}[]`, `${type}[]`]);
    }
  });
});
