// The checks before air, called as services with a Viewer (no HTTP, no GraphQL): CheckService's
// read-only reports (validation S40, programme summary S32, parameter evaluation S35, missing-asset
// pages S37) and the writes that fix what they find (MarkService S15/S18, EventCatalogService
// S33/S38, in src/events/). test/checks/reads.test.ts and writes.test.ts cover the same over GraphQL.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Viewer } from "../../src/common/auth.js";
import { queryRows } from "../../src/db/client.js";
import type { AssetInput } from "../../src/assets/types.js";
import type { EventInput } from "../../src/events/types.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();
const SEC = 1000;
const MIN = 60 * SEC;
const T0 = Date.UTC(2026, 0, 1, 6);

const asset = (assetId: string, f: { mediaId?: string; name: string; ms: number; storageType?: string; qc?: string; title?: string }) => ({
  assetId,
  mediaId: f.mediaId ?? assetId,
  name: f.name,
  storageType: f.storageType ?? "ONLINE",
  qcInfo: { qcStatus: f.qc ?? "PASSED" },
  metadata: { durationInMilliseconds: f.ms },
  systemFields: { title: f.title ?? `${f.name} (title)` },
});

const CATALOG = [
  asset("A-OK", { mediaId: "M-OK", name: "Okay asset", ms: 10 * MIN, title: "Okay Title" }),
  asset("A-ARCH", { name: "Archived film", ms: 10 * MIN, storageType: "ARCHIVED" }),
  asset("A-QC", { name: "Broken clip", ms: 5 * MIN, qc: "FAILED" }),
  asset("A-SHORT", { mediaId: "M-SHORT", name: "Short one", ms: 4 * MIN }),
  asset("AD-1", { mediaId: "SPOT-1", name: "Spot one", ms: 30 * SEC }),
];

/**
 * test/checks/helpers.ts's schedule, made through the services. breakMin 60 s, breakMax 90 s, channel 7. Minutes from T0:
 * E0 0–10 A-OK (programme News) · E1 10–10.5 AD SPOT-1 · E2 10.5–11 AD SPOT-404 (missing) · E3 11–19 A-OK (programme News)
 * · gap · E4 20–26 A-QC (failed QC, longer than its 5 min) · E5 25–31 mediaId A-ARCH (archived; overlaps E4 and the locked E6)
 * · E6 30–40 LIVE locked · E7 40–40.5 AD SPOT-1 (a 30 s break: below breakMin)
 */
async function problemSchedule(viewer: Viewer, name = "Checks") {
  await bed.services.assets.upsert(viewer, CATALOG as unknown as AssetInput[]);
  const s = await bed.services.schedules.create(viewer, { name, breakMin: 60_000, breakMax: 90_000, channel: "One", channelId: 7 });
  const specs: [number, number, Record<string, unknown>][] = [
    [0, 10 * MIN, { title: "News (part 1)", mediaId: "M-OK", assetData: { assetId: "A-OK" }, programme: { title: "News", description: "Daily news" } }],
    [10 * MIN, 30 * SEC, { title: "Spot", eventType: "ADVERTISEMENT", mediaId: "SPOT-1" }],
    [10 * MIN + 30 * SEC, 30 * SEC, { title: "Lost spot", eventType: "ADVERTISEMENT", mediaId: "SPOT-404" }],
    [11 * MIN, 8 * MIN, { title: "News (part 2)", mediaId: "M-OK", assetData: { assetId: "A-OK" }, programme: { title: "News" } }],
    [20 * MIN, 6 * MIN, { title: "Broken", assetData: { assetId: "A-QC" } }],
    [25 * MIN, 6 * MIN, { title: "Old film", mediaId: "A-ARCH" }],
    [30 * MIN, 10 * MIN, { title: "Live", eventType: "LIVE", locked: true }],
    [40 * MIN, 30 * SEC, { title: "Spot again", eventType: "ADVERTISEMENT", mediaId: "SPOT-1" }],
  ];
  const ids: string[] = [];
  for (const [at, duration, rest] of specs) {
    ids.push((await bed.services.events.create(viewer, { scheduleId: s.id }, { onAirTime: new Date(T0 + at), duration, ...rest } as EventInput)).id);
  }
  return { scheduleId: s.id, ids, version: 1 + specs.length };
}

