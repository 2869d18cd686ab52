import { describe, expect, it } from "vitest";
import { statementCounter } from "../../src/db/client.js";
import { addEvents, createSchedule, MIN, T0 } from "../events/helpers.js";
import { type GraphQLClient, orgClient, useOwnTestService } from "../helpers/service.js";
import { problemSchedule, SEC, UPSERT, asset } from "./helpers.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs

const VALIDATION = `query($id: ID!, $full: Boolean, $channelId: SafeInt) { schedule(id: $id) { validation(fullList: $full, channelId: $channelId) {
  scheduleId channelId fullList limit valid messages { type message }
  totals { events overlaps gaps breaks breakIssues missingAssets missingAssetEvents archivedAssets archivedAssetEvents failedQcAssets failedQcAssetEvents lockedCollisions durationIssues problems }
  archivedAssets archivedAssetEvents breakIssues { timeFrom value overlapping eventIds } breaks { id title }
  overlaps { previousEventId eventId timeFrom value } gaps { previousEventId eventId timeFrom value }
  missingAssets missingAssetEvents missingAssetIssues { key assetId eventIds } archivedAssetIssues { key assetId eventIds }
  failedQcAssets failedQcAssetEvents lockedCollisions { previousEventId eventId } durationIssues { eventId assetId duration assetDuration } } } }`;

describe("Schedule.validation (S40)", () => {
  it("reports every kind of problem with the events concerned", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, ids } = await problemSchedule(gql);
    const v = (await gql.data(VALIDATION, { id: scheduleId })).schedule.validation;
    expect(v.totals).toEqual({
      events: 8, overlaps: 2, gaps: 1, breaks: 2, breakIssues: 1, missingAssets: 1, missingAssetEvents: 1, archivedAssets: 1, archivedAssetEvents: 1,
      failedQcAssets: 1, failedQcAssetEvents: 1, lockedCollisions: 1, durationIssues: 1, problems: 8,
    });
    expect(v).toMatchObject({ scheduleId, channelId: 7, fullList: true, limit: null, valid: false });
    expect(v.gaps).toEqual([{ previousEventId: ids[3], eventId: ids[4], timeFrom: 19 * MIN, value: MIN }]);
    expect(v.overlaps).toEqual([
      { previousEventId: ids[4], eventId: ids[5], timeFrom: 25 * MIN, value: MIN },
      { previousEventId: ids[5], eventId: ids[6], timeFrom: 30 * MIN, value: MIN },
    ]);
    expect(v.lockedCollisions).toEqual([{ previousEventId: ids[5], eventId: ids[6] }]);
    expect(v.breaks.map((b: any[]) => b.map((e) => e.id))).toEqual([[ids[1], ids[2]], [ids[7]]]);
    expect(v.breakIssues).toEqual([{ timeFrom: 40 * MIN, value: 30 * SEC, overlapping: false, eventIds: [ids[7]] }]);
    expect(v.missingAssets).toEqual(["SPOT-404"]);
    expect(v.missingAssetEvents).toEqual([ids[2]]);
    expect(v.missingAssetIssues).toEqual([{ key: "SPOT-404", assetId: null, eventIds: [ids[2]] }]);
    expect(v.archivedAssets).toEqual(["A-ARCH"]);
    expect(v.archivedAssetEvents).toEqual([ids[5]]);
    expect(v.failedQcAssets).toEqual(["A-QC"]);
    expect(v.failedQcAssetEvents).toEqual([ids[4]]);
    expect(v.durationIssues).toEqual([{ eventId: ids[4], assetId: "A-QC", duration: 6 * MIN, assetDuration: 5 * MIN }]);
    expect(v.messages.map((m: any) => m.type)).toContain("WARNING");
    // Break events with fields of the event document, and with columns only (+ Event.asset).
    const Q = (fields: string) => `query($id: ID!) { schedule(id: $id) { validation { breaks { ${fields} } } } }`;
    const full = (await gql.data(Q("id mediaId assetData { assetId } eventType"), { id: scheduleId })).schedule.validation.breaks;
    expect(full[0]).toEqual([{ id: ids[1], mediaId: "SPOT-1", assetData: null, eventType: "ADVERTISEMENT" }, { id: ids[2], mediaId: "SPOT-404", assetData: null, eventType: "ADVERTISEMENT" }]);
    const light = (await gql.data(Q("id title duration asset { assetId }"), { id: scheduleId })).schedule.validation.breaks;
    expect(light).toEqual([[{ id: ids[1], title: "Spot", duration: 30 * SEC, asset: { assetId: "AD-1" } }, { id: ids[2], title: "Lost spot", duration: 30 * SEC, asset: null }], [{ id: ids[7], title: "Spot again", duration: 30 * SEC, asset: { assetId: "AD-1" } }]]);
  });

  it("answers totals and only the first problems with fullList false, and notes another channel", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Many gaps", { channelId: 5 });
    // 13 events with a minute between each: 12 gaps, 13 missing assets.
    await addEvents(gql, s.id, Array.from({ length: 13 }, (_, i) => ({ at: T0 + i * 2 * MIN, duration: MIN, mediaId: `NOPE-${i}` })));
    const full = (await gql.data(VALIDATION, { id: s.id })).schedule.validation;
    expect(full.gaps).toHaveLength(12);
    expect(full.missingAssets).toHaveLength(13);
    const short = (await gql.data(VALIDATION, { id: s.id, full: false, channelId: 99 })).schedule.validation;
    expect(short).toMatchObject({ fullList: false, limit: 10, channelId: 99 });
    expect(short.totals).toMatchObject({ gaps: 12, missingAssets: 13, missingAssetEvents: 13 });
    expect(short.gaps).toEqual(full.gaps.slice(0, 10));
    expect(short.missingAssets).toEqual(full.missingAssets.slice(0, 10));
    expect(short.messages.map((m: any) => m.message).join(" ")).toMatch(/channel/);
  });

  it("finds nothing wrong in a clean schedule", async () => {
    const { gql } = await orgClient(t);
    await gql.data(UPSERT, { assets: [asset("C-1", { name: "Clean", ms: 10 * MIN })] });
    const s = await createSchedule(gql, "Clean");
    await addEvents(gql, s.id, [{ at: T0, duration: 10 * MIN, assetData: { assetId: "C-1" } }, { at: T0 + 10 * MIN, duration: 5 * MIN, eventType: "LIVE" }]);
    const v = (await gql.data(VALIDATION, { id: s.id })).schedule.validation;
    expect(v.valid).toBe(true);
    expect(v.totals.problems).toBe(0);
    expect(v.messages).toEqual([{ type: "OK", message: "No problem found" }]);
  });
});

