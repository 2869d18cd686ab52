// Leases on a shared counter (src/server/limits/rate-limit-leases.ts), with rate-limiter-flexible's
// memory counter as the shared one and random delays on its statements so that servers interleave
// as they would across a network: whatever the budget, costs and servers, what the servers admit
// together never passes the budget; a refusal comes only when at most one lease and one request
// per server of the budget is left (on one server, only what does not fit); once every server has
// flooded until refused, less than a request per server is left; and cheap requests cost a statement per lease, not per request.
import fc from "fast-check";
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { leaseCap, leasedCounter, type SharedCounter } from "../../src/server/limits/rate-limit-leases.js";

/** The shared counter, each statement after a delay drawn from `delays`; counts its statements. */
function sharedCounter(points: number, delays: () => number) {
  const memory = new RateLimiterMemory({ points, duration: 3600 });
  const wait = () => new Promise((resolve) => setTimeout(resolve, delays()));
  const counter = {
    statements: 0,
    /** Points the counter has handed out in all (its leases, less what was given back). */
    granted: async (key: string) => (await memory.get(key))?.consumedPoints ?? 0,
    async consume(key: string, spent: number): Promise<RateLimiterRes> {
      counter.statements++;
      await wait();
      return memory.consume(key, spent);
    },
    async reward(key: string, given: number) {
      counter.statements++;
      await wait();
      return memory.reward(key, given);
    },
  } satisfies SharedCounter & { statements: number; granted: (key: string) => Promise<number> };
  return counter;
}

/**
 * Spends each request's cost on the server it names, as the rate limits do: from the lease in
 * memory when it holds enough (leased, spendLeased), else through consume. Requests start at once,
 * except that one marked `pause` starts once every spend before it has settled (so it and those
 * after it meet the leases taken, and renewals under way again). Answers the costs admitted.
 */
async function spendAll(points: number, servers: number, requests: { cost: number; server: number; pause?: boolean }[], delays: () => number) {
  const shared = sharedCounter(points, delays);
  const counters = Array.from({ length: servers }, () => leasedCounter(shared, points));
  // Each outcome is taken as it comes (true: admitted): a refusal met during a later pause is handled.
  const spending: Promise<boolean>[] = [];
  for (const { cost, server, pause } of requests) {
    if (pause) await Promise.all(spending);
    const counter = counters[server % servers];
    if (counter.leased("payer") >= cost) {
      counter.spendLeased("payer", cost);
      spending.push(Promise.resolve(true));
    } else spending.push(counter.consume("payer", cost).then(() => true, () => false));
  }
  const outcomes = await Promise.all(spending);
  const admitted = requests.filter((_, i) => outcomes[i]).map((request) => request.cost);
  const refused = requests.filter((_, i) => !outcomes[i]).map((request) => request.cost);
  // What the servers' leases still hold: taken from the counter, not admitted yet.
  const held = counters.reduce((total, counter) => total + counter.leased("payer"), 0);
  return { admitted, statements: shared.statements, refused, granted: await shared.granted("payer"), held };
}