const scheduleOf = (viewer: Viewer, id: string) => bed.services.schedules.get(viewer, id);

/** The schedule's version and its events as [id, version, title, mediaId], and its history rows. */
async function stateOf(scheduleId: string) {
  const rows = await queryRows<{ id: string; version: number; title: string | null; media_id: string | null; on_air_time: string }>(
    bed.handle.db,
    sql`select id::text, version, title, media_id, on_air_time::text from events where schedule_id = ${Number(scheduleId)} order by id`,
  );
  const [{ version, history }] = await queryRows<{ version: number; history: number }>(
    bed.handle.db,
    sql`select version, (select count(*) from schedule_history where schedule_id = s.id)::int as history from schedules s where id = ${Number(scheduleId)}`,
  );
  return { version, history, events: rows };
}

describe("CheckService (read-only reports)", () => {
  it("validation reports every kind of problem with the events concerned", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids } = await problemSchedule(viewer);
    const v = await bed.services.checks.validation(viewer, await scheduleOf(viewer, scheduleId));
    expect(v.totals).toEqual({
      events: 8, overlaps: 2, gaps: 1, breaks: 2, breakIssues: 1, missingAssets: 1, missingAssetEvents: 1, archivedAssets: 1, archivedAssetEvents: 1,
      failedQcAssets: 1, failedQcAssetEvents: 1, lockedCollisions: 1, durationIssues: 1, rightsIssues: 0, separationIssues: 0, problems: 8,
    });
    expect(v).toMatchObject({ scheduleId, channelId: 7, fullList: true, limit: null, valid: false });
    expect(v.gaps).toEqual([{ previousEventId: ids[3], eventId: ids[4], timeFrom: 19 * MIN, value: MIN }]);
    expect(v.overlaps.map((o) => [o.previousEventId, o.eventId, o.timeFrom, o.value])).toEqual([[ids[4], ids[5], 25 * MIN, MIN], [ids[5], ids[6], 30 * MIN, MIN]]);
    expect(v.lockedCollisions.map((o) => [o.previousEventId, o.eventId])).toEqual([[ids[5], ids[6]]]);
    expect(v.breakEventIds).toEqual([[Number(ids[1]), Number(ids[2])], [Number(ids[7])]]);
    expect(v.breakIssues).toEqual([{ timeFrom: 40 * MIN, value: 30 * SEC, overlapping: false, eventIds: [ids[7]] }]);
    expect([v.missingAssets, v.missingAssetEvents, v.archivedAssets, v.archivedAssetEvents, v.failedQcAssets, v.failedQcAssetEvents]).toEqual([
      ["SPOT-404"], [ids[2]], ["A-ARCH"], [ids[5]], ["A-QC"], [ids[4]],
    ]);
    expect(v.durationIssues).toEqual([{ eventId: ids[4], assetId: "A-QC", duration: 6 * MIN, assetDuration: 5 * MIN }]);
    // The breaks' events, whole or by their columns alone, and the gaps a page at a time.
    const breaks = await bed.services.checks.breaksPage(v, false);
    expect(breaks.map((b) => b.map((e) => [e.id, e.mediaId, e.eventType]))).toEqual([[[ids[1], "SPOT-1", "ADVERTISEMENT"], [ids[2], "SPOT-404", "ADVERTISEMENT"]], [[ids[7], "SPOT-1", "ADVERTISEMENT"]]]);
    expect((await bed.services.checks.breaksPage(v, true, 1, 1)).map((b) => b.map((e) => e.title))).toEqual([["Spot again"]]);
    expect(bed.services.checks.gapsPage(v, 1, 1)).toEqual([]);
    expect(await bed.services.checks.missingAssetPages(Number(scheduleId), 2)).toEqual({ total: 1, pages: [1] });
  });

  it("validation with fullList false keeps totals and the first problems, notes another channel; a clean schedule is valid", async () => {
    const { viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Many gaps", channelId: 5 });
    for (let i = 0; i < 13; i++) await bed.services.events.create(viewer, { scheduleId: s.id }, { onAirTime: new Date(T0 + i * 2 * MIN), duration: MIN, mediaId: `NOPE-${i}` });
    const schedule = await scheduleOf(viewer, s.id);
    const full = await bed.services.checks.validation(viewer, schedule);
    expect([full.gaps.length, full.missingAssets.length]).toEqual([12, 13]);
    const short = await bed.services.checks.validation(viewer, schedule, 99, false);
    expect(short).toMatchObject({ fullList: false, limit: 10, channelId: 99 });
    expect(short.totals).toMatchObject({ gaps: 12, missingAssets: 13, missingAssetEvents: 13 });
    expect(short.gaps).toEqual(full.gaps.slice(0, 10));
    expect(short.messages.map((m) => m.message).join(" ")).toMatch(/channel/);
    expect((await appError(bed.services.checks.validation(viewer, schedule, 1.5), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "channelId" });

    await bed.services.assets.upsert(viewer, [asset("C-1", { name: "Clean", ms: 10 * MIN })] as unknown as AssetInput[]);
    const clean = await bed.services.schedules.create(viewer, { name: "Clean" });
    await bed.services.events.create(viewer, { scheduleId: clean.id }, { onAirTime: new Date(T0), duration: 10 * MIN, assetData: { assetId: "C-1" } } as EventInput);
    await bed.services.events.create(viewer, { scheduleId: clean.id }, { onAirTime: new Date(T0 + 10 * MIN), duration: 5 * MIN, eventType: "LIVE" } as EventInput);
    const ok = await bed.services.checks.validation(viewer, await scheduleOf(viewer, clean.id));
    expect([ok.valid, ok.totals.problems]).toEqual([true, 0]);
    expect(ok.messages).toEqual([{ type: "OK", message: "No problem found" }]);
  });

  it("programmeSummary groups PRIMARY parts into programmes, a page at a time", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids } = await problemSchedule(viewer);
    const schedule = await scheduleOf(viewer, scheduleId);
    const summary = await bed.services.checks.programmeSummary(viewer, schedule);
    expect(summary).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 20 });
    expect(summary.programme.map((p) => [p.title, p.description, p.duration, p.eventOnAirTime.getTime() - T0, p.eventIds])).toEqual([
      ["News", "Daily news", 19 * MIN, 0, [ids[0], ids[3]]],
      ["Broken", null, 6 * MIN, 20 * MIN, [ids[4]]],
      ["Old film", null, 6 * MIN, 25 * MIN, [ids[5]]],
    ]);
    expect((await bed.services.checks.programmeSummary(viewer, schedule, 1, 2)).programme.map((p) => p.title)).toEqual(["Old film"]);
    expect((await appError(bed.services.checks.programmeSummary(viewer, schedule, 0, 0), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "size" });
  });

  it("evaluateParameters replaces placeholders from the events around the instant, the schedule and the asset; a negative instant is refused", async () => {
    const { viewer } = orgViewer();
    const { scheduleId } = await problemSchedule(viewer, "Evening");
    const schedule = await scheduleOf(viewer, scheduleId);
    const evaluate = async (at: number, parameters: Record<string, string>, substitution?: Record<string, string>) =>
      Object.fromEntries((await bed.services.checks.evaluateParameters(viewer, schedule, at, { command: "ON", objectName: "lower-third", parameters, substitution } as never)).map((p) => [p.name, p]));
    const p = await evaluate(11 * MIN + SEC, {
      a: "${current.title}", b: "${next.title} after ${previous.title}", c: "${schedule.name} on ${channel}", d: "${asset.name}",
      g: "x ${nope.x}", h: "${previous.mediaId}", j: "hi ${who}",
    }, { who: "Ann" });
    expect(p.a).toEqual({ name: "a", evaluatedValue: "News (part 2)", asset: false, assetExists: false, unknownPlaceholders: [] });
    expect(p.b.evaluatedValue).toBe("Broken after Lost spot");
    expect(p.c.evaluatedValue).toBe("Evening on One");
    expect(p.d).toMatchObject({ evaluatedValue: "Okay asset", asset: true, assetExists: true });
    expect(p.g).toMatchObject({ evaluatedValue: "x ${nope.x}", unknownPlaceholders: ["${nope.x}"] });
    expect(p.h).toMatchObject({ evaluatedValue: "SPOT-404", asset: true, assetExists: false });
    expect(p.j.evaluatedValue).toBe("hi Ann");
    // Nothing on air 10 hours in: empty values, the last event before.
    const late = await evaluate(10 * 60 * MIN, { a: "[${current.title}]", b: "${previous.title}" });
    expect([late.a.evaluatedValue, late.b.evaluatedValue]).toEqual(["[]", "Spot again"]);
    for (const at of [-1, 1.5]) {
      expect((await appError(bed.services.checks.evaluateParameters(viewer, schedule, at, { parameters: { a: "x" } } as never), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "onAirTimeFrom" });
    }
  });
});

