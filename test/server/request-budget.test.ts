// The budgets every request runs under, module by module (no service): the deadline and the event
// charge (src/common/request-budget.ts), the slots of heavy work (src/common/heavy-work.ts), the
// bounded caches (src/server/limits/bounded-caches.ts) and the shape checks (src/server/limits/request-shape.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../src/common/errors.js";
import { HeavyGate } from "../../src/common/heavy-work.js";
import { chargeHeavyEvents, checkBudget, checkpoint, CHECKPOINT_EVERY, RequestBudget, withRequestBudget } from "../../src/common/request-budget.js";
import { allowCaching, boundedKeyValueCache, cacheScope, documentBytes } from "../../src/server/limits/bounded-caches.js";
import { boundedLru } from "../../src/common/bounded-lru.js";
import { checkQueryBytes, checkVariables, nestingDepth } from "../../src/server/limits/request-shape.js";
import { createLogger } from "../../src/common/log.js";
import { markAnswering, requestTimeBudget } from "../../src/server/limits/deadline.js";

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as AppError).code ?? (error as { extensions?: { code?: string } }).extensions?.code;
  }
  return undefined;
};

describe("the request's deadline", () => {
  it("stops a loop at its next checkpoint once the request is stopped, and not before", async () => {
    const budget = new RequestBudget(30_000, 1000);
    let reached = 0;
    const loop = withRequestBudget(budget, async () => {
      for (let i = 0; i < 10 * CHECKPOINT_EVERY; i++) {
        await checkpoint(i);
        reached = i;
        if (i === CHECKPOINT_EVERY + 5) budget.stop();
      }
    });
    await expect(loop).rejects.toMatchObject({ code: "TIMEOUT", extensions: { limit: "REQUEST_TIMEOUT_MS" } });
    expect(reached).toBe(2 * CHECKPOINT_EVERY - 1);
  });

  it("is past once its time is, except for a mutation", () => {
    const budget = new RequestBudget(1000, 1000, Date.now() - 5000);
    expect(withRequestBudget(budget, () => codeOf(checkBudget))).toBe("TIMEOUT");
    budget.writes = true;
    expect(withRequestBudget(budget, () => codeOf(checkBudget))).toBeUndefined();
  });

  it("passes everything outside a request (jobs)", async () => {
    expect(codeOf(checkBudget)).toBeUndefined();
    expect(codeOf(() => chargeHeavyEvents("Schedule.validation", 1e12))).toBeUndefined();
  });

  it("charges heavy fields' events and refuses past MAX_HEAVY_EVENTS", () => {
    const budget = new RequestBudget(30_000, 250_000);
    withRequestBudget(budget, () => {
      chargeHeavyEvents("Schedule.validation", 100_000);
      chargeHeavyEvents("Schedule.validation", 100_000);
      expect(codeOf(() => chargeHeavyEvents("Schedule.validation", 100_000))).toBe("QUERY_TOO_COMPLEX");
    });
  });
});

