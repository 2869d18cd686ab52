// Edits warn, never silently: a mutation that breaks a rights or separation rule succeeds, and its
// answer can select `introducedIssues`, the issues of the events it created or changed (not the
// schedule's older ones). Through GraphQL, on the mutations' own answers.
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { asset, SEC, UPSERT } from "./helpers.js";

const t = useTestService();
const INTRODUCED = `introducedIssues { changedEvents rightsIssues { eventId reason } separationIssues { eventId otherEventId rule gapMs } }`;

describe("Schedule.introducedIssues", () => {
  it("names on a mutation's answer the violations its edit introduced, and not the schedule's older ones", async () => {
    const { gql } = await orgClient(t);
    await gql.data(UPSERT, {
      assets: [
        { ...asset("SPOT-A", { name: "Acme cars", ms: 30 * SEC }), advertiser: "Acme" },
        { ...asset("SPOT-B", { name: "Acme food", ms: 30 * SEC }), advertiser: "Acme" },
        { ...asset("OLD", { name: "Expired film", ms: 10 * MIN }), rights: [{ end: iso(T0 - 60 * MIN) }] },
      ],
    });
    const s = await createSchedule(gql, "Warned", { channel: "One", separation: { sameAssetMinMs: 0, sameAdvertiserMinMs: 5 * MIN, sameCategoryMinMs: 0 } });
    // An older issue: the expired film, before any edit of the spots.
    const [film, spotA, spotB] = await addEvents(gql, s.id, [
      { at: T0, duration: 10 * MIN, mediaId: "OLD" },
      { at: T0 + 20 * MIN, duration: 30 * SEC, mediaId: "SPOT-A" },
      { at: T0 + 40 * MIN, duration: 30 * SEC, mediaId: "SPOT-B" },
    ]);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: s.id });
    // Spot B moved 2 minutes after spot A (same advertiser, 5 minutes apart at least): done, and said.
    const { updateEvents } = await gql.data(
      `mutation($s: ID!, $v: Int!, $e: ID!, $at: DateTime!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, onAirTime: $at }]) { version ${INTRODUCED} } }`,
      { s: s.id, v: schedule.version, e: spotB, at: iso(T0 + 22 * MIN) },
    );
    expect(updateEvents.version).toBe(schedule.version + 1);
    expect(updateEvents.introducedIssues).toEqual({ changedEvents: 1, rightsIssues: [], separationIssues: [{ eventId: spotB, otherEventId: spotA, rule: "ADVERTISER", gapMs: 2 * MIN }] });
    // The whole schedule's validation still has the film too; a retitle of the film introduces it again (its event changed).
    const { updateEvents: retitled } = await gql.data(
      `mutation($s: ID!, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, title: "Renamed" }]) { ${INTRODUCED} } }`,
      { s: s.id, v: updateEvents.version, e: film },
    );
    expect(retitled.introducedIssues).toEqual({ changedEvents: 1, rightsIssues: [{ eventId: film, reason: "OUTSIDE_WINDOW" }], separationIssues: [] });
  });
});