describe("Event.asset", () => {
  it("resolves assetData.assetId, else mediaId; null for missing assets and events without one", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId } = await problemSchedule(gql);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events(size: 20) { content { title asset { assetId name } } } } }`, { id: scheduleId });
    expect(schedule.events.content.map((e: any) => [e.title, e.asset?.assetId ?? null])).toEqual([
      ["News (part 1)", "A-OK"], ["Spot", "AD-1"], ["Lost spot", null], ["News (part 2)", "A-OK"], ["Broken", "A-QC"], ["Old film", "A-ARCH"], ["Live", null], ["Spot again", "AD-1"],
    ]);
  });

  it("asks the catalog once per request level (Event.asset, Schedule.assets), whatever the number of schedules and events", async () => {
    const { gql } = await orgClient(t);
    await gql.data(UPSERT, { assets: Array.from({ length: 6 }, (_, i) => asset(`L-${i}`, { name: `L${i}`, ms: MIN })) });
    for (let i = 0; i < 6; i++) {
      const s = await createSchedule(gql, `List ${i}`);
      await addEvents(gql, s.id, Array.from({ length: 3 }, (_, k) => ({ at: T0 + k * MIN, duration: MIN, assetData: { assetId: `L-${(i + k) % 6}` } })));
    }
    const count = async (size: number) => {
      statementCounter.count = 0;
      statementCounter.enabled = true;
      try {
        const data = await gql.data(`query($size: Int) { schedules(size: $size) { content { assets(name: "l") { assetId } events { content { asset { assetId } } } } } }`, { size });
        return { statements: statementCounter.count, data };
      } finally {
        statementCounter.enabled = false;
      }
    };
    const few = await count(2);
    const many = await count(6);
    expect(many.data.schedules.content.flatMap((s: any) => s.events.content.map((e: any) => e.asset.assetId))).toHaveLength(18);
    for (const s of many.data.schedules.content) expect(s.assets).toHaveLength(3);
    expect(many.statements).toBe(few.statements);
    // schedules (rows + count), every schedule's events, the catalog, every schedule's assets.
    expect(many.statements).toBeLessThanOrEqual(5);
  });
});

describe("Schedule.assets (S14) and programmeSummary (S32)", () => {
  it("lists the catalog assets the events use, filtered by name", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId } = await problemSchedule(gql);
    const Q = `query($id: ID!, $name: String!) { schedule(id: $id) { assets(name: $name) { assetId name storageType } } }`;
    const all = (await gql.data(Q, { id: scheduleId, name: "" })).schedule.assets;
    expect(all.map((a: any) => a.assetId)).toEqual(["A-ARCH", "A-QC", "A-OK", "AD-1"]);
    expect((await gql.data(Q, { id: scheduleId, name: "ARCH" })).schedule.assets).toEqual([{ assetId: "A-ARCH", name: "Archived film", storageType: "ARCHIVED" }]);
    expect((await gql.data(Q, { id: scheduleId, name: "short" })).schedule.assets).toEqual([]);
  });

  it("groups PRIMARY parts into programmes", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, ids } = await problemSchedule(gql);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { programmeSummary { programme { title description duration eventOnAirTime startTime eventIds } } } }`, { id: scheduleId });
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(schedule.programmeSummary.programme).toEqual([
      { title: "News", description: "Daily news", duration: 19 * MIN, eventOnAirTime: iso(T0), startTime: iso(T0), eventIds: [ids[0], ids[3]] },
      { title: "Broken", description: null, duration: 6 * MIN, eventOnAirTime: iso(T0 + 20 * MIN), startTime: iso(T0 + 20 * MIN), eventIds: [ids[4]] },
      { title: "Old film", description: null, duration: 6 * MIN, eventOnAirTime: iso(T0 + 25 * MIN), startTime: iso(T0 + 25 * MIN), eventIds: [ids[5]] },
    ]);
  });
});

