// Rights windows and separation rules (docs/CHECKS.md "Rights and separation") through GraphQL,
// with hand-worked cases; and absurd values in each of their input fields, through the services.
import { sql } from "drizzle-orm";
import { isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputObjectType, type GraphQLInputType } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../src/common/errors.js";
import { queryRows } from "../../src/db/client.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { orgViewer, useServices } from "../helpers/services.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { asset, SEC, UPSERT } from "./helpers.js";

const t = useTestService();
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const ISSUES = `valid totals { rightsIssues separationIssues problems } rightsIssues { eventId mediaId reason } separationIssues { eventId otherEventId rule gapMs }`;
const VALIDATE = `query($id: ID!) { schedule(id: $id) { validation { ${ISSUES} } } }`;
const CREATE_EVENT = `mutation($s: ID!, $input: EventInput!, $cs: ID) { createEvent(scheduleId: $s, input: $input, changeSetId: $cs) { id } }`;
const ASSET = `query($a: String!) { asset(assetId: $a) { rights { start end channels maxRuns maxRunsPerDay } advertiser productCategory version } }`;

/** The catalog: each asset with one kind of rights, and three spots for the separation rules. */
const CATALOG = [
  { ...asset("R-WIN", { mediaId: "M-WIN", name: "In a window", ms: 10 * MIN }), rights: [{ start: iso(T0), end: iso(T0 + HOUR) }] },
  { ...asset("R-CH", { mediaId: "M-CH", name: "Channel Two only", ms: 10 * MIN }), rights: [{ channels: ["Two"] }] },
  { ...asset("R-CAP", { mediaId: "M-CAP", name: "Two runs on One", ms: 10 * MIN }), rights: [{ channels: ["One"], maxRuns: 2 }] },
  { ...asset("R-DAY", { mediaId: "M-DAY", name: "Once a day", ms: 10 * MIN }), rights: [{ start: null, end: null, maxRunsPerDay: 1 }] },
  { ...asset("SPOT-A", { name: "Acme cars", ms: 30 * SEC }), advertiser: "Acme", productCategory: "Cars" },
  { ...asset("SPOT-B", { name: "Acme food", ms: 30 * SEC }), advertiser: "Acme", productCategory: "Food" },
  { ...asset("SPOT-C", { name: "Zed cars", ms: 30 * SEC }), advertiser: "Zed", productCategory: "Cars" },
];

const SEPARATION = { sameAssetMinMs: 10 * MIN, sameAdvertiserMinMs: 5 * MIN, sameCategoryMinMs: 3 * MIN };

interface World {
  gql: GraphQLClient;
  main: string;
  /** E0 … E11, as in `world`. */
  e: string[];
}

/**
 * Schedules "Other" (channel One: M-CAP at T0 − 10 min, and a draft with M-CAP at T0 − 5 min) and
 * "Elsewhere" (channel Two: M-CAP at T0 − 20 min), then "Main" (channel One, SEPARATION) with,
 * minutes from T0:
 * E0 0 M-WIN (in its window) · E1 70 M-WIN (OUTSIDE_WINDOW) · E2 2 M-CH (CHANNEL) · E3 3 M-CAP (the
 * 2nd run on One: Other's is the 1st) · E4 20 M-CAP (the 3rd: MAX_RUNS) · E5 4 M-DAY · E6 30 M-DAY
 * (2nd of the day: MAX_RUNS_PER_DAY) · E7 24 h M-DAY (next day) · E8 40 SPOT-A · E9 42 SPOT-B
 * (Acme 2 min after E8: ADVERTISER) · E10 42.5 SPOT-C (Cars 2.5 min after E8: CATEGORY) · E11 46
 * SPOT-A (6 min after E8: ASSET; Acme 4 min after E9: ADVERTISER; Cars 3.5 min after E10: none).
 */
