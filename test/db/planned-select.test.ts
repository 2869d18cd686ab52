// Planned statements (src/db/planned-select.ts) are built once per shape and run again with other
// values: random sequences of conditions, pages, counts and guards, each answer checked against the
// rows computed here from a plain read of the whole table. A statement kept from an earlier call
// must never answer with that call's values, a condition that is absent must never filter, and a
// guard that fails must answer nothing.
import { asc, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyOfTexts } from "../../src/db/any-of.js";
import { plannedCount, plannedPage, plannedRows, when } from "../../src/db/planned-select.js";
import { JOB_READS } from "../../src/jobs/mapper.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { jobs, type JobRow } from "../../src/jobs/tables.js";
import { useMigratedDatabase } from "../helpers/database.js";

const DAY = 86_400_000;
/** Zones whose offsets PostgreSQL writes as ±HH, ±HH:MM and, in their local mean time of old, ±HH:MM:SS. */
const ZONES = ["UTC", "Asia/Kolkata", "America/St_Johns", "Europe/Amsterdam", "Asia/Kathmandu", "Pacific/Kiritimati", "America/Adak"];

const bed = useMigratedDatabase();
const ORGS = ["planned-a", "planned-b", "planned-c"];
const PROVIDERS = ["p1", "p2"];
const USERS = ["u1", "u2", "u3"];
const STATUSES = ["PENDING", "PROCESSING", "SUCCEEDED", "FAILED"];

/** 60 jobs over the organizations, providers, users and statuses (some without a provider or user). */
async function seed(): Promise<JobRow[]> {
  const db = bed.handle.db;
  for (let i = 0; i < 60; i++) {
    const row = await enqueueJob(db, { type: "TEST_RECORDED", organization: ORGS[i % 3], providerId: i % 5 === 0 ? undefined : PROVIDERS[i % 2], userId: i % 7 === 0 ? undefined : USERS[i % 3] });
    await db.update(jobs).set({ status: STATUSES[(i * 7) % 4] as JobRow["status"] }).where(eq(jobs.id, row.id));
  }
  return db.select().from(jobs).where(anyOfTexts(jobs.organization, ORGS)).orderBy(desc(jobs.id));
}

const filterArbitrary = fc.record({
  organizations: fc.subarray(ORGS, { minLength: 1 }),
  provider: fc.option(fc.constantFrom(...PROVIDERS)),
  user: fc.option(fc.constantFrom(...USERS)),
  statuses: fc.option(fc.subarray(STATUSES, { minLength: 1 })),
  // An instant among the jobs' own creation times (by index): a Date goes to the driver as a placeholder's value.
  createdFrom: fc.option(fc.nat({ max: 59 })),
  page: fc.nat({ max: 6 }),
  size: fc.integer({ min: 1, max: 25 }),
  withTotal: fc.boolean(),
  // Texts, numbers, instants and JSON: each decoded by the kept statement's own mapper (row-mapper.ts) as drizzle decodes it.
  columns: fc.subarray(["id", "status", "type", "providerId", "userId", "organization", "progress", "dateCreated", "dateStarted", "messages"], { minLength: 1 }),
  ascending: fc.boolean(),
});