describe("the writes that fix what the checks find (MarkService, EventCatalogService)", () => {
  it("markEpg gives matching events without a programme one, once; empty criteria are refused; a viewer is FORBIDDEN", async () => {
    const { org, viewer } = orgViewer();
    const { scheduleId, version, ids } = await problemSchedule(viewer);
    const marked = await bed.services.marks.markEpg(viewer, { scheduleId }, { eventType: "PRIMARY" as never, pageSize: 2, pageNumber: 1 });
    expect(marked.content.page).toMatchObject({ totalElements: 4, number: 1, size: 2 });
    expect(marked.content.page.content.map((e) => [e.id, e.programme?.title])).toEqual([[ids[4], "Broken"], [ids[5], "Old film"]]);
    expect(marked.messages[0].message).toMatch(/^2 of 4/);
    expect(marked.schedule.version).toBe(version + 1);
    const again = await bed.services.marks.markEpg(viewer, { scheduleId }, { eventType: "PRIMARY" as never });
    expect(again.messages[0].message).toMatch(/^0 of 4/);
    expect(again.schedule.version).toBe(version + 1);
    for (const criteria of [{}, { pageSize: 5, pageNumber: 0 }, { term: "  " }, { ids: [] }]) {
      expect((await appError(bed.services.marks.markEpg(viewer, { scheduleId }, criteria), "BAD_USER_INPUT")).message).toMatch(/at least one criterion/);
    }
    await appError(bed.services.marks.markEpg(viewerOf(org, "viewer"), { scheduleId }, { locked: true }), "FORBIDDEN");
    await appError(bed.services.marks.markEpg(viewer, { scheduleId, version }, { locked: true }), "CONFLICT");
    expect((await stateOf(scheduleId)).version).toBe(version + 1);
  });

  it("updateByCriteria changes every matching event in one version; unknown ids are NOT_FOUND, no change is BAD_USER_INPUT", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, version, ids } = await problemSchedule(viewer);
    const missing = await bed.services.marks.updateByCriteria(viewer, { scheduleId }, { criteria: { missingAsset: true }, replacementType: "PLACEHOLDER" });
    expect(missing.content.page.content.map((e) => [e.id, e.eventType])).toEqual([[ids[2], "PLACEHOLDER"]]);
    const byIds = await bed.services.marks.updateByCriteria(viewer, { scheduleId, version: version + 1 }, { ids: [ids[0], ids[3]], programme: { title: "Morning News" } as never });
    expect(byIds.content.page.content.map((e) => e.programme?.title)).toEqual(["Morning News", "Morning News"]);
    expect(byIds.schedule.version).toBe(version + 2);
    const before = await stateOf(scheduleId);
    await appError(bed.services.marks.updateByCriteria(viewer, { scheduleId }, { ids: ["999999999"], replacementType: "LIVE" }), "NOT_FOUND");
    expect((await appError(bed.services.marks.updateByCriteria(viewer, { scheduleId }, { criteria: { locked: true } }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "replacementType" });
    await appError(bed.services.marks.updateByCriteria(viewer, { scheduleId }, { replacementType: "LIVE" }), "BAD_USER_INPUT");
    expect((await appError(bed.services.marks.updateByCriteria(viewer, { scheduleId }, { ids: [ids[0]], secondaryEvents: [{ offset: 0.5 }] as never }), "BAD_USER_INPUT")).extensions).toMatchObject({ field: "secondaryEvents[0].offset" });
    expect(await stateOf(scheduleId)).toEqual(before);
  });

  it("replaceAsset replaces an asset everywhere (fillGaps ripples up to the next locked event); syncEventTitles gives events their asset's title", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, version, ids } = await problemSchedule(viewer);
    const replaced = await bed.services.eventCatalog.replaceAsset(viewer, { scheduleId, version }, "A-OK", { assetId: "A-SHORT", fillGaps: true });
    expect(replaced).toMatchObject({ eventsModified: 2, newMediaId: "M-SHORT", originalMediaId: "M-OK" });
    expect([replaced.firstEventTime?.getTime(), replaced.lastEventTime?.getTime()]).toEqual([T0, T0 + 5 * MIN]);
    expect(replaced.schedule.version).toBe(version + 1);
    const pages = await bed.services.events.pagesOf([Number(scheduleId)], { page: 0, size: 20 });
    expect(pages.get(Number(scheduleId))!.content.map((e) => [(e.onAirTime.getTime() - T0) / MIN, e.duration / MIN])).toEqual([
      [0, 4], [4, 0.5], [4.5, 0.5], [5, 4], [9, 6], [15, 6], [30, 10], [40, 0.5],
    ]);
    const synced = await bed.services.eventCatalog.syncEventTitles(viewer, { scheduleId }, [ids[0], ids[1], ids[2], ids[6]]);
    expect(synced.version).toBe(version + 2);
    const titles = (await stateOf(scheduleId)).events.map((e) => e.title);
    expect(titles).toEqual(["Short one (title)", "Spot one (title)", "Lost spot", "News (part 2)", "Broken", "Old film", "Live", "Spot again"]);
    expect((await bed.services.eventCatalog.syncEventTitles(viewer, { scheduleId }, [ids[0]])).version).toBe(version + 2);
    await appError(bed.services.eventCatalog.syncEventTitles(viewer, { scheduleId }, ["123456789"]), "NOT_FOUND");
    expect((await appError(bed.services.eventCatalog.syncEventTitles(viewer, { scheduleId }, []), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "eventIds" });
  });

  it("treats another organization's schedule as missing (NOT_FOUND) for the reads' lookup and for every write", async () => {
    const owner = orgViewer();
    const { scheduleId, version, ids } = await problemSchedule(owner.viewer);
    const stranger = orgViewer();
    await appError(scheduleOf(stranger.viewer, scheduleId), "NOT_FOUND");
    await appError(bed.services.marks.markEpg(stranger.viewer, { scheduleId }, { locked: true }), "NOT_FOUND");
    await appError(bed.services.marks.markEpg(stranger.viewer, { scheduleId, organization: owner.org }, { locked: true }), "NOT_FOUND");
    await appError(bed.services.marks.updateByCriteria(stranger.viewer, { scheduleId }, { ids: [ids[0]], replacementType: "LIVE" }), "NOT_FOUND");
    await appError(bed.services.eventCatalog.replaceAsset(stranger.viewer, { scheduleId, version }, "A-OK", { assetId: "A-SHORT" }), "NOT_FOUND");
    await appError(bed.services.eventCatalog.syncEventTitles(stranger.viewer, { scheduleId }, [ids[0]]), "NOT_FOUND");
    expect((await stateOf(scheduleId)).version).toBe(version);
  });

  it("nothing is half-written: a replaceAsset refused inside its transaction (stale version, another organization's asset, unknown keys) leaves events, version and history as they were", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, version } = await problemSchedule(viewer);
    const other = orgViewer();
    await bed.services.assets.upsert(other.viewer, [asset("FOREIGN-1", { name: "Theirs", ms: MIN })] as unknown as AssetInput[]);
    const before = await stateOf(scheduleId);
    const replace = (v: number, original: string, replacement: string) => bed.services.eventCatalog.replaceAsset(viewer, { scheduleId, version: v }, original, { assetId: replacement, fillGaps: true });
    expect((await appError(replace(version - 1, "A-OK", "A-SHORT"), "CONFLICT")).extensions).toMatchObject({ currentVersion: version });
    const foreign = await appError(replace(version, "A-OK", "FOREIGN-1"), "BAD_USER_INPUT");
    expect(foreign.message).toMatch(/not in the catalog of organization/);
    expect(foreign.extensions).toMatchObject({ argument: "replacement", assetId: "FOREIGN-1" });
    expect((await appError(replace(version, "NOBODY", "A-SHORT"), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "assetId" });
    expect((await appError(replace(version, "A-OK", " A-OK "), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "replacement" });
    expect(await stateOf(scheduleId)).toEqual(before);
  });
});