async function world(): Promise<World> {
  const { gql } = await orgClient(t);
  const other = await createSchedule(gql, "Other", { channel: "One" });
  const elsewhere = await createSchedule(gql, "Elsewhere", { channel: "Two" });
  await gql.data(UPSERT, { assets: CATALOG });
  await addEvents(gql, other.id, [{ at: T0 - 10 * MIN, duration: MIN, mediaId: "M-CAP" }]);
  await addEvents(gql, elsewhere.id, [{ at: T0 - 20 * MIN, duration: MIN, mediaId: "M-CAP" }]);
  const { createChangeSet } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: other.id });
  await gql.data(CREATE_EVENT, { s: other.id, cs: createChangeSet.id, input: { onAirTime: iso(T0 - 5 * MIN), duration: MIN, title: "Draft", mediaId: "M-CAP" } });
  const main = await createSchedule(gql, "Main", { channel: "One", separation: SEPARATION });
  const e = await addEvents(gql, main.id, [
    { at: T0, duration: MIN, mediaId: "M-WIN" },
    { at: T0 + 70 * MIN, duration: MIN, mediaId: "M-WIN" },
    { at: T0 + 2 * MIN, duration: MIN, mediaId: "M-CH" },
    { at: T0 + 3 * MIN, duration: MIN, mediaId: "M-CAP" },
    { at: T0 + 20 * MIN, duration: MIN, mediaId: "M-CAP" },
    { at: T0 + 4 * MIN, duration: MIN, mediaId: "M-DAY" },
    { at: T0 + 30 * MIN, duration: MIN, mediaId: "M-DAY" },
    { at: T0 + DAY, duration: MIN, mediaId: "M-DAY" },
    { at: T0 + 40 * MIN, duration: 30 * SEC, mediaId: "SPOT-A", eventType: "ADVERTISEMENT" },
    { at: T0 + 42 * MIN, duration: 30 * SEC, mediaId: "SPOT-B", eventType: "ADVERTISEMENT" },
    { at: T0 + 42 * MIN + 30 * SEC, duration: 30 * SEC, mediaId: "SPOT-C", eventType: "ADVERTISEMENT" },
    { at: T0 + 46 * MIN, duration: 30 * SEC, mediaId: "SPOT-A", eventType: "ADVERTISEMENT" },
  ]);
  return { gql, main: main.id, e };
}

const EXPECTED_RIGHTS = (e: string[]) => [
  { eventId: e[2], mediaId: "M-CH", reason: "CHANNEL" },
  { eventId: e[4], mediaId: "M-CAP", reason: "MAX_RUNS" },
  { eventId: e[6], mediaId: "M-DAY", reason: "MAX_RUNS_PER_DAY" },
  { eventId: e[1], mediaId: "M-WIN", reason: "OUTSIDE_WINDOW" },
];
const EXPECTED_SEPARATION = (e: string[]) => [
  { eventId: e[9], otherEventId: e[8], rule: "ADVERTISER", gapMs: 120_000 },
  { eventId: e[10], otherEventId: e[8], rule: "CATEGORY", gapMs: 150_000 },
  { eventId: e[11], otherEventId: e[8], rule: "ASSET", gapMs: 360_000 },
  { eventId: e[11], otherEventId: e[9], rule: "ADVERTISER", gapMs: 240_000 },
];