describe("slots of heavy work", () => {
  const settings = { maxConcurrency: 2, perCaller: 1, waitMs: 60_000, minEvents: 0, heapFraction: 0.7 };
  const held = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { done, release };
  };

  it("answers SERVICE_UNAVAILABLE with retryAfter when no slot frees and there is no time to wait", async () => {
    const gate = new HeavyGate(settings);
    const a = held();
    const b = held();
    const first = gate.run("alice", () => a.done);
    const second = gate.run("bob", () => b.done);
    await expect(gate.run("carol", async () => "ran", 0)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", extensions: { retryAfter: 60 } });
    a.release();
    b.release();
    await Promise.all([first, second]);
    expect(gate.active).toBe(0);
  });

  it("starts none while the heap is nearly full, and answers how long to wait", async () => {
    let share = 0.9;
    const gate = new HeavyGate(settings, () => share);
    await expect(gate.run("alice", async () => "ran")).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", extensions: { retryAfter: 1, limit: "MAX_HEAP_MB" } });
    expect(gate.active).toBe(0);
    share = 0.5;
    await expect(gate.run("alice", async () => "ran")).resolves.toBe("ran");
  });

  it("runs one operation at a time per caller; the next waits for its turn", async () => {
    const gate = new HeavyGate(settings);
    const a = held();
    const order: string[] = [];
    const first = gate.run("alice", async () => {
      await a.done;
      order.push("first");
    });
    const second = gate.run("alice", async () => void order.push("second"));
    const other = gate.run("bob", async () => void order.push("bob"));
    await other;
    expect(order).toEqual(["bob"]);
    a.release();
    await Promise.all([first, second]);
    expect(order).toEqual(["bob", "first", "second"]);
  });

  it("frees the slot of an operation that fails", async () => {
    const gate = new HeavyGate(settings);
    await expect(gate.run("alice", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run("alice", async () => "again", 0)).toBe("again");
  });
});

describe("bounded caches", () => {
  it("forget the least recently used entries past their entries and bytes", () => {
    const lru = boundedLru<string, string>({ entries: 3, bytes: 100, sizeOf: (v) => v.length });
    lru.set("a", "x".repeat(10));
    lru.set("b", "x".repeat(10));
    lru.set("c", "x".repeat(10));
    lru.get("a");
    lru.set("d", "x".repeat(10));
    expect([lru.get("a"), lru.get("b")].map(Boolean)).toEqual([true, false]);
    lru.set("e", "x".repeat(90));
    expect(lru.calculatedSize).toBeLessThanOrEqual(100);
    lru.set("huge", "x".repeat(1000));
    expect(lru.get("huge")).toBeUndefined();
  });

  it("keep nothing for a request without a valid token", async () => {
    const cache = boundedKeyValueCache<string>(10, 1000, (v) => v.length);
    await new Promise<void>((resolve) => cacheScope(null, null, () => void cache.set("anonymous", "v").then(resolve)));
    expect(await cache.get("anonymous")).toBeUndefined();
    await new Promise<void>((resolve) =>
      cacheScope(null, null, () => {
        allowCaching();
        void cache.set("signed", "v").then(resolve);
      }),
    );
    expect(await cache.get("signed")).toBe("v");
  });

  it("count a document's whole text, comments included", () => {
    const padded = parse(`#${"x".repeat(50_000)}\n{__typename}`);
    expect(documentBytes(padded)).toBeGreaterThan(100_000);
  });
});

describe("request shape", () => {
  it("measures nesting without recursion, stopping past the limit", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nestingDepth(deep, 32)).toBe(33);
    expect(nestingDepth({ a: [{ b: 1 }] }, 32)).toBe(3);
    expect(codeOf(() => checkVariables({ j: deep }, 32))).toBe("BAD_USER_INPUT");
    expect(codeOf(() => checkVariables({ ["v".repeat(5000)]: 1 }, 32))).toBe("BAD_USER_INPUT");
    expect(codeOf(() => checkVariables({ ok: { a: [1, 2] } }, 32))).toBeUndefined();
  });

  it("refuses a text over MAX_QUERY_BYTES counted in UTF-8 bytes", () => {
    expect(codeOf(() => checkQueryBytes("é".repeat(600), 1024))).toBe("QUERY_TOO_COMPLEX");
    expect(codeOf(() => checkQueryBytes("e".repeat(1000), 1024))).toBeUndefined();
  });
});

describe("an answer being written when the deadline passes", () => {
  /** A server whose one handler runs under a 50 ms budget, then takes 150 ms to write its answer (a large answer compressed). */
  async function answerAfterDeadline(markAnswer: boolean): Promise<unknown> {
    const budget = requestTimeBudget({ requestTimeoutMs: 50, maxHeavyEvents: 1_000 }, createLogger("silent"));
    const server = http.createServer((req, res) => {
      const response = Object.assign(res, { locals: {} as Record<string, unknown> });
      void budget(req, response, async () => {
        if (markAnswer) markAnswering();
        await new Promise((resolve) => setTimeout(resolve, 150));
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ data: { written: true } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      return await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: "POST" })).json();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("is sent as it is, not replaced by TIMEOUT", async () => {
    expect(await answerAfterDeadline(true)).toEqual({ data: { written: true } });
  });

  it("(a request still running at its deadline is answered TIMEOUT)", async () => {
    expect(await answerAfterDeadline(false)).toMatchObject({ errors: [{ extensions: { code: "TIMEOUT", limit: "REQUEST_TIMEOUT_MS" } }] });
  });
});
