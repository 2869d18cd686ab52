// CollectionService and TemplateService called directly with a Viewer (no HTTP, no GraphQL), and
// what the generation job uses (planningInputs, readSlotPositions, writeSlotPositions). The same
// over GraphQL: test/collections/collections.test.ts, test/templates/templates.test.ts.
import { sql } from "drizzle-orm";
import { isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputObjectType, type GraphQLInputType } from "graphql";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../src/common/auth.js";
import { AppError } from "../../src/common/errors.js";
import { queryRows } from "../../src/db/client.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { planningInputs, readSlotPositions, writeSlotPositions } from "../../src/templates/index.js";
import type { SlotInputValues, TemplateInputValues } from "../../src/templates/rules.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();
const collections = () => bed.services.collections;
const templates = () => bed.services.templates;

const live = (extra: Partial<SlotInputValues> = {}): SlotInputValues => ({ days: ["MON"], start: "06:00", anchor: "HARD", source: "LIVE", eventType: "LIVE", durationMs: 3_600_000, ...extra });
const week = (slots: SlotInputValues[], extra: Partial<TemplateInputValues> = {}): TemplateInputValues => ({ name: "Week", timeZone: "Europe/London", broadcastDayStart: "06:00", slots, ...extra });

async function rowsOf(org: string): Promise<{ collections: number; templates: number; hash: string }> {
  const [r] = await queryRows<{ c: string; t: string; h: string }>(
    bed.handle.db,
    sql`select (select count(*) from asset_collections where organization = ${org})::text as c, (select count(*) from schedule_templates where organization = ${org})::text as t,
      coalesce((select string_agg(x::text, '|' order by x.id) from asset_collections x where organization = ${org}), '') || coalesce((select string_agg(y::text, '|' order by y.id) from schedule_templates y where organization = ${org}), '') as h`,
  );
  return { collections: Number(r.c), templates: Number(r.t), hash: r.h };
}

/** Three collections of each kind the fields take, in a fresh organization. */
async function library(viewer: Viewer) {
  const c = collections();
  const films = await c.create(viewer, { name: "Films", kind: "PROGRAMMES", mediaIds: ["F1", "F2", "F3"] });
  const ads = await c.create(viewer, { name: "Ads", kind: "ADVERTISEMENTS", mediaIds: ["A1", "A2"] });
  const filler = await c.create(viewer, { name: "Filler", kind: "FILLER", mediaIds: ["S1"] });
  return { films, ads, filler };
}

