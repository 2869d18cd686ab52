import { describe, expect, it } from "vitest";
import { allEvents, MIN, T0, minuteSlots } from "../events/helpers.js";
import { orgClient, useTestService, uniqueOrg } from "../helpers/service.js";
import { asset, problemSchedule, SEC, UPSERT, versionOf } from "./helpers.js";

const t = useTestService();

const RESULT = `content { id startDate finishDate page { totalElements number size content { id title eventType programme { title startTime } scte35Signals { command origin offset duration segmentationTypeId segmentationEventId scteEventType } } } } messages { type message }`;
const MARK_EPG = `mutation($s: ID!, $c: EventCriteriaInput!) { markEpgEvents(scheduleId: $s, criteria: $c) { ${RESULT} } }`;
const MARK_SCTE = `mutation($s: ID!, $c: EventCriteriaInput!) { markScteEvents(scheduleId: $s, criteria: $c) { ${RESULT} } }`;
const UPDATE = `mutation($s: ID!, $c: EventCriteriaInput, $ids: [ID!], $type: EventType, $programme: ProgrammeInput, $secondary: [SecondaryEventInput!]) {
  updateEventsByCriteria(scheduleId: $s, criteria: $c, ids: $ids, replacementType: $type, programme: $programme, secondaryEvents: $secondary) { ${RESULT} } }`;
const REPLACE = `mutation($s: ID!, $a: String!, $v: Int!, $r: AssetReplacementInput!) { replaceAsset(scheduleId: $s, assetId: $a, version: $v, replacement: $r) {
  eventsModified firstEventTime lastEventTime newMediaId originalMediaId } }`;
const SYNC = `mutation($s: ID!, $ids: [ID!]!) { syncEventTitles(scheduleId: $s, eventIds: $ids) { id version } }`;