describe("rights windows and separation rules in validation", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it("stores and answers the new asset and schedule fields", async () => {
    const { asset: cap } = await w.gql.data(ASSET, { a: "R-CAP" });
    expect(cap).toMatchObject({ rights: [{ start: null, end: null, channels: ["One"], maxRuns: 2, maxRunsPerDay: null }], advertiser: null, productCategory: null });
    const { asset: win } = await w.gql.data(ASSET, { a: "R-WIN" });
    expect(win.rights).toEqual([{ start: iso(T0), end: iso(T0 + HOUR), channels: [], maxRuns: null, maxRunsPerDay: null }]);
    const { asset: spot } = await w.gql.data(ASSET, { a: "SPOT-A" });
    expect(spot).toMatchObject({ rights: [], advertiser: "Acme", productCategory: "Cars" });
    const { schedule } = await w.gql.data(`query($id: ID!) { schedule(id: $id) { separation { sameAssetMinMs sameAdvertiserMinMs sameCategoryMinMs } } }`, { id: w.main });
    expect(schedule.separation).toEqual(SEPARATION);
  });

  it("reports each reason and each rule, exactly, with their totals; runs counted on the channel across schedules, not on another channel or in a draft", async () => {
    const { schedule } = await w.gql.data(VALIDATE, { id: w.main });
    const v = schedule.validation;
    expect(v.rightsIssues).toEqual(EXPECTED_RIGHTS(w.e));
    expect(v.separationIssues).toEqual(EXPECTED_SEPARATION(w.e));
    expect(v.totals).toMatchObject({ rightsIssues: 4, separationIssues: 4 });
    expect(v.totals.problems).toBeGreaterThanOrEqual(8);
    expect(v.valid).toBe(false);
  });

  it("bounds the lists with fullList: false, totals complete", async () => {
    const { schedule } = await w.gql.data(`query($id: ID!) { schedule(id: $id) { validation(fullList: false) { limit ${ISSUES} } } }`, { id: w.main });
    expect(schedule.validation.limit).toBe(10);
    expect(schedule.validation.rightsIssues).toHaveLength(4);
    expect(schedule.validation.totals).toMatchObject({ rightsIssues: 4, separationIssues: 4 });
  });

  it("a draft of the schedule counts its own events in place of the live ones", async () => {
    const { createChangeSet } = await w.gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: w.main });
    const { changeSet } = await w.gql.data(`query($id: ID!) { changeSet(id: $id) { validation { ${ISSUES} } } }`, { id: createChangeSet.id });
    expect(changeSet.validation.totals).toMatchObject({ rightsIssues: 4, separationIssues: 4 });
    expect(changeSet.validation.rightsIssues.map((i: { reason: string }) => i.reason)).toEqual(["CHANNEL", "MAX_RUNS", "MAX_RUNS_PER_DAY", "OUTSIDE_WINDOW"]);
  });

  it("a schedule with none of them is valid as before; separation off reports nothing", async () => {
    const { gql } = await orgClient(t);
    await gql.data(UPSERT, { assets: CATALOG.slice(4) });
    const s = await createSchedule(gql, "Plain", { channel: "One" });
    await addEvents(gql, s.id, [
      { at: T0, duration: 30 * SEC, mediaId: "SPOT-A" },
      { at: T0 + 30 * SEC, duration: 30 * SEC, mediaId: "SPOT-A" },
    ]);
    const { schedule } = await gql.data(VALIDATE, { id: s.id });
    expect(schedule.validation).toMatchObject({ valid: true, rightsIssues: [], separationIssues: [], totals: { rightsIssues: 0, separationIssues: 0, problems: 0 } });
  });

  it("copySchedule copies the separation rules; updateSchedule changes one member and keeps the others", async () => {
    const { copySchedule } = await w.gql.data(`mutation($id: ID!) { copySchedule(id: $id) { id separation { sameAssetMinMs sameAdvertiserMinMs sameCategoryMinMs } } }`, { id: w.main });
    expect(copySchedule.separation).toEqual(SEPARATION);
    const { updateSchedule } = await w.gql.data(
      `mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { separation { sameAssetMinMs sameAdvertiserMinMs sameCategoryMinMs } } }`,
      { id: copySchedule.id, input: { separation: { sameAssetMinMs: 0 } } },
    );
    expect(updateSchedule.separation).toEqual({ ...SEPARATION, sameAssetMinMs: 0 });
  });
});