describe("CollectionService", () => {
  it("creates, reads, pages, updates with the version read, and deletes", async () => {
    const { org, viewer } = orgViewer();
    const made = await collections().create(viewer, { name: " Films ", kind: "PROGRAMMES", mediaIds: ["B", "A", "B"] });
    expect(made).toMatchObject({ name: "Films", kind: "PROGRAMMES", version: 1 });
    expect(made.items.map((i) => [i.position, i.mediaId])).toEqual([[0, "B"], [1, "A"], [2, "B"]]);
    expect(await collections().get(viewerOf(org, "viewer"), made.id)).toEqual(made);
    const changed = await collections().update(viewer, made.id, { name: "Films", kind: "FILLER", mediaIds: ["C"] }, 1);
    expect(changed).toMatchObject({ kind: "FILLER", version: 2, items: [{ position: 0, mediaId: "C" }] });
    const stale = await appError(collections().update(viewer, made.id, { name: "X", kind: "FILLER", mediaIds: [] }, 1), "CONFLICT");
    expect(stale.extensions.currentVersion).toBe(2);
    for (let i = 0; i < 4; i++) await collections().create(viewer, { name: `C${i}`, kind: "PROMOS", mediaIds: [] });
    const page = await collections().list(viewer, { page: 1, size: 2 });
    expect(page).toMatchObject({ number: 1, size: 2, totalElements: 5, totalPages: 3, numberOfElements: 2, first: false, last: false });
    expect(page.content.map((c) => c.name)).toEqual(["C1", "C2"]);
    expect(page.sort).toEqual([{ property: "id", direction: "ASC", ascending: true, ignoreCase: false, nullHandling: "NATIVE" }]);
    expect((await collections().delete(viewer, made.id)).name).toBe("Films");
    await appError(collections().get(viewer, made.id), "NOT_FOUND");
    await appError(collections().delete(viewer, made.id), "NOT_FOUND");
  });

  it("keeps organizations apart: another organization's id is NOT_FOUND, naming it FORBIDDEN only for pages", async () => {
    const a = orgViewer();
    const b = orgViewer();
    const made = await collections().create(a.viewer, { name: "Mine", kind: "FILLER", mediaIds: ["X"] });
    await appError(collections().get(b.viewer, made.id), "NOT_FOUND");
    await appError(collections().get(b.viewer, made.id, a.org), "NOT_FOUND");
    await appError(collections().update(b.viewer, made.id, { name: "Theirs", kind: "FILLER", mediaIds: [] }, 1), "NOT_FOUND");
    await appError(collections().delete(b.viewer, made.id), "NOT_FOUND");
    await appError(collections().list(b.viewer, { organization: a.org }), "FORBIDDEN");
    expect((await collections().list(b.viewer, {})).totalElements).toBe(0);
    expect((await collections().get(a.viewer, made.id)).version).toBe(1);
  });

  it("needs the editor role to write", async () => {
    const { org } = orgViewer();
    const viewer = viewerOf(org, "viewer");
    await appError(collections().create(viewer, { name: "X", kind: "FILLER", mediaIds: [] }), "FORBIDDEN");
    expect((await collections().list(viewer, {})).totalElements).toBe(0);
  });

  it("refuses to delete a collection a template uses, naming the template; free again once the template lets go", async () => {
    const { viewer } = orgViewer();
    const { films, ads, filler } = await library(viewer);
    const t = await templates().create(viewer, week([live({ fillerCollectionId: filler.id }), { days: ["TUE"], start: "07:00", anchor: "SOFT", source: "COLLECTION", eventType: "PRIMARY", collectionId: films.id, breakCollectionId: ads.id, breakMs: 60_000 }], { name: "Weekdays" }));
    for (const used of [films, ads, filler]) {
      const error = await appError(collections().delete(viewer, used.id), "CONFLICT");
      expect(error.message).toContain('"Weekdays"');
      expect(error.extensions.templateIds).toEqual([t.id]);
    }
    await templates().update(viewer, t.id, week([live()]), 1);
    await collections().delete(viewer, films.id);
    await templates().delete(viewer, t.id);
    await collections().delete(viewer, ads.id);
  });
});