describe("markEpgEvents (S15)", () => {
  it("gives matching events without a programme one from their title and onAirTime, and answers the page", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version, ids } = await problemSchedule(gql);
    const { markEpgEvents } = await gql.data(MARK_EPG, { s: scheduleId, c: { eventType: "PRIMARY", pageSize: 2, pageNumber: 1 } });
    expect(markEpgEvents.content.page).toMatchObject({ totalElements: 4, number: 1, size: 2 });
    expect(markEpgEvents.content.page.content.map((e: any) => [e.id, e.programme])).toEqual([
      [ids[4], { title: "Broken", startTime: new Date(T0 + 20 * MIN).toISOString() }],
      [ids[5], { title: "Old film", startTime: new Date(T0 + 25 * MIN).toISOString() }],
    ]);
    expect(markEpgEvents.messages[0].message).toMatch(/^2 of 4/);
    expect(await versionOf(gql, scheduleId)).toBe(version + 1);
    // Those with a programme keep theirs; a second mark changes nothing and keeps the version.
    const again = (await gql.data(MARK_EPG, { s: scheduleId, c: { eventType: "PRIMARY" } })).markEpgEvents;
    expect(again.content.page.content[0].programme.title).toBe("News");
    expect(again.messages[0].message).toMatch(/^0 of 4/);
    expect(await versionOf(gql, scheduleId)).toBe(version + 1);
  });

  it("refuses empty criteria and writes nothing", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version } = await problemSchedule(gql);
    for (const c of [{}, { pageSize: 5, pageNumber: 0 }, { term: "  " }, { ids: [] }]) {
      const error = await gql.error(MARK_EPG, { s: scheduleId, c });
      expect(error.extensions.code).toBe("BAD_USER_INPUT");
      expect(error.message).toMatch(/at least one criterion/);
    }
    expect((await gql.error(MARK_SCTE, { s: scheduleId, c: {} })).extensions.code).toBe("BAD_USER_INPUT");
    expect(await versionOf(gql, scheduleId)).toBe(version);
    expect((await allEvents(gql, scheduleId)).map((e) => e.version)).toEqual(Array(8).fill(1));
  });

  it("marks a change set's draft, not the schedule, when given changeSetId (S20–S22); needs the editor role", async () => {
    const { gql, org } = await orgClient(t);
    const { scheduleId, version } = await problemSchedule(gql);
    const { createChangeSet } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id version } }`, { s: scheduleId });
    const marked = (await gql.data(`mutation($s: ID!, $cs: ID!) { markEpgEvents(scheduleId: $s, criteria: { eventType: PRIMARY }, changeSetId: $cs) { ${RESULT} } }`, { s: scheduleId, cs: createChangeSet.id })).markEpgEvents;
    expect(marked.content.page.content.every((e: any) => e.programme?.title)).toBe(true);
    const scte = (await gql.data(`mutation($s: ID!, $cs: ID!) { markScteEvents(scheduleId: $s, criteria: { eventType: ADVERTISEMENT }, changeSetId: $cs) { ${RESULT} } }`, { s: scheduleId, cs: createChangeSet.id })).markScteEvents;
    expect(scte.content.page.content.every((e: any) => e.scte35Signals.length === 2)).toBe(true);
    const updated = (await gql.data(`mutation($s: ID!, $cs: ID!) { updateEventsByCriteria(scheduleId: $s, criteria: { locked: true }, replacementType: PLACEHOLDER, changeSetId: $cs) { ${RESULT} } }`, { s: scheduleId, cs: createChangeSet.id })).updateEventsByCriteria;
    expect(updated.content.page.content.every((e: any) => e.eventType === "PLACEHOLDER")).toBe(true);
    // The schedule is untouched; the draft moved three versions and its diff holds the marks.
    expect(await versionOf(gql, scheduleId)).toBe(version);
    expect((await allEvents(gql, scheduleId)).every((e: any) => !e.programme)).toBe(true);
    const { changeSets } = await gql.data(`query($s: ID!) { changeSets(scheduleId: $s) { id version diff { changed { fields } } } }`, { s: scheduleId });
    expect(changeSets[0].version).toBe(createChangeSet.version + 3);
    expect(changeSets[0].diff.changed.flatMap((c: any) => c.fields)).toEqual(expect.arrayContaining(["programme", "scte35Signals", "eventType"]));
    expect((await gql.error(`mutation($s: ID!) { markEpgEvents(scheduleId: $s, criteria: { locked: true }, changeSetId: "999999") { messages { message } } }`, { s: scheduleId })).extensions.code).toBe("NOT_FOUND");
    const viewer = t.client(await t.token(org, "viewer"));
    expect((await viewer.error(MARK_EPG, { s: scheduleId, c: { locked: true } })).extensions.code).toBe("FORBIDDEN");
  });
});

describe("markScteEvents (S16)", () => {
  it("adds a cue-out at start and a cue-in at end to matching events without signals", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version, ids } = await problemSchedule(gql);
    const { markScteEvents } = await gql.data(MARK_SCTE, { s: scheduleId, c: { eventType: "ADVERTISEMENT", from: new Date(T0).toISOString(), to: new Date(T0 + 20 * MIN).toISOString() } });
    expect(markScteEvents.content.page.totalElements).toBe(2);
    const [first] = markScteEvents.content.page.content;
    expect(first.scte35Signals).toEqual([
      { command: "ON", origin: "FROM_START", offset: 0, duration: 30 * SEC, segmentationTypeId: 0x34, segmentationEventId: Number(ids[1]), scteEventType: "SPLICE" },
      { command: "OFF", origin: "FROM_END", offset: 0, duration: null, segmentationTypeId: 0x35, segmentationEventId: Number(ids[1]), scteEventType: "SPLICE" },
    ]);
    expect(await versionOf(gql, scheduleId)).toBe(version + 1);
    const events = await allEvents(gql, scheduleId);
    expect(events.filter((e) => e.version === 2).map((e) => e.id)).toEqual([ids[1], ids[2]]);
  });
});

describe("updateEventsByCriteria (S18) and the missingAsset criterion", () => {
  it("changes every matching event in one go", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version, ids } = await problemSchedule(gql);
    const missing = (await gql.data(UPDATE, { s: scheduleId, c: { missingAsset: true }, type: "PLACEHOLDER" })).updateEventsByCriteria;
    expect(missing.content.page.content.map((e: any) => [e.id, e.eventType])).toEqual([[ids[2], "PLACEHOLDER"]]);
    const byIds = (await gql.data(UPDATE, { s: scheduleId, ids: [ids[0], ids[3]], programme: { title: "Morning News" }, secondary: [{ command: "ON", objectName: "logo" }] })).updateEventsByCriteria;
    expect(byIds.content.page.content.map((e: any) => e.programme.title)).toEqual(["Morning News", "Morning News"]);
    expect(await versionOf(gql, scheduleId)).toBe(version + 2);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { programmeSummary { programme { title } } events(size: 1) { content { secondaryEvents { objectName } } } } }`, { id: scheduleId });
    expect(schedule.programmeSummary.programme[0].title).toBe("Morning News");
    expect(schedule.events.content[0].secondaryEvents).toEqual([{ objectName: "logo" }]);
    // hasAsset: false selects the events naming no asset (the live one).
    const none = (await gql.data(UPDATE, { s: scheduleId, c: { hasAsset: false }, programme: { title: "Live!" } })).updateEventsByCriteria;
    expect(none.content.page.content.map((e: any) => e.id)).toEqual([ids[6]]);
  });

  it("refuses unknown ids, no change and no criterion, writing nothing", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version } = await problemSchedule(gql);
    expect((await gql.error(UPDATE, { s: scheduleId, ids: ["999999999"], type: "LIVE" })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(UPDATE, { s: scheduleId, c: { locked: true } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(UPDATE, { s: scheduleId, type: "LIVE" })).extensions.code).toBe("BAD_USER_INPUT");
    expect(await versionOf(gql, scheduleId)).toBe(version);
  });
});

