// Long work of one request (a validation, rewinding history for a diff or a revert) gives the event loop
// a turn every HEAVY_YIELD_EVERY items: /healthz is answered while it runs, not after it. Proven
// by order, not by time: the health probe is sent from inside the heavy work's first yield (seen
// through its diagnostics channel) and must be answered while that work is still yielding.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { describe, expect, it } from "vitest";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { createSchedule, iso, T0 } from "../events/helpers.js";

const EVENTS = 3000;
// A yield every 20 items: a few thousand events give the loops some hundreds of turns.
const t = useOwnTestService({ heavyYieldEvery: 20 });

const BULK = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { version } } }`;

/** EVENTS one-minute events, every tenth an advertisement, a gap every 50th. */
async function largeSchedule(gql: GraphQLClient): Promise<{ id: string; version: number; emptyVersion: number }> {
  const s = await createSchedule(gql, "Large", { startDate: iso(T0) });
  const created = Array.from({ length: EVENTS }, (_, i) => ({
    onAirTime: iso(T0 + i * 60_000 + Math.floor(i / 50) * 1000),
    duration: 60_000,
    title: `E${i}`,
    mediaId: `M${i % 100}`,
    eventType: i % 10 === 9 ? "ADVERTISEMENT" : "PRIMARY",
  }));
  const { bulkEditEvents } = await gql.data(BULK, { s: s.id, v: s.version, input: { created } });
  return { id: s.id, version: bulkEditEvents.content.version, emptyVersion: s.version };
}

/**
 * Runs `heavy` and, at the first checkpoint yield after it starts, asks /healthz. Answers the
 * order in which they finished and the yields seen before and after /healthz was answered.
 */
async function probeDuring(heavy: () => Promise<unknown>): Promise<{ order: string[]; yieldsBefore: number; yieldsAfter: number; health: number }> {
  const order: string[] = [];
  let yields = 0;
  let yieldsAtAnswer = -1;
  let health = 0;
  let probe: Promise<void> | undefined;
  const onYield = () => {
    yields++;
    probe ??= fetch(t.url + "/healthz").then(async (response) => {
      await response.arrayBuffer();
      health = response.status;
      yieldsAtAnswer = yields;
      order.push("healthz");
    });
  };
  subscribe("playout-gateway:checkpoint", onYield);
  try {
    await heavy().then(() => order.push("heavy"));
    await probe;
  } finally {
    unsubscribe("playout-gateway:checkpoint", onYield);
  }
  return { order, yieldsBefore: yieldsAtAnswer, yieldsAfter: yields - yieldsAtAnswer, health };
}

describe("/healthz while heavy work runs", () => {
  it("answers during a validation of a few thousand events, which gives the same result", async () => {
    const { gql } = await orgClient(t);
    const s = await largeSchedule(gql);
    const query = `query($id: ID!) { schedule(id: $id) { validation { totals { events breaks gaps missingAssetEvents } } } }`;
    let totals: any;
    const seen = await probeDuring(async () => (totals = (await gql.data(query, { id: s.id })).schedule.validation.totals));
    expect(seen.health).toBe(200);
    expect(seen.order).toEqual(["healthz", "heavy"]);
    // Answered while the validation was still in its loops, not after them.
    expect(seen.yieldsBefore).toBeGreaterThan(0);
    expect(seen.yieldsAfter).toBeGreaterThan(0);
    expect(totals).toEqual({ events: EVENTS, breaks: EVENTS / 10, gaps: EVENTS / 50 - 1, missingAssetEvents: EVENTS });
  });

  it("answers during the rewind of a revert of every event, which lands where it should", async () => {
    const { gql } = await orgClient(t);
    const s = await largeSchedule(gql);
    // Back to the empty schedule: every event's history is rewound, then each is compared.
    const revert = `mutation($s: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: $to, version: $v) { version } }`;
    const seen = await probeDuring(() => gql.data(revert, { s: s.id, to: s.emptyVersion, v: s.version }));
    expect(seen.health).toBe(200);
    expect(seen.order).toEqual(["healthz", "heavy"]);
    expect(seen.yieldsBefore).toBeGreaterThan(0);
    expect(seen.yieldsAfter).toBeGreaterThan(0);
    const diff = `query($s: ID!, $from: Int!, $to: Int!) { scheduleDiff(scheduleId: $s, fromVersion: $from, toVersion: $to) { changedCount added { id } removed { id } } }`;
    const same = (await gql.data(diff, { s: s.id, from: s.emptyVersion, to: s.version + 1 })).scheduleDiff;
    expect(same).toEqual({ changedCount: 0, added: [], removed: [] });
    expect((await gql.data(diff, { s: s.id, from: s.version, to: s.version + 1 })).scheduleDiff.removed).toHaveLength(EVENTS);
  });
});