describe("leases on a shared rate-limit counter", () => {
  it("never admit more than the budget, and refuse only when at most a lease and a request per server is left", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 50, max: 200_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.array(fc.record({ cost: fc.double({ min: 0, max: 1, noNaN: true }), server: fc.nat(3), pause: fc.nat(4).map((n) => n === 0) }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        async (points, servers, costScale, drawn, seed) => {
          // Costs from 1 to costScale (at most the budget: the rate limits never spend more), skewed towards cheap ones.
          const requests = drawn.map(({ cost, server, pause }) => ({ cost: Math.min(points, 1 + Math.floor(cost * cost * costScale)), server, pause }));
          let state = seed;
          const delays = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) % 3);
          const { admitted, refused, granted, held } = await spendAll(points, servers, requests, delays);
          const sum = admitted.reduce((total, cost) => total + cost, 0);
          expect(sum).toBeLessThanOrEqual(points);
          // Every point admitted, in memory or through the counter, came from the counter, and what
          // the leases still hold is what they took and did not admit.
          expect(sum + held).toBeLessThanOrEqual(granted);
          const largest = Math.max(...requests.map((request) => request.cost));
          if (refused.length > 0) expect(sum).toBeGreaterThanOrEqual(points - servers * (leaseCap(points) + largest));
          // One server holds every lease: its first refusal is of a request that does not fit (after it, a refused cost counts too and the payer waits for the window's end).
          if (servers === 1 && refused.length > 0) expect(sum + Math.max(...refused)).toBeGreaterThan(points);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("agree within a request per server once a flood has gone on on every server until each is refused", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 100_000 }), fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 2 ** 31 }), async (points, servers, largest, seed) => {
        let state = seed;
        const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
        const shared = sharedCounter(points, () => next() % 3);
        const counters = Array.from({ length: servers }, () => leasedCounter(shared, points));
        let admitted = 0;
        // Each server floods on its own, one request after another, until the budget refuses it.
        await Promise.all(
          counters.map(async (counter) => {
            for (;;) {
              const cost = 1 + (next() % largest);
              const passed = await counter.consume("payer", cost).then(() => true, () => false);
              if (!passed) return;
              admitted += cost;
            }
          }),
        );
        expect(admitted).toBeLessThanOrEqual(points);
        // What no server admitted is at most one request's cost per server: the leases' ends.
        expect(admitted).toBeGreaterThan(points - servers * largest);
      }),
      { numRuns: 40 },
    );
  });

  it("count one request at a time when requests are dear, and cheap ones a lease at a time", async () => {
    const dear = await spendAll(1000, 2, Array.from({ length: 30 }, (_, i) => ({ cost: 101, server: i })), () => 0);
    expect(dear.admitted).toHaveLength(9);
    // 9 admitted, then each server's first refusal; the rest refused from memory.
    expect(dear.statements).toBe(11);
    const cheap = await spendAll(600_000, 3, Array.from({ length: 3000 }, (_, i) => ({ cost: 2, server: i })), () => 1);
    expect(cheap.admitted).toHaveLength(3000);
    // Three servers, 6,000 points spent, leases of 600,000 / 64 = 9,375: one statement each.
    expect(cheap.statements).toBe(3);
  });

  it("take what fits when a lease sized on what another server has since spent does not", async () => {
    const shared = sharedCounter(6400, () => 0);
    const [a, b] = [leasedCounter(shared, 6400), leasedCounter(shared, 6400)];
    // A leases 100 (seeing 6,400 left); B then takes 6,250 for one request: 50 points are left.
    await a.consume("payer", 1);
    await b.consume("payer", 6250);
    const admitted = async (counter: typeof a, times: number) => {
      let passed = 0;
      for (let i = 0; i < times; i++) passed += await counter.consume("payer", 1).then(() => 1, () => 0);
      return passed;
    };
    // A spends its lease, then asks for another 100 that no longer fit: it keeps what its request needs and gives the rest back.
    expect(await admitted(a, 99 + 60)).toBe(99 + 50);
    expect(await admitted(b, 10)).toBe(0);
  });

  it("end with the window: points left over are not spent in the next one", async () => {
    let clock = 1_000_000;
    const memory = new RateLimiterMemory({ points: 6400, duration: 1 });
    const shared = { consume: (key: string, spent: number) => memory.consume(key, spent), reward: (key: string, given: number) => memory.reward(key, given) };
    const counter = leasedCounter(shared, 6400, () => clock);
    await counter.consume("payer", 1);
    // The lease held 100 points of the window; the server's clock passes the window's end.
    clock += 1001;
    await new Promise((resolve) => setTimeout(resolve, 1001));
    await counter.consume("payer", 1);
    const next = await memory.get("payer");
    expect(next?.consumedPoints).toBe(100);
  });
});
