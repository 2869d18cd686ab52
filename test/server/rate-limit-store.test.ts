// The rate limits' counters (src/server/limits/rate-limit-store.ts) without HTTP: two stores on
// one database, as two servers, spend from the same counters through leases; random costs spent
// in parallel never pass more than the budget in a window, on two servers or three at once, and are
// refused only when at most a lease and a request per server is left; cheap requests cost a
// statement per lease; a database that fails leaves the decision to memory; and the defaults never limit a frontend of 50 tabs polling a job every second.
import fc from "fast-check";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../src/config.js";
import { rateLimitCounters } from "../../src/db/rate-limit-counters.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { operationCost } from "../../src/server/limits/query-limits.js";
import { leaseCap } from "../../src/server/limits/rate-limit-leases.js";
import { databaseCounters, memoryCounters, postgresCounters, type CounterStore } from "../../src/server/limits/rate-limit-store.js";
import { payersOf, rateLimits } from "../../src/server/limits/rate-limits.js";
import { createLogger } from "../../src/common/log.js";
import { useMigratedDatabase } from "../helpers/database.js";

const bed = useMigratedDatabase();
/** Two servers' stores on the one database: on PostgreSQL each with its own client, as deployed. */
let servers: [CounterStore, CounterStore];
beforeAll(() => {
  const store = () => (bed.databaseUrl ? postgresCounters({ databaseUrl: bed.databaseUrl, dbPoolMode: "session", dbPreparedStatements: true, dbConnectTimeoutMs: 5000 }) : databaseCounters(bed.handle.db));
  servers = [store(), store()];
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

let serial = 0;
const freshKey = () => `key-${++serial}-${Math.random().toString(36).slice(2)}`;

/** Spends each cost on the server it names, all at once; answers the costs admitted. */
async function spendAll(budget: number, requests: { cost: number; server: 0 | 1 }[]): Promise<number[]> {
  const prefix = `property-${++serial}`;
  const counters = servers.map((server) => server.counter(prefix, budget, 3600));
  const key = freshKey();
  const outcomes = await Promise.allSettled(requests.map(({ cost, server }) => counters[server].consume(key, cost)));
  return requests.filter((_, i) => outcomes[i].status === "fulfilled").map((r) => r.cost);
}

describe("the counters of the rate limits", () => {
  it("are shared by two servers: what both admit together stays within the budget, and the stored count agrees within one request's cost", async () => {
    const budget = 1000;
    const cost = 101;
    const counters = servers.map((server) => server.counter("shared", budget, 3600));
    const key = freshKey();
    let admitted = 0;
    for (let i = 0; i < 30; i++) {
      const outcome = await counters[i % 2].consume(key, cost).then(
        () => true,
        () => false,
      );
      if (outcome) admitted += cost;
    }
    expect(admitted).toBe(Math.floor(budget / cost) * cost);
    const [row] = await bed.handle.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, `shared:${key}`));
    // The stored count holds what was admitted and each server's first refusal; the rest were refused from memory.
    expect(row.points).toBeGreaterThan(budget);
    expect(row.points - admitted).toBeLessThanOrEqual(2 * cost);
  });

  it("never admit more than the budget in a window, whatever the costs and however they interleave on two servers", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 5000 }),
        fc.array(fc.record({ cost: fc.integer({ min: 1, max: 800 }), server: fc.constantFrom(0 as const, 1 as const) }), { minLength: 1, maxLength: 60 }),
        async (budget, requests) => {
          const admitted = await spendAll(budget, requests);
          const sum = admitted.reduce((total, cost) => total + cost, 0);
          expect(sum).toBeLessThanOrEqual(budget);
          // What fits is admitted: a refusal leaves at most a lease and a request per server of the budget.
          const largest = Math.max(...requests.map((request) => request.cost));
          if (admitted.length < requests.length) expect(sum).toBeGreaterThanOrEqual(budget - 2 * (leaseCap(budget) + largest));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("hold under a burst: three servers, 600 checks at once, admit what one budget allows within a lease and a request per server", async () => {
    const third = bed.databaseUrl ? postgresCounters({ databaseUrl: bed.databaseUrl, dbPoolMode: "session", dbPreparedStatements: true, dbConnectTimeoutMs: 5000 }) : databaseCounters(bed.handle.db);
    try {
      const counters = [...servers, third].map((server) => server.counter("burst", 120_000, 3600));
      const key = freshKey();
      const outcomes = await Promise.allSettled(Array.from({ length: 600 }, (_, i) => counters[i % 3].consume(key, 1002)));
      const admitted = outcomes.filter((outcome) => outcome.status === "fulfilled").length * 1002;
      expect(admitted).toBeLessThanOrEqual(120_000);
      expect(admitted).toBeGreaterThanOrEqual(120_000 - 3 * (leaseCap(120_000) + 1002));
    } finally {
      await third.close();
    }
  });

  it("spend a statement per lease on cheap requests: a thousand polls on each of two servers take one lease each", async () => {
    const counters = servers.map((server) => server.counter("cheap", 600_000, 3600));
    const key = freshKey();
    for (let i = 0; i < 2000; i++) await counters[i % 2].consume(key, 2);
    const [row] = await bed.handle.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, `cheap:${key}`));
    expect(row.points).toBe(2 * leaseCap(600_000));
  });

  it("decide from the server's memory when the database fails", async () => {
    const failing = databaseCounters({
      insert: () => {
        throw new Error("connection refused");
      },
    } as never);
    const rejecting = databaseCounters({ insert: () => ({ values: () => ({ onConflictDoUpdate: () => ({ returning: () => Promise.reject(Object.assign(new Error("terminating connection"), { code: "57P01" })) }) }) }) } as never);
    for (const store of [failing, rejecting]) {
      const counter = store.counter("insured", 300, 3600);
      const key = freshKey();
      const passed = [];
      for (let i = 0; i < 4; i++) passed.push(await counter.consume(key, 100).then(() => true, () => false));
      expect(passed).toEqual([true, true, true, false]);
      await store.close();
    }
  });
});