describe("Schedule.evaluateParameters (S35)", () => {
  const Q = `query($id: ID!, $at: SafeInt!, $command: SecondaryEventInput!) { schedule(id: $id) { evaluateParameters(onAirTimeFrom: $at, command: $command) { name evaluatedValue asset assetExists unknownPlaceholders } } }`;

  async function evaluate(gql: GraphQLClient, id: string, at: number, parameters: Record<string, string>, substitution?: Record<string, string>) {
    const { schedule } = await gql.data(Q, { id, at, command: { command: "ON", objectName: "lower-third", parameters, substitution } });
    return Object.fromEntries(schedule.evaluateParameters.map((p: any) => [p.name, p]));
  }

  it("replaces placeholders from the events around the instant, the schedule and the asset", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId } = await problemSchedule(gql, "Evening");
    const p = await evaluate(gql, scheduleId, 11 * MIN + SEC, {
      a: "${current.title}", b: "${next.title} after ${previous.title}", c: "${schedule.name} on ${channel}", d: "${asset.name}",
      e: "${current.duration}", f: "${current.onAirTime}", g: "x ${nope.x} ${current.colour}", h: "${previous.mediaId}", i: "${asset.systemFields.title}", j: "hi ${who}",
    }, { who: "Ann" });
    expect(p.a).toEqual({ name: "a", evaluatedValue: "News (part 2)", asset: false, assetExists: false, unknownPlaceholders: [] });
    expect(p.b.evaluatedValue).toBe("Broken after Lost spot");
    expect(p.c.evaluatedValue).toBe("Evening on One");
    expect(p.d).toMatchObject({ evaluatedValue: "Okay asset", asset: true, assetExists: true });
    expect(p.e.evaluatedValue).toBe(String(8 * MIN));
    expect(p.f.evaluatedValue).toBe(new Date(T0 + 11 * MIN).toISOString());
    expect(p.g).toMatchObject({ evaluatedValue: "x ${nope.x} ${current.colour}", unknownPlaceholders: ["${nope.x}", "${current.colour}"] });
    expect(p.h).toMatchObject({ evaluatedValue: "SPOT-404", asset: true, assetExists: false });
    expect(p.i.evaluatedValue).toBe("Okay Title");
    expect(p.j.evaluatedValue).toBe("hi Ann");
  });

  it("answers empty values where no event is on air, and refuses a negative instant", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId } = await problemSchedule(gql);
    const p = await evaluate(gql, scheduleId, 10 * 60 * MIN, { a: "[${current.title}]", b: "${previous.title}", c: "${asset.name}" });
    expect(p.a.evaluatedValue).toBe("[]");
    expect(p.b.evaluatedValue).toBe("Spot again");
    expect(p.c).toMatchObject({ evaluatedValue: "", asset: true, assetExists: false });
    const error = await gql.error(Q, { id: scheduleId, at: -1, command: { parameters: { a: "x" } } });
    expect(error.extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("Schedule.eventsSummary.missingAssetsEvents (S37)", () => {
  it("counts the events whose asset is missing and the pages holding them", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId } = await problemSchedule(gql);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { eventsSummary(size: 2) { missingAssetsEvents { total pages } gaps { total } } } }`, { id: scheduleId });
    // E2 (SPOT-404) is the third event: page 1 of pages of 2.
    expect(schedule.eventsSummary.missingAssetsEvents).toEqual({ total: 1, pages: [1] });
    expect(schedule.eventsSummary.gaps.total).toBe(1);
  });
});
