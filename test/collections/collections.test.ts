// Asset collections through GraphQL: CRUD, paging, versions, organizations, roles, items' assets
// through the catalog's loader, and absurd values in every field of AssetCollectionInput
// (generated from the schema) answering BAD_USER_INPUT. Rules in detail: test/templates/templates.service.test.ts.
import { isEnumType, isListType, isNonNullType, type GraphQLInputObjectType, type GraphQLInputType } from "graphql";
import { describe, expect, it } from "vitest";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { uniqueOrg, useTestService, type GraphQLClient } from "../helpers/service.js";

const t = useTestService();

const FIELDS = "id name kind version items { position mediaId asset { assetId name } }";
const CREATE = `mutation($input: AssetCollectionInput!, $org: String) { createAssetCollection(input: $input, organization: $org) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: AssetCollectionInput!, $version: Int!) { updateAssetCollection(id: $id, input: $input, version: $version) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteAssetCollection(id: $id) { id name } }`;
const GET = `query($id: ID!) { assetCollection(id: $id) { ${FIELDS} } }`;
const PAGE = `query($page: Int, $size: Int, $org: String) { assetCollections(page: $page, size: $size, organization: $org) { number size totalElements totalPages first last empty content { id name } } }`;

async function org() {
  const org = uniqueOrg();
  const [editor, viewer] = await Promise.all([t.token(org, "editor"), t.token(org, "viewer")]);
  return { org, editor: t.client(editor), viewer: t.client(viewer) };
}

const count = async (gql: GraphQLClient) => (await gql.data(PAGE, {})).assetCollections.totalElements as number;

describe("asset collections over GraphQL", () => {
  it("creates, reads with the items' assets, pages, updates with the version read, and deletes", async () => {
    const o = await org();
    await o.editor.data(`mutation { upsertAssets(assets: [{ assetId: "F1", mediaId: "F1", name: "First film" }]) { assetId } }`);
    const { createAssetCollection: made } = await o.editor.data(CREATE, { input: { name: "Films", kind: "PROGRAMMES", mediaIds: ["F1", "F2"] } });
    expect(made).toMatchObject({ name: "Films", kind: "PROGRAMMES", version: 1 });
    expect(made.items).toEqual([{ position: 0, mediaId: "F1", asset: { assetId: "F1", name: "First film" } }, { position: 1, mediaId: "F2", asset: null }]);
    expect((await o.viewer.data(GET, { id: made.id })).assetCollection).toEqual(made);
    const { updateAssetCollection } = await o.editor.data(UPDATE, { id: made.id, input: { name: "Films", kind: "PROMOS", mediaIds: ["F2"] }, version: 1 });
    expect(updateAssetCollection).toMatchObject({ kind: "PROMOS", version: 2, items: [{ position: 0, mediaId: "F2", asset: null }] });
    const stale = await o.editor.error(UPDATE, { id: made.id, input: { name: "Films", kind: "PROMOS", mediaIds: [] }, version: 1 });
    expect(stale.extensions).toMatchObject({ code: "CONFLICT", currentVersion: 2 });
    await o.editor.data(CREATE, { input: { name: "Second", kind: "FILLER", mediaIds: [] } });
    expect((await o.viewer.data(PAGE, { page: 1, size: 1 })).assetCollections).toMatchObject({ number: 1, size: 1, totalElements: 2, totalPages: 2, first: false, last: true, content: [{ name: "Second" }] });
    expect((await o.editor.data(DELETE, { id: made.id })).deleteAssetCollection).toEqual({ id: made.id, name: "Films" });
    expect((await o.viewer.data(GET, { id: made.id })).assetCollection).toBeNull();
    expect((await o.editor.error(DELETE, { id: made.id })).extensions.code).toBe("NOT_FOUND");
  });

  it("keeps organizations apart, needs a token to read and the editor role to write", async () => {
    const a = await org();
    const b = await org();
    const { createAssetCollection: made } = await a.editor.data(CREATE, { input: { name: "Mine", kind: "FILLER", mediaIds: ["X"] } });
    expect((await b.viewer.data(GET, { id: made.id })).assetCollection).toBeNull();
    expect((await b.editor.error(UPDATE, { id: made.id, input: { name: "Theirs", kind: "FILLER", mediaIds: [] }, version: 1 })).extensions.code).toBe("NOT_FOUND");
    expect((await b.editor.error(DELETE, { id: made.id })).extensions.code).toBe("NOT_FOUND");
    expect((await b.viewer.error(PAGE, { org: a.org })).extensions.code).toBe("FORBIDDEN");
    expect((await a.viewer.error(CREATE, { input: { name: "X", kind: "FILLER", mediaIds: [] } })).extensions.code).toBe("FORBIDDEN");
    expect((await a.viewer.error(DELETE, { id: made.id })).extensions.code).toBe("FORBIDDEN");
    expect((await t.client().error(PAGE, {})).extensions.code).toBe("UNAUTHENTICATED");
    expect(await count(a.viewer)).toBe(1);
  });

  it("takes 10,000 items and refuses 10,001 naming the argument, writing nothing", async () => {
    const o = await org();
    const ids = Array.from({ length: 10_000 }, (_, i) => `M${i}`);
    const { createAssetCollection } = await o.editor.data(`mutation($input: AssetCollectionInput!) { createAssetCollection(input: $input) { id items { position } } }`, { input: { name: "Big", kind: "FILLER", mediaIds: ids } });
    expect(createAssetCollection.items).toHaveLength(10_000);
    const error = await o.editor.error(CREATE, { input: { name: "Bigger", kind: "FILLER", mediaIds: [...ids, "one more"] } });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "input.mediaIds" });
    expect(await count(o.viewer)).toBe(1);
  });

  it("answers BAD_USER_INPUT, never INTERNAL_SERVER_ERROR, for absurd values in every field of AssetCollectionInput, writing nothing", async () => {
    const o = await org();
    const { createAssetCollection: made } = await o.editor.data(CREATE, { input: { name: "Base", kind: "FILLER", mediaIds: ["M"] } });
    const input = (await buildGraphQLSchema()).getType("AssetCollectionInput") as GraphQLInputObjectType;
    const absurd = (type: GraphQLInputType): unknown[] => {
      const inner = isNonNullType(type) ? type.ofType : type;
      if (isListType(inner)) return [[null], ...absurd(inner.ofType).map((v) => [v])]; // (a single value is a list of one in GraphQL)
      if (isEnumType(inner)) return ["NOPE", "", 1e300];
      return ["", "a\u0000b", "x".repeat(200_000), 1e300, -1, null];
    };
    const base = { name: "Base", kind: "FILLER", mediaIds: ["M"] };
    let sent = 0;
    for (const [name, field] of Object.entries(input.getFields())) {
      for (const value of absurd(field.type)) {
        for (const [query, vars] of [[CREATE, {}], [UPDATE, { id: made.id, version: 1 }]] as const) {
          const error = await o.editor.error(query, { ...vars, input: { ...base, [name]: value } });
          expect(error.extensions.code, `${name} = ${JSON.stringify(value)?.slice(0, 40)}: ${error.message}`).toBe("BAD_USER_INPUT");
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(30);
    expect(await count(o.viewer)).toBe(1);
    expect((await o.viewer.data(GET, { id: made.id })).assetCollection.version).toBe(1);
  });
});
