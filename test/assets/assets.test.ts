import { type GraphQLNamedType, type GraphQLObjectType, getNamedType, isLeafType, isListType, isNonNullType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { FULL_ASSET_CHANNEL, fullAssetExpected, fullAssetInput } from "../fixtures/assets.js";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

/** Every field of a type, recursively: the whole Asset as a selection set. */
function selectionOf(type: GraphQLObjectType): string {
  return Object.values(type.getFields())
    .map((field) => {
      const named = getNamedType(field.type);
      return isLeafType(named) ? field.name : `${field.name} { ${selectionOf(named as GraphQLObjectType)} }`;
    })
    .join(" ");
}

/** Paths of schema members that a value leaves null or empty (lists are checked on their first item). */
function unfilledMembers(type: GraphQLNamedType, value: any, path: string, skip: Set<string>): string[] {
  if (!isObjectType(type)) return [];
  const missing: string[] = [];
  for (const field of Object.values(type.getFields())) {
    const at = path ? `${path}.${field.name}` : field.name;
    if (skip.has(at)) continue;
    const member = value?.[field.name];
    const fieldType = isNonNullType(field.type) ? field.type.ofType : field.type;
    if (member === null || member === undefined || (isListType(fieldType) && member.length === 0)) {
      missing.push(at);
      continue;
    }
    missing.push(...unfilledMembers(getNamedType(field.type), isListType(fieldType) ? member[0] : member, at, skip));
  }
  return missing;
}

const SERVER_FIELDS = ["id", "organization", "version", "dateCreated", "dateUpdated"];
const withoutServerFields = (asset: any) => Object.fromEntries(Object.entries(asset).filter(([key]) => !SERVER_FIELDS.includes(key)));

let assetSelection: string;
async function selection(): Promise<string> {
  assetSelection ??= selectionOf((await buildGraphQLSchema()).getType("Asset") as GraphQLObjectType);
  return assetSelection;
}

const UPSERT = (fields: string) => `mutation($assets: [AssetInput!]!, $organization: String) { upsertAssets(assets: $assets, organization: $organization) { ${fields} } }`;
const GET = (fields: string) => `query($assetId: String!, $organization: String) { asset(assetId: $assetId, organization: $organization) { ${fields} } }`;
const LIST = `query($name: String, $page: Int, $size: Int, $organization: String) {
  assets(name: $name, page: $page, size: $size, organization: $organization) {
    content { assetId name } number size totalElements totalPages numberOfElements first last empty
    pageable { offset pageNumber pageSize paged unpaged } sort { property direction ascending }
  } }`;

/** A schedule on the channel the full asset's rights window names (a window names only known channels). */
const onChannel = (gql: { data(query: string, variables?: Record<string, unknown>): Promise<unknown> }) =>
  gql.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: "On air", channel: FULL_ASSET_CHANNEL } });