describe("planned statements, kept per shape and run with other values", () => {
  it("answer each call's own conditions, pages and counts", async () => {
    const all = await seed();
    const db = bed.handle.db;
    await fc.assert(
      fc.asyncProperty(fc.array(filterArbitrary, { minLength: 5, maxLength: 12 }), async (calls) => {
        for (const call of calls) {
          const conditions = [
            when("organizations", call.organizations, (p) => anyOfTexts(jobs.organization, p)),
            when("provider", call.provider, (p) => eq(jobs.providerId, p)),
            when("user", call.user, (p) => eq(jobs.userId, p)),
            when("statuses", call.statuses, (p) => anyOfTexts(jobs.status, p)),
            when("createdFrom", call.createdFrom === null ? null : all[call.createdFrom].dateCreated, (p) => gte(jobs.dateCreated, p)),
          ];
          const order = call.ascending ? { key: "id asc", by: () => [asc(jobs.id)] } : { key: "id desc", by: () => [desc(jobs.id)] };
          const plan = JOB_READS.planOf(call.columns);
          const matching = all
            .filter((j) => call.organizations.includes(j.organization))
            .filter((j) => call.provider === null || j.providerId === call.provider)
            .filter((j) => call.user === null || j.userId === call.user)
            .filter((j) => call.statuses === null || call.statuses.includes(j.status))
            .filter((j) => call.createdFrom === null || j.dateCreated >= all[call.createdFrom].dateCreated)
            .sort((a, b) => (call.ascending ? a.id - b.id : b.id - a.id));
          const expected = matching.slice(call.page * call.size, (call.page + 1) * call.size);
          const { rows, total } = await plannedPage(db, jobs, plan, conditions, order, { page: call.page, size: call.size }, call.withTotal);
          expect(rows.map((r) => r.id)).toEqual(expected.map((j) => j.id));
          // Only the plan's columns come back (and the window count when counted), with the stored values.
          for (const [i, row] of rows.entries()) {
            expect(Object.keys(row).filter((k) => k !== "__total").sort()).toEqual([...plan.columns].sort());
            for (const column of plan.columns) expect(row[column]).toEqual(expected[i][column]);
          }
          expect(total).toBe(call.withTotal ? matching.length : call.page * call.size + expected.length);
          expect(await plannedCount(db, jobs, conditions)).toBe(matching.length);
        }
      }),
      { numRuns: 15, seed: 4711 },
    );
  });

  it("answer a lookup by key with that key's row, whichever key ran before", async () => {
    const all = await bed.handle.db.select().from(jobs).where(anyOfTexts(jobs.organization, ORGS));
    const plan = JOB_READS.planOf(["id", "status"]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...all.map((j) => j.id), -1), { minLength: 3, maxLength: 10 }), async (ids) => {
        for (const id of ids) {
          const rows = await plannedRows(bed.handle.db, jobs, plan, [when("id", id, (p) => eq(jobs.id, p))], { byKey: true });
          expect(rows.map((r) => r.id)).toEqual(all.filter((j) => j.id === id).map((j) => j.id));
        }
      }),
      { numRuns: 10, seed: 17 },
    );
  });

  it("answer nothing, and say so, when the guard fails; an empty page when it holds", async () => {
    const db = bed.handle.db;
    const [some] = await db.select().from(jobs).where(eq(jobs.organization, ORGS[0])).limit(1);
    // The guard: the organization has a job of this provider (a parent the caller must see).
    const guardOf = (organization: string, provider: string) => ({
      key: "has provider",
      conditions: [when("guardOrganization", organization, (p) => eq(jobs.organization, p)), when("guardProvider", provider, (p) => eq(jobs.providerId, p))],
      exists: (where: SQL | undefined) => sql`select 1 from ${jobs} where ${where}`,
    });
    const page = (organization: string, status: string, provider: string) =>
      plannedPage<JobRow>(db, jobs, null, [when("organization", organization, (p) => eq(jobs.organization, p)), when("status", status, (p) => eq(jobs.status, p))], { key: "id", by: () => [asc(jobs.id)] }, { page: 0, size: 50 }, true, guardOf(organization, provider));
    const held = await page(ORGS[0], some.status, PROVIDERS[0]);
    expect(held.visible).toBe(true);
    expect(held.rows.length).toBeGreaterThan(0);
    expect(held.total).toBe(held.rows.length);
    expect(await page(ORGS[0], some.status, "no-such-provider")).toEqual({ rows: [], total: 0, visible: false });
    expect(await page(ORGS[0], "NO-SUCH-STATUS", PROVIDERS[0])).toEqual({ rows: [], total: 0, visible: true });
    // The kept statement again, with the first values.
    expect((await page(ORGS[0], some.status, PROVIDERS[0])).rows.map((r) => r.id)).toEqual(held.rows.map((r) => r.id));
  });

  it("read every instant as the instant stored, whatever the connection's time zone", async () => {
    const db = bed.handle.db;
    const ids = (await db.select({ id: jobs.id }).from(jobs).where(anyOfTexts(jobs.organization, ORGS))).map((r) => r.id);
    const plan = JOB_READS.planOf(["id", "dateCreated"]);
    // 1850–2150: local mean times with seconds before about 1900, half and quarter hours after.
    const instant = fc.tuple(fc.integer({ min: -43_800, max: 65_700 }), fc.integer({ min: 0, max: DAY - 1 })).map(([day, ms]) => day * DAY + ms);
    const rolledBack = new Error("rolled back");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ZONES), fc.array(instant, { minLength: 1, maxLength: 6 }), async (zone, instants) => {
        await db
          .transaction(async (tx) => {
            await tx.execute(sql.raw(`set local time zone '${zone}'`));
            for (const [i, ms] of instants.entries()) await tx.update(jobs).set({ dateCreated: new Date(ms) }).where(eq(jobs.id, ids[i]));
            for (const [i, ms] of instants.entries()) {
              const [row] = await plannedRows<JobRow>(tx, jobs, plan, [when("id", ids[i], (p) => eq(jobs.id, p))], { byKey: true });
              expect(row.dateCreated.getTime(), `${new Date(ms).toISOString()} in ${zone}`).toBe(ms);
            }
            throw rolledBack;
          })
          .catch((error: unknown) => {
            if (error !== rolledBack) throw error;
          });
      }),
      { numRuns: 25, seed: 1204 },
    );
  });
});