describe("replaceAsset (S33)", () => {
  it("replaces the asset everywhere; fillGaps ripples what follows up to the next locked event", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version } = await problemSchedule(gql);
    const { replaceAsset } = await gql.data(REPLACE, { s: scheduleId, a: "A-OK", v: version, r: { assetId: "A-SHORT", fillGaps: true } });
    expect(replaceAsset).toEqual({
      eventsModified: 2, firstEventTime: new Date(T0).toISOString(), lastEventTime: new Date(T0 + 5 * MIN).toISOString(), newMediaId: "M-SHORT", originalMediaId: "M-OK",
    });
    expect(minuteSlots(await allEvents(gql, scheduleId))).toEqual([
      [0, 4, "News (part 1)"], [4, 0.5, "Spot"], [4.5, 0.5, "Lost spot"], [5, 4, "News (part 2)"], [9, 6, "Broken"], [15, 6, "Old film"], [30, 10, "Live"], [40, 0.5, "Spot again"],
    ]);
    expect(await versionOf(gql, scheduleId)).toBe(version + 1);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events(size: 1) { content { mediaId assetData { assetId durationInMilliseconds } asset { assetId } } } } }`, { id: scheduleId });
    expect(schedule.events.content[0]).toEqual({ mediaId: "M-SHORT", assetData: { assetId: "A-SHORT", durationInMilliseconds: 4 * MIN }, asset: { assetId: "A-SHORT" } });
  });

  it("without fillGaps leaves the gap; replaces a missing asset by its key", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version } = await problemSchedule(gql);
    const { replaceAsset } = await gql.data(REPLACE, { s: scheduleId, a: "SPOT-404", v: version, r: { assetId: "AD-1" } });
    expect(replaceAsset).toMatchObject({ eventsModified: 1, newMediaId: "SPOT-1", originalMediaId: "SPOT-404" });
    const again = await gql.data(REPLACE, { s: scheduleId, a: "A-OK", v: version + 1, r: { assetId: "A-SHORT" } });
    expect(again.replaceAsset.eventsModified).toBe(2);
    const events = minuteSlots(await allEvents(gql, scheduleId));
    expect(events.slice(0, 4)).toEqual([[0, 4, "News (part 1)"], [10, 0.5, "Spot"], [10.5, 0.5, "Lost spot"], [11, 4, "News (part 2)"]]);
  });

  it("refuses a stale version, unknown assets and another organization's asset, writing nothing", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version } = await problemSchedule(gql);
    const other = uniqueOrg();
    await t.client(await t.token(other, "editor")).data(UPSERT, { assets: [asset("FOREIGN-1", { name: "Theirs", ms: MIN })] });
    const before = await allEvents(gql, scheduleId);
    const stale = await gql.error(REPLACE, { s: scheduleId, a: "A-OK", v: version - 1, r: { assetId: "A-SHORT" } });
    expect(stale.extensions).toMatchObject({ code: "CONFLICT", currentVersion: version });
    const foreign = await gql.error(REPLACE, { s: scheduleId, a: "A-OK", v: version, r: { assetId: "FOREIGN-1" } });
    expect(foreign.extensions.code).toBe("BAD_USER_INPUT");
    expect(foreign.message).toMatch(/not in the catalog of organization/);
    expect((await gql.error(REPLACE, { s: scheduleId, a: "A-OK", v: version, r: { assetId: "NOPE" } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(REPLACE, { s: scheduleId, a: "NOBODY", v: version, r: { assetId: "A-SHORT" } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(REPLACE, { s: scheduleId, a: "A-OK", v: version, r: { assetId: "A-OK" } })).extensions.code).toBe("BAD_USER_INPUT");
    expect(await versionOf(gql, scheduleId)).toBe(version);
    expect(await allEvents(gql, scheduleId)).toEqual(before);
  });
});

describe("syncEventTitles (S38)", () => {
  it("gives the named events their asset's title; others keep theirs", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, version, ids } = await problemSchedule(gql);
    const { syncEventTitles } = await gql.data(SYNC, { s: scheduleId, ids: [ids[0], ids[1], ids[2], ids[6]] });
    expect(syncEventTitles).toEqual({ id: scheduleId, version: version + 1 });
    expect((await allEvents(gql, scheduleId)).map((e) => e.title)).toEqual(["Okay Title", "Spot one (title)", "Lost spot", "News (part 2)", "Broken", "Old film", "Live", "Spot again"]);
    // Nothing left to change: the version stays.
    expect((await gql.data(SYNC, { s: scheduleId, ids: [ids[0]] })).syncEventTitles.version).toBe(version + 1);
    expect((await gql.error(SYNC, { s: scheduleId, ids: ["123456789"] })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(SYNC, { s: scheduleId, ids: [] })).extensions.code).toBe("BAD_USER_INPUT");
  });
});