describe("asset catalog", () => {
  it("round-trips every nested member of an asset", async () => {
    const schema = await buildGraphQLSchema();
    const expected = fullAssetExpected("A-FULL");
    // The fixture must fill every member the schema has, or this test would prove less than it says.
    expect(unfilledMembers(schema.getType("Asset")!, expected, "", new Set(SERVER_FIELDS))).toEqual([]);

    const { org, gql } = await orgClient(t);
    await onChannel(gql);
    const fields = await selection();
    const { upsertAssets } = await gql.data(UPSERT(fields), { assets: [fullAssetInput("A-FULL")] });
    expect(upsertAssets).toHaveLength(1);
    expect(withoutServerFields(upsertAssets[0])).toEqual(expected);
    expect(upsertAssets[0]).toMatchObject({ organization: org, version: 1 });
    expect(upsertAssets[0].dateCreated).toMatch(/Z$/);

    const { asset } = await gql.data(GET(fields), { assetId: "A-FULL" });
    expect(asset).toEqual(upsertAssets[0]);
    const { assets } = await gql.data(`{ assets { content { ${fields} } } }`);
    expect(assets.content).toEqual([upsertAssets[0]]);
  });

  it("bumps the version only when an upsert changes the record, keeping members left out", async () => {
    const { gql } = await orgClient(t);
    const fields = "assetId mediaId name version dateUpdated storageType metadata { durationInMilliseconds } fileCount tags { name }";
    const first = (await gql.data(UPSERT(fields), { assets: [{ assetId: "A1", mediaId: "M1", name: "One", storageType: "ONLINE", metadata: { durationInMilliseconds: 60000 } }] })).upsertAssets[0];
    expect(first).toMatchObject({ version: 1, mediaId: "M1", fileCount: null, tags: null });

    const same = (await gql.data(UPSERT(fields), { assets: [{ assetId: "A1", mediaId: "M1", name: "One" }] })).upsertAssets[0];
    expect(same).toEqual(first);

    const renamed = (await gql.data(UPSERT(fields), { assets: [{ assetId: "A1", name: "One, renamed" }, { assetId: "A2", name: "Two", fileData: [{ id: "f" }, { id: "g" }] }] })).upsertAssets;
    expect(renamed[0]).toMatchObject({ assetId: "A1", version: 2, name: "One, renamed", mediaId: "M1", storageType: "ONLINE", metadata: { durationInMilliseconds: 60000 } });
    expect(renamed[1]).toMatchObject({ assetId: "A2", version: 1, fileCount: 2 });

    const cleared = (await gql.data(UPSERT(fields), { assets: [{ assetId: "A1", mediaId: null, metadata: null, tags: [{ name: "x" }] }] })).upsertAssets[0];
    expect(cleared).toMatchObject({ version: 3, mediaId: null, metadata: null, name: "One, renamed", tags: [{ name: "x" }] });
    const { asset } = await gql.data(GET("version mediaId"), { assetId: "A1" });
    expect(asset).toEqual({ version: 3, mediaId: null });
  });

  it("searches names case-insensitively and pages like schedules", async () => {
    const { gql } = await orgClient(t);
    const inputs = Array.from({ length: 25 }, (_, i) => ({ assetId: `MEDIA-${String(25 - i).padStart(4, "0")}`, name: i % 2 ? `Evening News ${i}` : `Cartoon ${i}` }));
    inputs.push({ assetId: "ZZ-PCT", name: "100% Drama" });
    await gql.data(UPSERT("assetId"), { assets: inputs });

    const first = (await gql.data(LIST, {})).assets;
    expect(first).toMatchObject({ number: 0, size: 20, totalElements: 26, totalPages: 2, numberOfElements: 20, first: true, last: false, empty: false });
    expect(first.content[0].assetId).toBe("MEDIA-0001");
    expect(first.sort).toEqual([{ property: "assetId", direction: "ASC", ascending: true }]);
    const second = (await gql.data(LIST, { page: 1 })).assets;
    expect(second).toMatchObject({ number: 1, numberOfElements: 6, last: true, pageable: { offset: 20, pageNumber: 1, pageSize: 20, paged: true, unpaged: false } });
    expect(second.content.at(-1).assetId).toBe("ZZ-PCT");

    const news = (await gql.data(LIST, { name: "NEWS", size: 5 })).assets;
    expect(news).toMatchObject({ totalElements: 12, totalPages: 3, numberOfElements: 5 });
    expect(news.content.every((a: any) => a.name.startsWith("Evening News"))).toBe(true);
    expect((await gql.data(LIST, { name: "0%" })).assets.content.map((a: any) => a.assetId)).toEqual(["ZZ-PCT"]);
    expect((await gql.data(LIST, { name: "_" })).assets.totalElements).toBe(0);
    expect((await gql.data(LIST, { name: "nothing like it" })).assets).toMatchObject({ totalElements: 0, empty: true, content: [] });
    for (const variables of [{ size: 0 }, { size: 1001 }, { page: -1 }]) {
      expect((await gql.error(LIST, variables)).extensions.code, JSON.stringify(variables)).toBe("BAD_USER_INPUT");
    }
  });

  it("keeps another organization's assets invisible", async () => {
    const a = await orgClient(t);
    const b = await orgClient(t);
    await b.gql.data(UPSERT("assetId"), { assets: [{ assetId: "SHARED", name: "B's" }] });
    expect((await a.gql.data(GET("assetId"), { assetId: "SHARED" })).asset).toBeNull();
    expect((await a.gql.data(GET("assetId"), { assetId: "SHARED", organization: b.org })).asset).toBeNull();
    expect((await a.gql.error(LIST, { organization: b.org })).extensions.code).toBe("FORBIDDEN");
    expect((await a.gql.error(UPSERT("assetId"), { assets: [{ assetId: "X" }], organization: b.org })).extensions.code).toBe("FORBIDDEN");

    const mine = (await a.gql.data(UPSERT("assetId name version organization"), { assets: [{ assetId: "SHARED", name: "A's" }] })).upsertAssets[0];
    expect(mine).toEqual({ assetId: "SHARED", name: "A's", version: 1, organization: a.org });
    expect((await b.gql.data(GET("name version"), { assetId: "SHARED" })).asset).toEqual({ name: "B's", version: 1 });
    expect((await a.gql.data(LIST, {})).assets.totalElements).toBe(1);
  });

  it("lets viewers read and only editors write", async () => {
    const { org, gql } = await orgClient(t, "viewer");
    expect((await gql.error(UPSERT("assetId"), { assets: [{ assetId: "V" }] })).extensions.code).toBe("FORBIDDEN");
    expect((await gql.data(LIST, {})).assets.totalElements).toBe(0);
    expect((await gql.data(GET("assetId"), { assetId: "V", organization: org })).asset).toBeNull();
  });

  it("refuses bad input with the field named, writing nothing", async () => {
    const { gql } = await orgClient(t);
    const valid = { assetId: "OK-1", name: "fine" };
    const cases: [unknown[], string][] = [
      [[valid, { assetId: "  " }], "assets[1].assetId"],
      [[valid, { assetId: "OK-1" }], "assets[1].assetId"],
      [[valid, { assetId: "N", assetSize: -1 }], "assets[1].assetSize"],
      [[valid, { assetId: "N", fileData: [{ file: { fileSize: -5 } }] }], "assets[1].fileData[0].file.fileSize"],
      [[valid, { assetId: "N", metadata: { durationInMilliseconds: -1 } }], "assets[1].metadata.durationInMilliseconds"],
      [[valid, { assetId: "N", systemFields: { splitPartOffsets: [10, -10] } }], "assets[1].systemFields.splitPartOffsets[1]"],
      [[valid, { assetId: "N", fileData: [{}, { processingInfo: { percentDone: 101 } }] }], "assets[1].fileData[1].processingInfo.percentDone"],
      [[valid, { assetId: "N", customFields: { rating: 5 } }], "assets[1].customFields.rating"],
      [[valid, { assetId: "N", metadata: { fps: 0 } }], "assets[1].metadata.fps"],
      [[valid, { assetId: "N", mediaId: "" }], "assets[1].mediaId"],
      [[valid, { assetId: "N", tags: [{ name: " " }] }], "assets[1].tags[0].name"],
      [[valid, { assetId: "x".repeat(201) }], "assets[1].assetId"],
    ];
    for (const [assets, field] of cases) {
      const error = await gql.error(UPSERT("assetId"), { assets });
      expect(error.extensions, field).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(error.message).toContain(field);
    }
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ assetId: `BULK-${i}` }));
    const error = await gql.error(UPSERT("assetId"), { assets: tooMany });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "assets" });
    expect((await gql.data(LIST, {})).assets.totalElements).toBe(0);
    expect((await gql.data(UPSERT("assetId"), { assets: [] })).upsertAssets).toEqual([]);
  });

  it("serializes concurrent upserts of overlapping assets without losing a change", async () => {
    const { gql } = await orgClient(t);
    const ids = ["C1", "C2", "C3", "C4", "C5", "C6"];
    await gql.data(UPSERT("assetId"), { assets: ids.map((assetId) => ({ assetId, name: "start" })) });
    const orders = [ids, [...ids].reverse(), [ids[3], ids[0], ids[5], ids[2], ids[4], ids[1]], [ids[2], ids[5], ids[1], ids[4], ids[0], ids[3]]];
    const results = await Promise.all(orders.map((order, i) => gql.request(UPSERT("assetId version"), { assets: [...order.map((assetId) => ({ assetId, name: `writer ${i}` })), { assetId: `NEW-${i % 2}`, name: `writer ${i}` }] })));
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined]);
    const { assets } = await gql.data(`{ assets(size: 100) { content { assetId version name } } }`);
    for (const asset of assets.content.filter((a: any) => a.assetId.startsWith("C"))) expect(asset.version, asset.assetId).toBe(5);
    const names = new Set(assets.content.filter((a: any) => a.assetId.startsWith("C")).map((a: any) => a.name));
    expect(names.size).toBe(1);
  });

  it("writes 1,000 assets in one call", async () => {
    const { gql } = await orgClient(t);
    await onChannel(gql);
    const many = Array.from({ length: 1000 }, (_, i) => fullAssetInput(`BULK-${String(i).padStart(4, "0")}`));
    const { upsertAssets } = await gql.data(UPSERT("assetId version"), { assets: many });
    expect(upsertAssets).toHaveLength(1000);
    expect(upsertAssets[999]).toEqual({ assetId: "BULK-0999", version: 1 });
    expect((await gql.data(LIST, { size: 1 })).assets.totalElements).toBe(1000);
  });
});