describe("TemplateService", () => {
  it("creates a template whose slots read back with ids <template>.<index>, defaults filled, times in canonical form", async () => {
    const { viewer } = orgViewer();
    const { films } = await library(viewer);
    const t = await templates().create(viewer, week([live({ start: "05:00:30", days: ["SUN", "MON"] }), { days: ["MON"], start: "06:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: films.id, items: 2 }], { timeZone: "Etc/UTC", broadcastDayStart: "06:00" }));
    expect(t).toMatchObject({ name: "Week", timeZone: "UTC", broadcastDayStart: "06:00", version: 1 });
    expect(t.slots[0]).toMatchObject({ id: `${t.id}.0`, days: ["MON", "SUN"], start: "05:00:30", order: "SEQUENTIAL", overrun: "DROP", title: null, durationMs: 3_600_000 });
    expect(t.slots[1]).toMatchObject({ id: `${t.id}.1`, collectionId: films.id, items: 2, durationMs: null, mediaId: null });
    expect(await templates().get(viewer, t.id)).toEqual(t);
    const changed = await templates().update(viewer, t.id, week([], { name: "Empty" }), 1);
    expect(changed).toMatchObject({ name: "Empty", slots: [], version: 2 });
    expect((await appError(templates().update(viewer, t.id, week([]), 1), "CONFLICT")).extensions.currentVersion).toBe(2);
    const page = await templates().list(viewer, { size: 1 });
    expect(page).toMatchObject({ totalElements: 1, content: [{ id: t.id }] });
    await templates().delete(viewer, t.id);
    await appError(templates().get(viewer, t.id), "NOT_FOUND");
  });

  it("checks the slots' collections: missing or another organization's NOT_FOUND naming the field, a wrong kind BAD_USER_INPUT; nothing written", async () => {
    const { org, viewer } = orgViewer();
    const other = orgViewer();
    const { films, ads } = await library(viewer);
    const theirs = await collections().create(other.viewer, { name: "Theirs", kind: "PROGRAMMES", mediaIds: [] });
    const coll = (extra: Partial<SlotInputValues>): SlotInputValues => ({ days: ["MON"], start: "06:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: films.id, ...extra });
    const before = await rowsOf(org);
    const cases: [SlotInputValues, string, string][] = [
      [coll({ collectionId: "999999999" }), "NOT_FOUND", "input.slots[1].collectionId"],
      [coll({ collectionId: theirs.id }), "NOT_FOUND", "input.slots[1].collectionId"],
      [coll({ collectionId: ads.id }), "BAD_USER_INPUT", "input.slots[1].collectionId"],
      [coll({ breakCollectionId: films.id, breakMs: 60_000 }), "BAD_USER_INPUT", "input.slots[1].breakCollectionId"],
      [coll({ fillerCollectionId: ads.id }), "BAD_USER_INPUT", "input.slots[1].fillerCollectionId"],
      [coll({ start: "25:00" }), "BAD_USER_INPUT", "input.slots[1].start"],
    ];
    for (const [bad, code, argument] of cases) {
      const error = await appError(templates().create(viewer, week([live(), bad])), code as "NOT_FOUND");
      expect(error.extensions.argument, error.message).toBe(argument);
    }
    const t = await templates().create(viewer, week([live()]));
    await appError(templates().update(viewer, t.id, week([live(), coll({ collectionId: ads.id })]), 1), "BAD_USER_INPUT");
    expect(await rowsOf(org)).toEqual({ ...before, templates: 1, hash: (await rowsOf(org)).hash });
    expect((await templates().get(viewer, t.id)).version).toBe(1);
  });

  it("keeps organizations apart and needs the editor role to write", async () => {
    const a = orgViewer();
    const b = orgViewer();
    const t = await templates().create(a.viewer, week([live()]));
    await appError(templates().get(b.viewer, t.id), "NOT_FOUND");
    await appError(templates().update(b.viewer, t.id, week([]), 1), "NOT_FOUND");
    await appError(templates().delete(b.viewer, t.id, a.org), "NOT_FOUND");
    await appError(templates().create(viewerOf(a.org, "viewer"), week([])), "FORBIDDEN");
    await appError(templates().delete(viewerOf(a.org, "viewer"), t.id), "FORBIDDEN");
    expect((await templates().get(viewerOf(a.org, "viewer"), t.id)).id).toBe(t.id);
    await appError(templates().get(a.viewer, "x1"), "BAD_USER_INPUT");
  });
});

describe("what the generation job uses", () => {
  it("planningInputs: the template as the planner takes it, with its collections and their assets", async () => {
    const { org, viewer } = orgViewer();
    await bed.services.assets.upsert(viewer, [
      { assetId: "F1", mediaId: "F1", name: "First film", metadata: { durationInMilliseconds: 5_400_000 } },
      { assetId: "F2", mediaId: "F2", name: "Second film", systemFields: { title: "The Second" } },
      { assetId: "A1", mediaId: "A1", name: "Ad", metadata: { durationInMilliseconds: 30_000 } },
      { assetId: "OPEN", mediaId: "OPEN", name: "Opener", metadata: { durationInMilliseconds: 10_000 } },
    ] as never);
    const { films, ads, filler } = await library(viewer);
    const t = await templates().create(viewer, week([
      { days: ["MON"], start: "05:59:50", anchor: "HARD", source: "ASSET", eventType: "PRIMARY", mediaId: "OPEN" },
      { days: ["MON"], start: "06:00", anchor: "HARD", source: "ASSET", eventType: "PRIMARY", mediaId: "NOPE" },
      { days: ["MON", "TUE"], start: "07:00", anchor: "SOFT", source: "COLLECTION", eventType: "PRIMARY", collectionId: films.id, order: "SHUFFLE", breakCollectionId: ads.id, breakMs: 60_000, fillerCollectionId: filler.id, overrun: "TRIM" },
    ], { timeZone: "Europe/London", broadcastDayStart: "06:00" }));
    const inputs = await planningInputs(bed.handle.db, viewer, t.id);
    expect(inputs).toMatchObject({ templateId: t.id, version: 1, name: "Week", template: { zone: "Europe/London", dayStartMs: 6 * 3_600_000 } });
    expect(inputs.template.slots[0]).toEqual({
      id: `${t.id}.0`, days: ["MON"], startMs: 6 * 3_600_000 - 10_000, anchor: "HARD", source: "ASSET", title: null, eventType: "PRIMARY",
      asset: { mediaId: "OPEN", durationMs: 10_000, title: "Opener", assetId: "OPEN", rights: [], advertiser: null, productCategory: null }, mediaId: "OPEN", collectionId: null, order: "SEQUENTIAL", items: null, durationMs: null,
      breakCollectionId: null, breakMs: null, fillerCollectionId: null, overrun: "DROP",
    });
    expect(inputs.template.slots[1].asset).toBeNull();
    expect(inputs.template.slots[2]).toMatchObject({ id: `${t.id}.2`, collectionId: films.id, order: "SHUFFLE", breakMs: 60_000, overrun: "TRIM" });
    expect([...inputs.collections.keys()].sort()).toEqual([films.id, ads.id, filler.id].sort());
    expect(inputs.collections.get(films.id)).toEqual({
      id: films.id, name: "Films", kind: "PROGRAMMES",
      items: [
        expect.objectContaining({ mediaId: "F1", durationMs: 5_400_000, title: "First film" }),
        expect.objectContaining({ mediaId: "F2", durationMs: null, title: "The Second" }),
        { mediaId: "F3", durationMs: null, title: null },
      ],
    });
    // An item carries its asset's traffic fields (the generation keeps rights and separation).
    expect(inputs.collections.get(ads.id)!.items[0]).toEqual({ mediaId: "A1", durationMs: 30_000, title: "Ad", assetId: expect.any(String), rights: [], advertiser: null, productCategory: null });
    await appError(planningInputs(bed.handle.db, orgViewer().viewer, t.id), "NOT_FOUND");
    await appError(planningInputs(bed.handle.db, viewer, "999999999", org), "NOT_FOUND");
  });

  it("readSlotPositions and writeSlotPositions: the last position on or before a date, upserted per date", async () => {
    const { org, viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Channel" });
    const id = Number(s.id);
    await writeSlotPositions(bed.handle.db, org, id, "2026-03-02", new Map([["1.0", 3], ["1.2", 7]]));
    await writeSlotPositions(bed.handle.db, org, id, "2026-03-04", new Map([["1.0", 5]]));
    await writeSlotPositions(bed.handle.db, org, id, "2026-03-04", new Map([["1.0", 6]]));
    expect(await readSlotPositions(bed.handle.db, id, ["1.0", "1.2", "9.9"], "2026-03-01")).toEqual(new Map());
    expect(await readSlotPositions(bed.handle.db, id, ["1.0", "1.2", "9.9"], "2026-03-03")).toEqual(new Map([["1.0", 3], ["1.2", 7]]));
    expect(await readSlotPositions(bed.handle.db, id, ["1.0", "1.2"], "2026-03-04")).toEqual(new Map([["1.0", 6], ["1.2", 7]]));
    expect(await readSlotPositions(bed.handle.db, id, [], "2026-03-04")).toEqual(new Map());
    await expect(readSlotPositions(bed.handle.db, id, ["1.0"], "2026-02-30")).rejects.toBeInstanceOf(AppError);
    // They go with their schedule.
    await bed.services.schedules.delete(viewer, s.id);
    const [{ n }] = await queryRows<{ n: string }>(bed.handle.db, sql`select count(*)::text as n from template_slot_positions where schedule_id = ${id}`);
    expect(n).toBe("0");
  });
});

// Every field of the inputs, generated from the schema the app builds (a field added tomorrow is
// checked the day it is added): absurd values answer BAD_USER_INPUT and write nothing.
describe("absurd values in every input field", async () => {
  const schema = await buildGraphQLSchema();
  const ABSURD_TEXTS = ["a\u0000b", "x".repeat(100_000), "\ud800", "\u001b[31m", "a\nb"];
  const ABSURD_NUMBERS = [1e300, -1e300, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY];
  /** The absurd values of a field's type (as the service receives them: GraphQL's own checks skipped). */
  function absurd(type: GraphQLInputType): unknown[] {
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) return [[null], ...absurd(inner.ofType).slice(0, 3).map((v) => [v]), "not a list"];
    if (isEnumType(inner)) return ["NOPE", "\u0000", 7];
    if (isScalarType(inner) && ["Int", "SafeInt", "Float"].includes(inner.name)) return [...ABSURD_NUMBERS, "7"];
    if (isScalarType(inner)) return [...ABSURD_TEXTS, 1e300, -1];
    return [];
  }

  function* fieldCases(type: GraphQLInputObjectType, base: Record<string, unknown>, path: string): Generator<[string, Record<string, unknown>]> {
    for (const [name, field] of Object.entries(type.getFields())) {
      const inner = isNonNullType(field.type) ? field.type.ofType : field.type;
      if (isListType(inner) && isInputObjectType(isNonNullType(inner.ofType) ? inner.ofType.ofType : inner.ofType)) continue; // its items: below
      for (const value of absurd(field.type)) yield [`${path}.${name} = ${JSON.stringify(value)?.slice(0, 30)}`, { ...base, [name]: value }];
    }
  }

  it("AssetCollectionInput", async () => {
    const { org, viewer } = orgViewer();
    const made = await collections().create(viewer, { name: "Base", kind: "FILLER", mediaIds: ["M"] });
    const before = await rowsOf(org);
    const base = { name: "Base", kind: "FILLER", mediaIds: ["M"] };
    let n = 0;
    for (const [what, input] of fieldCases(schema.getType("AssetCollectionInput") as GraphQLInputObjectType, base, "input")) {
      for (const work of [collections().create(viewer, input as never), collections().update(viewer, made.id, input as never, 1)]) {
        const error = await work.then(() => new Error(`${what}: accepted`), (e: unknown) => e);
        expect(error instanceof AppError && error.code, `${what}: ${String(error)}`).toBe("BAD_USER_INPUT");
        n++;
      }
    }
    expect(n).toBeGreaterThan(20);
    expect(await rowsOf(org)).toEqual(before);
  });

  it("ScheduleTemplateInput and TemplateSlotInput", async () => {
    const { org, viewer } = orgViewer();
    const { films, ads, filler } = await library(viewer);
    const slot = { days: ["MON"], start: "06:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: films.id, items: 2, breakCollectionId: ads.id, breakMs: 60_000, fillerCollectionId: filler.id, title: "T", order: "SEQUENTIAL", overrun: "DROP" };
    const base = { name: "Base", timeZone: "UTC", broadcastDayStart: "06:00", slots: [slot] };
    const made = await templates().create(viewer, base as never);
    const before = await rowsOf(org);
    const cases = [
      ...fieldCases(schema.getType("ScheduleTemplateInput") as GraphQLInputObjectType, base, "input"),
      ...[...fieldCases(schema.getType("TemplateSlotInput") as GraphQLInputObjectType, slot, "input.slots[0]")].map(([what, s]) => [what, { ...base, slots: [s] }] as [string, Record<string, unknown>]),
      ["input.slots = [null]", { ...base, slots: [null] }] as [string, Record<string, unknown>],
      ["input.slots = 501", { ...base, slots: Array.from({ length: 501 }, () => slot) }] as [string, Record<string, unknown>],
    ];
    // mediaId is absurd on a COLLECTION slot whatever its value; on an ASSET slot too when absurd.
    for (const [what, input] of cases) {
      for (const work of [templates().create(viewer, input as never), templates().update(viewer, made.id, input as never, 1)]) {
        const error = await work.then(() => new Error(`${what}: accepted`), (e: unknown) => e);
        expect(error instanceof AppError && error.code, `${what}: ${String(error)}`).toBe("BAD_USER_INPUT");
      }
    }
    const asset = { ...slot, source: "ASSET", collectionId: null, mediaId: "M" };
    for (const [what, s] of fieldCases(schema.getType("TemplateSlotInput") as GraphQLInputObjectType, asset, "input.slots[0]")) {
      if (!what.includes(".mediaId")) continue;
      await appError(templates().create(viewer, { ...base, slots: [s] } as never), "BAD_USER_INPUT");
    }
    expect(cases.length).toBeGreaterThan(80);
    expect(await rowsOf(org)).toEqual(before);
  });
});
