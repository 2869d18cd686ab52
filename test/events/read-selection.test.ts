// Pages of events and the schedule list read only what a query selects (look-back, the `data`
// document, the count): whatever is selected, the answer is the same as with everything selected.
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";
import { addEvents, createSchedule, MIN, T0 } from "./helpers.js";

const t = useTestService();

const ASSET_FIELDS = `assetId mediaId name systemFields { title som } customFields tags { name } version`;
const LEAN = `{ schedules(size: 5) { content { id events(size: 10) { content { id title onAirTime duration version asset { ${ASSET_FIELDS} } }
  programmes gaps overlaps } } } }`;
const FULL = `{ schedules(size: 5) { content { id events(size: 10) { content { id title onAirTime duration version asset { ${ASSET_FIELDS} }
  houseId assetData { assetId } programme { title } } programmes gaps overlaps totalElements } } } }`;

describe("events: a page reads what the query selects", () => {
  it("answers column fields, asset, programmes, gaps and overlaps alike with and without data fields", async () => {
    const { gql } = await orgClient(t, "admin");
    await gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, {
      a: [
        { assetId: "A-1", mediaId: "M-1", name: "One", systemFields: { title: "Title one", som: 5 }, customFields: { k: "v" }, tags: [{ name: "t1" }] },
        { assetId: "A-2", mediaId: "M-2", name: "Two", systemFields: { title: "Title two" } },
      ],
    });
    const s = await createSchedule(gql);
    await addEvents(gql, s.id, [
      { at: T0, duration: 20 * MIN, title: "Film", assetData: { assetId: "A-1" }, programme: { title: "EPG film" }, houseId: "H1" },
      { at: T0 + 22 * MIN, duration: 10 * MIN, title: "By media", mediaId: "M-2" }, // 2 min gap; asset by mediaId
      { at: T0 + 30 * MIN, duration: 10 * MIN, title: "News", assetData: { assetId: "" }, mediaId: "M-1" }, // 2 min overlap
      { at: T0 + 40 * MIN, duration: 5 * MIN, title: "Nothing", assetData: { assetId: "NONE" } },
    ]);
    const lean = (await gql.data(LEAN)).schedules.content.find((x: any) => x.id === s.id).events;
    const full = (await gql.data(FULL)).schedules.content.find((x: any) => x.id === s.id).events;
    expect(lean.programmes).toEqual({ "EPG film": 1, "By media": 1, News: 1, Nothing: 1 });
    expect(lean.gaps).toEqual(full.gaps);
    expect(lean.overlaps).toEqual(full.overlaps);
    expect(Object.values(lean.gaps)).toEqual([2 * MIN]);
    expect(Object.values(lean.overlaps)).toEqual([2 * MIN]);
    expect(lean.programmes).toEqual(full.programmes);
    expect(lean.content).toEqual(full.content.map(({ houseId: _h, assetData: _a, programme: _p, ...rest }: any) => rest));
    expect(lean.content.map((e: any) => e.asset?.assetId ?? null)).toEqual(["A-1", "A-2", "A-1", null]);
    expect(lean.content[0].asset).toEqual({
      assetId: "A-1",
      mediaId: "M-1",
      name: "One",
      systemFields: { title: "Title one", som: 5 },
      customFields: { k: "v" },
      tags: [{ name: "t1" }],
      version: 1,
    });
    expect(full.content[0]).toMatchObject({ houseId: "H1", assetData: { assetId: "A-1" }, programme: { title: "EPG film" } });
  });

  it("counts the schedules only when the page's totals are asked, and answers them right then", async () => {
    const { gql } = await orgClient(t, "admin");
    for (const name of ["a", "b", "c"]) await createSchedule(gql, name);
    const plain = (await gql.data(`{ schedules(size: 2) { content { name } number size numberOfElements first empty } }`)).schedules;
    expect(plain).toEqual({ content: [{ name: "a" }, { name: "b" }], number: 0, size: 2, numberOfElements: 2, first: true, empty: false });
    const counted = (await gql.data(`{ schedules(size: 2) { ... on SchedulePage { totalElements totalPages last } content { name } } }`)).schedules;
    expect(counted).toEqual({ totalElements: 3, totalPages: 2, last: false, content: [{ name: "a" }, { name: "b" }] });
  });
});
