// The CHECK constraints of drizzle/0019_checks.sql: the database refuses a row that breaks an
// invariant the rules enforce (SQLSTATE 23514, check_violation), while the service answers
// BAD_USER_INPUT before any statement reaches it.
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execute, queryRows } from "../../src/db/client.js";
import { classifyDatabaseError } from "../../src/db/driver-errors.js";
import { appError, orgViewer, useServices } from "../helpers/services.js";

const bed = useServices();
const T0 = Date.UTC(2026, 0, 1, 6);

/** The SQLSTATE and constraint of a refused statement (drizzle may wrap the driver's error). */
async function refusal(work: Promise<unknown>): Promise<{ code: string; constraint: string }> {
  const error: any = await work.then(
    () => {
      throw new Error("expected the database to refuse the statement");
    },
    (e: unknown) => e,
  );
  let e = error;
  while (e && !e.code && e.cause) e = e.cause;
  return { code: e?.code, constraint: e?.constraint ?? e?.constraint_name };
}

describe("CHECK constraints", () => {
  it("are all there and validated", async () => {
    const migration = readFileSync(new URL("../../drizzle/0019_checks.sql", import.meta.url), "utf8");
    const names = [...migration.matchAll(/ADD CONSTRAINT "([a-z_]+)" CHECK/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(20);
    const rows = await queryRows<{ conname: string; convalidated: boolean }>(
      bed.handle.db,
      sql`select conname, convalidated from pg_constraint where contype = 'c' and conname in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})`,
    );
    expect(new Set(rows.map((r) => r.conname))).toEqual(new Set(names));
    expect(rows.every((r) => r.convalidated)).toBe(true);
  });

  it("refuse a row written past the rules (23514), which the service answers as BAD_USER_INPUT", async () => {
    const { org, viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Day" });
    const e = await bed.services.events.create(viewer, { scheduleId: s.id }, { onAirTime: new Date(T0), duration: 60_000, title: "A" });
    // Through the service: refused before any write.
    await appError(bed.services.events.update(viewer, { scheduleId: s.id }, [{ id: e.id, duration: -1 }]), "BAD_USER_INPUT");
    await appError(bed.services.schedules.update(viewer, s.id, { name: "  " }), "BAD_USER_INPUT");
    // Past the service: refused by the database.
    const db = bed.handle.db;
    expect(await refusal(execute(db, sql`update events set duration = -1 where id = ${Number(e.id)}`))).toEqual({ code: "23514", constraint: "events_duration_non_negative" });
    expect(await refusal(execute(db, sql`update schedules set name = '  ' where id = ${Number(s.id)}`))).toEqual({ code: "23514", constraint: "schedules_name_not_blank" });
    expect(await refusal(execute(db, sql`update schedules set version = -1 where id = ${Number(s.id)}`))).toEqual({ code: "23514", constraint: "schedules_version_not_negative" });
    expect(await refusal(execute(db, sql`insert into jobs (organization, type, progress) values (${org}, 'SCHEDULE_ARCHIVE', 101)`))).toEqual({ code: "23514", constraint: "jobs_progress_range" });
    // On the partitioned samples the parent's constraint holds in every partition.
    expect(await refusal(execute(db, sql`insert into playout_samples (playout_id, organization, time, interval_seconds) values ('p', ${org}, now(), 0)`))).toEqual({ code: "23514", constraint: "playout_samples_interval_range" });
    // Should a rule ever miss one, the caller gets BAD_USER_INPUT naming the constraint, not a masked error.
    const missed = await execute(db, sql`update events set duration = -1 where id = ${Number(e.id)}`).catch((error: unknown) => error);
    expect(classifyDatabaseError(missed)).toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringContaining("events_duration_non_negative") });
    const [after] = await queryRows<{ name: string; version: number; duration: number }>(db, sql`select s.name, s.version, e.duration from schedules s join events e on e.schedule_id = s.id where s.id = ${Number(s.id)}`);
    expect(after).toEqual({ name: "Day", version: 2, duration: 60_000 });
  });
});
