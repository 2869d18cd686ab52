import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/service.js";

const t = useTestService({ seedDemo: true });

describe("demo data", () => {
  it("gives every demo schedule a day of events with breaks, a locked live event, gaps and overlaps", async () => {
    const gql = t.client(await t.token("demo", "editor"));
    const { schedules } = await gql.data(`{ schedules(size: 50) { content { id name version startDate finishDate
      events(size: 5, eventType: LIVE) { content { id locked title liveParameters { encryptionKey streamingProtocol } } }
      eventsSummary(size: 50) { eventsByType gaps { total } overlaps { total } totalProgrammes } } } }`);
    expect(schedules.content).toHaveLength(6);
    for (const s of schedules.content) {
      expect(s.events.content).toEqual([expect.objectContaining({ locked: true, liveParameters: { encryptionKey: null, streamingProtocol: "SRT" } })]);
      expect(s.eventsSummary.gaps.total).toBeGreaterThanOrEqual(2);
      expect(s.eventsSummary.overlaps.total).toBeGreaterThanOrEqual(1);
      expect(s.eventsSummary.eventsByType.ADVERTISEMENT.total).toBeGreaterThan(50);
      expect(s.eventsSummary.totalProgrammes).toBeGreaterThan(20);
      expect(Date.parse(s.finishDate) - Date.parse(s.startDate)).toBeGreaterThan(17 * 3_600_000);
    }
    // A ripple from the first event closes the gaps up to the live event, which stays.
    const s = schedules.content[0];
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events(size: 1) { content { id } } } }`, { id: s.id });
    const { rippleSchedule } = await gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e, fixAll: true) { version } }`, { s: s.id, v: s.version, e: schedule.events.content[0].id });
    expect(rippleSchedule.version).toBe(s.version + 1);
    const after = (await gql.data(`query($id: ID!) { schedule(id: $id) { eventsSummary { gaps { total } overlaps { total } } } }`, { id: s.id })).schedule.eventsSummary;
    expect(after.overlaps.total).toBe(0);
    expect(after.gaps.total).toBe(1); // before the live event, which never moves
  });
});