describe("bad input names the field and writes nothing", () => {
  const window = (fields: Record<string, unknown>) => ({ assetId: "BAD", name: "Bad", rights: [{ channels: [] }, fields] });
  const CASES: [string, Record<string, unknown>, string][] = [
    ["an end before its start", window({ start: iso(T0 + HOUR), end: iso(T0) }), "assets[0].rights[1].end"],
    ["a negative maxRuns", window({ maxRuns: -1 }), "assets[0].rights[1].maxRuns"],
    ["a negative maxRunsPerDay", window({ maxRunsPerDay: -1 }), "assets[0].rights[1].maxRunsPerDay"],
    ["an unknown channel", window({ channels: ["One", "Nowhere"] }), "assets[0].rights[1].channels[1]"],
  ];
  for (const [what, input, argument] of CASES) {
    it(`upsertAssets: ${what}`, async () => {
      const { gql } = await orgClient(t);
      await createSchedule(gql, "Channel One", { channel: "One" });
      const error = await gql.error(UPSERT, { assets: [input] });
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument });
      expect((await gql.data(ASSET, { a: "BAD" })).asset).toBeNull();
    });
  }

  it("a channel is known once a schedule of the organization has it", async () => {
    const { gql } = await orgClient(t);
    expect((await gql.error(UPSERT, { assets: [window({ channels: ["One"] })] })).extensions.argument).toBe("assets[0].rights[1].channels[0]");
    await createSchedule(gql, "Channel One", { channel: "One" });
    await gql.data(UPSERT, { assets: [window({ channels: ["One"] })] });
    expect((await gql.data(ASSET, { a: "BAD" })).asset.rights[1].channels).toEqual(["One"]);
  });

  for (const member of ["sameAssetMinMs", "sameAdvertiserMinMs", "sameCategoryMinMs"]) {
    it(`createSchedule and updateSchedule: a negative separation.${member}`, async () => {
      const { gql } = await orgClient(t);
      const error = await gql.error(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: "Neg", separation: { [member]: -1 } } });
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: `input.separation.${member}` });
      const { schedules } = await gql.data(`{ schedules { totalElements } }`);
      expect(schedules.totalElements).toBe(0);
      const s = await createSchedule(gql, "Kept", { separation: SEPARATION });
      const update = await gql.error(`mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id } }`, { id: s.id, input: { separation: { [member]: -5 } } });
      expect(update.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: `input.separation.${member}` });
      const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { version separation { sameAssetMinMs sameAdvertiserMinMs sameCategoryMinMs } } }`, { id: s.id });
      expect(schedule).toEqual({ version: s.version, separation: SEPARATION });
    });
  }
});

// Every field of the new inputs, generated from the schema the app builds: absurd values (as the
// service receives them, GraphQL's own checks skipped) answer BAD_USER_INPUT and write nothing.
describe("absurd values in every field of the new inputs", async () => {
  const bed = useServices();
  const schema = await buildGraphQLSchema();
  const ABSURD_TEXTS = ["a\u0000b", "x".repeat(100_000), "\ud800", "\u001b[31m", "a\nb"];
  const ABSURD_NUMBERS = [1e300, -1e300, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY];
  function absurd(type: GraphQLInputType): unknown[] {
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) return [[null], ...absurd(inner.ofType).slice(0, 3).map((v) => [v]), "not a list"];
    if (isEnumType(inner)) return ["NOPE", "\u0000", 7];
    if (isScalarType(inner) && ["Int", "SafeInt", "Float"].includes(inner.name)) return [...ABSURD_NUMBERS, "7"];
    if (isScalarType(inner) && inner.name === "DateTime") return [...ABSURD_TEXTS, 1e300, -1, new Date(Number.NaN), new Date(8.64e15)];
    if (isScalarType(inner)) return [...ABSURD_TEXTS, 1e300, -1];
    return [];
  }
  function* fieldCases(type: GraphQLInputObjectType, base: Record<string, unknown>, path: string, only?: string[]): Generator<[string, Record<string, unknown>]> {
    for (const [name, field] of Object.entries(type.getFields())) {
      if (only && !only.includes(name)) continue;
      const inner = isNonNullType(field.type) ? field.type.ofType : field.type;
      if (isListType(inner) && isInputObjectType(isNonNullType(inner.ofType) ? inner.ofType.ofType : inner.ofType)) continue;
      for (const value of absurd(field.type)) yield [`${path}.${name} = ${JSON.stringify(value)?.slice(0, 30)}`, { ...base, [name]: value }];
    }
  }
  async function rowsOf(org: string): Promise<string> {
    const [row] = await queryRows<{ h: string }>(
      bed.handle.db,
      sql`select md5(coalesce((select string_agg(a::text, ',' order by a.id) from assets a where organization = ${org}), '') || coalesce((select string_agg(s::text, ',' order by s.id) from schedules s where organization = ${org}), '')) as h`,
    );
    return row.h;
  }
  async function refused(what: string, work: Promise<unknown>): Promise<void> {
    const error = await work.then(() => new Error(`${what}: accepted`), (e: unknown) => e);
    expect(error instanceof AppError && error.code, `${what}: ${String(error)}`).toBe("BAD_USER_INPUT");
  }

  it("AssetInput (rights, advertiser, productCategory) and RightsWindowInput", async () => {
    const { org, viewer } = orgViewer();
    await bed.services.schedules.create(viewer, { name: "Channel One", channel: "One" });
    const windowBase = { start: new Date(T0), end: new Date(T0 + HOUR), channels: ["One"], maxRuns: 2, maxRunsPerDay: 1 };
    const base = { assetId: "F", name: "Fuzz", rights: [windowBase], advertiser: "Acme", productCategory: "Cars" };
    await bed.services.assets.upsert(viewer, [base as never]);
    const before = await rowsOf(org);
    const cases = [
      ...fieldCases(schema.getType("AssetInput") as GraphQLInputObjectType, base, "assets[0]", ["rights", "advertiser", "productCategory"]),
      ...[...fieldCases(schema.getType("RightsWindowInput") as GraphQLInputObjectType, windowBase, "assets[0].rights[0]")].map(([what, w]) => [what, { ...base, rights: [w] }] as [string, Record<string, unknown>]),
      ["assets[0].rights = [null]", { ...base, rights: [null] }] as [string, Record<string, unknown>],
      ["assets[0].rights = 101 windows", { ...base, rights: Array.from({ length: 101 }, () => windowBase) }] as [string, Record<string, unknown>],
    ];
    let n = 0;
    for (const [what, input] of cases) {
      // A null member clears (advertiser) or means "no cap" (maxRuns): not absurd.
      await refused(what, bed.services.assets.upsert(viewer, [input as never]));
      n++;
    }
    expect(n).toBeGreaterThan(40);
    expect(await rowsOf(org)).toBe(before);
  });

  it("ScheduleInput.separation and SeparationRulesInput", async () => {
    const { org, viewer } = orgViewer();
    const made = await bed.services.schedules.create(viewer, { name: "Base" });
    const before = await rowsOf(org);
    const rules = { sameAssetMinMs: 1, sameAdvertiserMinMs: 2, sameCategoryMinMs: 3 };
    const cases = [
      ...[...fieldCases(schema.getType("SeparationRulesInput") as GraphQLInputObjectType, rules, "input.separation")].map(([what, s]) => [what, { name: "Base", separation: s }] as [string, Record<string, unknown>]),
      ["input.separation = 7", { name: "Base", separation: 7 }] as [string, Record<string, unknown>],
      ["input.separation = []", { name: "Base", separation: [] }] as [string, Record<string, unknown>],
    ];
    let n = 0;
    for (const [what, input] of cases) {
      await refused(what, bed.services.schedules.create(viewer, input as never));
      await refused(what, bed.services.schedules.update(viewer, made.id, input as never));
      n += 2;
    }
    expect(n).toBeGreaterThan(40);
    expect(await rowsOf(org)).toBe(before);
  });
});