describe("a budget paced by the second (RATE_LIMIT_BURST)", () => {
  it("spends at most burst × the even rate in one second, again the next second, on memory and on the shared counters", async () => {
    const settings = { ...loadConfig({ AUTH_SECRET: "x".repeat(32) }), rateLimitWindowSeconds: 60, rateLimitSubjectPoints: 6000, rateLimitOrganizationPoints: 0, rateLimitIpPoints: 0, rateLimitBurst: 4 };
    for (const store of [memoryCounters(), servers[0]]) {
      const limits = rateLimits(settings, store, createLogger("silent"));
      const payers = payersOf({ userId: freshKey(), orgs: ["broadcaster"], role: "editor" }, "10.0.0.1", [], settings);
      const passedUntilRefused = async () => {
        for (let passed = 0; passed < 100; passed++) {
          const refused = await limits.spend(payers, 100);
          if (refused) return { passed, refused };
        }
        throw new Error("never refused");
      };
      // 6,000 a minute is 100 a second; four times that in one second: 4 requests of 100.
      const first = await passedUntilRefused();
      expect(first.passed).toBe(4);
      expect(first.refused.limit).toBe("subject");
      expect(first.refused.retryAfter).toBe(1);
      expect(first.refused.message).toContain("a query cost of 400 per second");
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const second = await passedUntilRefused();
      expect(second.passed).toBeGreaterThanOrEqual(3);
      expect(second.passed).toBeLessThanOrEqual(4);
    }
    // Without pacing the window alone counts: 60 requests of 100.
    const unpaced = rateLimits({ ...settings, rateLimitBurst: 0 }, memoryCounters(), createLogger("silent"));
    const payers = payersOf({ userId: freshKey(), orgs: ["broadcaster"], role: "editor" }, "10.0.0.1", [], settings);
    let passed = 0;
    while (!(await unpaced.spend(payers, 100))) passed++;
    expect(passed).toBe(60);
  });
});

describe("the default budgets", () => {
  it("never limit a frontend of 50 tabs each polling a job every second, a whole minute of it in one window", async () => {
    const config = loadConfig({ AUTH_SECRET: "x".repeat(32) });
    const schema = await buildGraphQLSchema();
    // A rich poll: every field of the job a page shows.
    const poll = parse(`query Poll($id: ID!) { job(id: $id) { id status progress type entityId dateCreated dateUpdated downloadUrl messages { severity message } } }`);
    const cost = operationCost(schema, poll, "Poll", { id: "1" })!;
    expect(cost).toBeLessThanOrEqual(20);
    const limits = rateLimits(config, memoryCounters(), createLogger("silent"));
    const payers = payersOf({ userId: "person", orgs: ["broadcaster"], role: "editor" }, "10.0.0.1", [], config);
    const polls = 50 * config.rateLimitWindowSeconds;
    // 50 × 60 = 3,000 polls a window of at most 20 each: at most 60,000 of the subject's 600,000;
    // 50 a second, at most 1,000 of the 40,000 a second may spend (RATE_LIMIT_BURST 4).
    expect(polls * cost).toBeLessThan(config.rateLimitSubjectPoints / 5);
    expect(50 * cost).toBeLessThan((config.rateLimitSubjectPoints * config.rateLimitBurst) / config.rateLimitWindowSeconds / 20);
    // The window's count: the minute's polls spent at once, without the second's pacing (they come a second at a time).
    const windowOnly = rateLimits({ ...config, rateLimitBurst: 0 }, memoryCounters(), createLogger("silent"));
    for (let i = 0; i < polls; i++) expect(await windowOnly.spend(payers, cost)).toBeUndefined();
    // A second's polls with the pacing on.
    for (let i = 0; i < 50; i++) expect(await limits.spend(payers, cost)).toBeUndefined();
    await Promise.all([limits.close(), windowOnly.close()]);
  });
});
