// Pages of events built as JSON by PostgreSQL (events/json-reads.ts) answer exactly what the
// row-by-row read (events/pages.ts + the asset loader) answers. Each query below is asked twice:
// as written (the JSON read), and with `_old: programmes` added to every events selection, which
// json-plan.ts does not build, so the page goes the old way; the answers must be equal.
import { describe, expect, it } from "vitest";
import { jsonSchedulesPages } from "../../src/events/json-reads.js";
import { jsonPagesDocuments } from "../../src/schedules/index.js";
import { statementsOf } from "../helpers/statements.js";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "./helpers.js";
import { drawing } from "../helpers/input-values.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs

const ASSETS = [
  {
    assetId: "A-1", mediaId: "M-1", name: "One", assetSize: 12345, advertiser: "Acme", productCategory: "Soap", fileCount: 2, storageType: "ONLINE", dateApplied: "2026-02-01T10:00:00.123Z",
    systemFields: { title: "Title one", som: 5, recordingInfo: { channelId: "C1", startTime: "2026-02-01T09:00:00Z" } },
    customFields: { k: "v" }, tags: [{ name: "t1" }, { name: "t2" }], metadata: { fps: 25, resolution: "1080p" }, qcInfo: { qcStatus: "PASSED" },
    sourceAssetData: { sourceId: "S-1", assetVersion: 3 },
  },
  { assetId: "A-2", mediaId: "M-2", name: "Two", systemFields: { title: "Title two" } },
  // Two assets share a mediaId: the smallest assetId is the one named by it.
  { assetId: "A-9", mediaId: "M-S", name: "Nine" },
  { assetId: "A-8", mediaId: "M-S", name: "Eight" },
  // A document that is not an object where one is expected is answered as the old read answers it.
  { assetId: "A-3", name: "No documents", systemFields: null },
];

/** Field selections: `%` is where the old read is forced. */
const QUERIES: Record<string, string> = {
  columns: `{ schedules { content { id name events { % content { id scheduleId onAirTime duration eventType title locked mediaId status version __typename } } } } }`,
  assetWhole: `{ schedules(size: 5) { content { id events(size: 20) { % content { id asset { assetId organization mediaId name assetSize fileCount storageType version advertiser productCategory
    dateApplied dateCreated dateUpdated customFields tags { name } metadata { fps resolution } qcInfo { qcStatus } sourceAssetData { sourceId assetVersion }
    systemFields { title som recordingInfo { channelId startTime } } __typename } } } } } }`,
  assetTitle: `{ schedules(size: 20) { content { id name events(size: 50) { % content { id title onAirTime duration asset { systemFields { title } } } } } } }`,
  aliasesAndFragments: `query { schedules(size: 5) { content { id e1: events(size: 3) { % ...Meta content { ...F asset { aid: assetId ...A } } }
    e2: events(page: 1, size: 3) { % content { i: id t: title m: mediaId } number last } } } }
    fragment Meta on EventPage { totalElements totalPages last number size numberOfElements first empty pageable { offset pageNumber pageSize } sort { property direction } }
    fragment F on Event { id onAirTime ... on Event { title } }
    fragment A on Asset { name systemFields { title } systemFields { som } }`,
  filters: `{ schedules { content { id events(term: "i", eventType: PRIMARY, from: "${iso(T0 + 10 * MIN)}", to: "${iso(T0 + 60 * MIN)}", size: 10) { %
    totalElements content { id title asset { name } } } } } }`,
  dataFields: `{ schedules { content { id events(size: 50) { % content { id houseId som label assetData { assetId title } programme { title startTime } voiceovers { name } } } } } }`,
  // Timecodes come from their resolvers with the times the JSON read fetches for them.
  timecodes: `{ schedules(size: 3) { content { id events(size: 8) { % content { id onAirTimecode durationTimecode somTimecode eomTimecode } } } } }`,
  // Events by column (json-reads.ts): no value but the asset, and no value at all (only the count).
  onlyAsset: `{ schedules(size: 3) { content { id events(size: 6) { % content { asset { name } } } } } }`,
  onlyTypename: `{ schedules(size: 3) { content { id events(size: 6) { % content { __typename } totalElements } } } }`,
  pastTheEnd: `{ schedules { content { id events(page: 7, size: 5) { % content { id } totalElements last empty } } } }`,
  // Query.schedules reads its page and the events pages in one statement (events/json-fold.ts):
  // every schedule field, a sort and a later page of schedules, a selected schedule, a directive.
  foldedEverySchedulesField: `{ schedules(sort: ["name,desc"], size: 2, page: 1) { number content { id organization name channel channelId playlistType
    status txdate fps fpsFloat dropFrame graphicsProject graphicsProjectV2 breakMin breakMax archiveStatus version startDate finishDate dateApplied
    dateCreated dateUpdated deleted finiteType loopType events(size: 3) { % content { id title } totalElements } } } }`,
  foldedSelected: `query($id: ID!) { schedules(size: 1, selectedScheduleId: $id) { number content { id events(size: 2, term: "film") { % content { id title } } } } }`,
  foldedDirective: `{ schedules { content { id events(size: 3) { % content { id title @skip(if: true) mediaId @include(if: false) } } } } }`,
  oneSchedule: `query($id: ID!) { schedule(id: $id) { id events(size: 4) { % content { id mediaId asset { assetId name } } totalElements } } }`,
  oneScheduleEveryField: `query($id: ID!) { schedule(id: $id) { id organization name channel channelId playlistType status txdate fps fpsFloat dropFrame
    graphicsProject graphicsProjectV2 breakMin breakMax archiveStatus version startDate finishDate dateApplied dateCreated dateUpdated deleted finiteType
    loopType events(size: 3, eventType: PRIMARY) { % content { id title houseId som } totalElements totalPages } } }`,
  oneScheduleLaterPage: `query($id: ID!) { schedule(id: $id) { id events(page: 1, size: 4) { % content { id asset { assetId } } } } }`,
  // Later and filtered pages take the same one-statement read; the total is counted only when a member needs it.
  q4: `query($id: ID!) { schedule(id: $id) { id events(eventType: PRIMARY, page: 1, size: 2) { % content { id title onAirTime duration eventType
    asset { assetId name mediaId assetSize systemFields { title } } } } } }`,
  laterPageEveryMember: `query($id: ID!) { schedule(id: $id) { id events(page: 2, size: 3) { % content { id title asset { name } } totalElements totalPages last number
    numberOfElements first empty size pageable { offset pageNumber pageSize paged unpaged hasNextPage hasPreviousPage sort { property direction } }
    sort { property direction ascending ignoreCase nullHandling } } } }`,
  laterPageNoTotal: `query($id: ID!) { schedule(id: $id) { events(page: 1, size: 3) { % content { id } number numberOfElements first empty size
    pageable { offset pageNumber pageSize hasPreviousPage } } } }`,
  pastTheEndOfOne: `query($id: ID!) { schedule(id: $id) { events(page: 9, size: 5) { % content { id } totalElements totalPages last empty } } }`,
  windowLaterPage: `query($id: ID!) { schedule(id: $id) { events(from: "${iso(T0 + 20 * MIN)}", to: "${iso(T0 + 58 * MIN)}", page: 1, size: 2) { %
    content { id title } totalElements } } }`,
  filteredSortedSchedules: `{ schedules(sort: ["name,desc"]) { content { name events(eventType: PRIMARY, term: "i", page: 1, size: 2) { %
    content { id title } totalElements totalPages last pageable { hasNextPage } } } } }`,
  // A later page is read from the nearer end of the events when the statement knows how many match: both ends, with and without a filter.
  unfilteredNearStart: `query($id: ID!) { schedule(id: $id) { events(page: 1, size: 2) { % content { id title } } } }`,
  filteredNearStart: `query($id: ID!) { schedule(id: $id) { events(eventType: PRIMARY, page: 1, size: 1) { % content { id title } totalElements } } }`,
  filteredNearEnd: `query($id: ID!) { schedule(id: $id) { events(eventType: PRIMARY, page: 2, size: 2) { % content { id title } totalPages last } } }`,
  hugePage: `query($id: ID!) { schedule(id: $id) { events(page: 2000000000, size: 1000) { % content { id } totalElements last } } }`,
  hugeFilteredPage: `query($id: ID!) { schedule(id: $id) { events(eventType: PRIMARY, page: 2000000000, size: 1000) { % content { id } empty } } }`,
  // Schedules read by another field: their events through the DataLoader, here one schedule's later page.
  laterPageByLoader: `{ schedulesByGraphicsProject(name: "G") { id events(page: 1, size: 3) { % content { id title } totalElements last } } }`,
};

/** Statements of the JSON read where it is not one: two aliases with other pages (one per page), a selected schedule's position, schedules read apart. */
const STATEMENTS: Record<string, number> = { aliasesAndFragments: 3, foldedSelected: 2, laterPageByLoader: 2 };

/** The answer with every `_old` member removed. */
function withoutOld(value: any): any {
  if (Array.isArray(value)) return value.map(withoutOld);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== "_old").map(([k, v]) => [k, withoutOld(v)]));
}

const counted = (gql: GraphQLClient, query: string, variables: Record<string, unknown>) => statementsOf(gql, query, variables);

async function bothWays(gql: GraphQLClient, query: string, variables: Record<string, unknown> = {}) {
  const json = await counted(gql, query.replaceAll("%", ""), variables);
  const old = await counted(gql, query.replaceAll("%", "_old: programmes"), variables);
  return { json: json.data, old: withoutOld(old.data), statements: { json: json.statements, old: old.statements } };
}

describe("events: pages built as JSON by PostgreSQL", () => {
  it("answer what the row-by-row read answers, for columns, data fields, assets, aliases, fragments, paging and filters", async () => {
    const other = await orgClient(t, "admin");
    // Another organization with an asset of the same key and one only it has, and a schedule of its own.
    await other.gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, {
      a: [{ assetId: "A-1", name: "Not yours", systemFields: { title: "Foreign" } }, { assetId: "A-X", mediaId: "M-X", name: "Foreign only" }],
    });
    const foreign = await createSchedule(other.gql, "Foreign");
    await addEvents(other.gql, foreign.id, [{ at: T0, duration: MIN, title: "Foreign event", assetData: { assetId: "A-1" } }]);

    const { gql } = await orgClient(t, "admin");
    await gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, { a: ASSETS });
    const day = await createSchedule(gql, "Day", { graphicsProject: "G" });
    await createSchedule(gql, "Empty");
    const night = await createSchedule(gql, "Night");
    await addEvents(gql, day.id, [
      { at: T0, duration: 20 * MIN, title: "Film", assetData: { assetId: "A-1", title: "stored title" }, programme: { title: "EPG film", startTime: iso(T0) }, houseId: "H1", som: 7 },
      { at: T0 + 22 * MIN, duration: 10 * MIN, title: "By media", mediaId: "M-2", label: "L", voiceovers: [{ name: "vo" }] },
      { at: T0 + 30 * MIN, duration: 10 * MIN, title: "Empty asset id", assetData: { assetId: "" }, mediaId: "M-1", eventType: "ADVERTISEMENT" },
      { at: T0 + 40 * MIN, duration: 5 * MIN, title: "Nothing in the catalog", assetData: { assetId: "NONE" }, locked: true },
      { at: T0 + 45 * MIN, duration: 5 * MIN, title: "Shared media id", mediaId: "M-S", status: "READY" },
      { at: T0 + 50 * MIN, duration: 5 * MIN, title: "Foreign asset", assetData: { assetId: "A-X" }, mediaId: "M-X" },
      { at: T0 + 55 * MIN, duration: 5 * MIN, title: "Live, no asset", eventType: "LIVE" },
      { at: T0 + 60 * MIN, duration: 5 * MIN, title: "No documents", assetData: { assetId: "A-3" } },
    ]);
    await addEvents(gql, night.id, [
      { at: T0 + 600 * MIN, duration: 30 * MIN, title: "Night film", assetData: { assetId: "A-1" } },
      { at: T0 + 630 * MIN, duration: 30 * MIN, title: "Night news", mediaId: "M-S" },
    ]);

    for (const [name, query] of Object.entries(QUERIES)) {
      const { json, old, statements } = await bothWays(gql, query, query.includes("$id") ? { id: day.id } : {});
      expect(json, name).toEqual(old);
      expect(statements.json, name).toBe(STATEMENTS[name] ?? 1);
    }

    // The schedules of the other organization are not listed, and its assets are not joined.
    const { json, statements } = await bothWays(gql, QUERIES.assetWhole);
    expect(json.schedules.content.map((s: any) => s.id)).toEqual([day.id, expect.any(String), night.id]);
    const assetIds = json.schedules.content[0].events.content.map((e: any) => e.asset?.assetId ?? null);
    expect(assetIds).toEqual(["A-1", "A-2", "A-1", null, "A-8", null, null, "A-3"]);
    expect(json.schedules.content[0].events.content[0].asset.name).toBe("One");
    expect(json.schedules.content[0].events.content[0].asset.dateApplied).toBe("2026-02-01T10:00:00.123Z");
    // The JSON read asks once for the schedules with every events page and its assets; the old read asks for the assets apart.
    expect(statements.json).toBe(1);
    expect(statements.json).toBeLessThan(statements.old);
  });

  it("sends each asset once per statement, and answers every event naming it with the asset of its schedule's organization", async () => {
    const orgs = [await orgClient(t, "admin"), await orgClient(t, "admin")];
    const ids: number[] = [];
    for (const [i, { gql }] of orgs.entries()) {
      // Both organizations have an asset A-1, each its own.
      await gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, { a: [{ assetId: "A-1", name: `One of ${i}` }] });
      const schedule = await createSchedule(gql, `Day ${i}`);
      await addEvents(gql, schedule.id, [
        { at: T0, duration: MIN, title: "First", assetData: { assetId: "A-1" } },
        { at: T0 + MIN, duration: MIN, title: "Second", assetData: { assetId: "A-1" } },
        { at: T0 + 2 * MIN, duration: MIN, title: "Not in the catalog", assetData: { assetId: "NONE" } },
        { at: T0 + 3 * MIN, duration: MIN, title: "No asset", eventType: "LIVE" },
      ]);
      ids.push(Number(schedule.id));
    }
    const plan = { key: "test", columns: ["id"], data: [], asset: { columns: ["name"], documents: [] }, total: false };
    const request = { page: 0, size: 10 };

    const documents = await jsonPagesDocuments(t.service.database.db, ids, request, null, plan);
    // By column: organizations, keys, then the selected column (name); a key no asset answers to is not listed.
    const [organizations, keys, names] = documents.assets;
    expect(keys!.map((key, i) => [organizations![i], key, names![i]])).toEqual(
      expect.arrayContaining([
        [orgs[0].org, "A-1", "One of 0"],
        [orgs[1].org, "A-1", "One of 1"],
      ]),
    );
    expect(keys).toHaveLength(2);
    expect(documents.pages.map((page) => page.e.at(-1))).toEqual([["A-1", "A-1", "NONE", null], ["A-1", "A-1", "NONE", null]]);
    expect(documents.pages.map((page) => page.e[0])).toEqual([4, 4]);

    const pages = await jsonSchedulesPages(t.service.database.db, ids, request, null, plan);
    for (const [i, id] of ids.entries()) {
      const events = pages.get(id)!.content as unknown as Record<string, any>[];
      expect(events.map((e) => e.preloadedAsset?.name ?? null)).toEqual([`One of ${i}`, `One of ${i}`, null, null]);
      // One object per asset, shared by the events that name it.
      expect(events[1].preloadedAsset).toBe(events[0].preloadedAsset);
    }
  });

  it("answers null for a schedule that is missing or another organization's, as the old read does", async () => {
    const other = await orgClient(t, "admin");
    const foreign = await createSchedule(other.gql, "Foreign");
    const { gql } = await orgClient(t, "admin");
    for (const id of [foreign.id, "987654321"]) {
      const query = `query($id: ID!) { schedule(id: $id) { id events(size: 3) { % content { id title } } } }`;
      const json = await gql.request(query.replaceAll("%", ""), { id });
      const old = await gql.request(query.replaceAll("%", "_old: programmes"), { id });
      expect(json.errors?.map((e: any) => [e.message, e.extensions?.code]), id).toEqual(old.errors?.map((e: any) => [e.message, e.extensions?.code]));
      expect(json.errors, id).toBeUndefined();
      expect(json.data.schedule, id).toBeNull();
      expect(old.data.schedule, id).toBeNull();
    }
  });

  it("refuses bad page arguments and filters as the old read does", async () => {
    const { gql } = await orgClient(t, "admin");
    const day = await createSchedule(gql, "Day");
    const bad = [`size: 0`, `size: 5000`, `page: -1`, `page: 2, size: 0`, `page: 1.5`, `page: 3, from: "${iso(T0 + MIN)}", to: "${iso(T0)}"`];
    for (const args of bad) {
      for (const query of [
        `{ schedules { content { id events(${args}) { % content { id } } } } }`,
        `query($id: ID!) { schedule(id: $id) { id events(${args}) { % content { id } totalElements } } }`,
      ]) {
        const json = await gql.request(query.replaceAll("%", ""), { id: day.id });
        const old = await gql.request(query.replaceAll("%", "_old: programmes"), { id: day.id });
        const errors = (r: any) => r.errors?.map((e: any) => [e.message, e.extensions?.code, e.path]);
        expect(errors(json), `${args} ${query}`).toEqual(errors(old));
        expect(json.errors?.length, args).toBeGreaterThan(0);
      }
    }
  });

  it("keeps one statement per shape that answers for every value: random schedules, organizations, pages, sizes and filters in turn agree with the row read", async () => {
    // The statements of pages are kept per shape with their values as placeholders (planned-select.ts
    // plannedStatement), a filter's too (their shape is which conditions are present): a value
    // written into a kept text would answer the next request wrongly.
    const clients = [await orgClient(t, "admin"), await orgClient(t, "admin")];
    const owned: { gql: GraphQLClient; id: string }[] = [];
    for (const [n, { gql }] of clients.entries()) {
      for (let k = 0; k < 3; k++) {
        const schedule = await createSchedule(gql, `Kept ${n}.${k}`, k === 1 ? {} : { graphicsProject: "G" });
        const count = 3 + ((n * 3 + k) * 5) % 11;
        await addEvents(gql, schedule.id, Array.from({ length: count }, (_, i) => ({ at: T0 + i * 7 * MIN, duration: 7 * MIN, title: `E${n}.${k}.${i}`, eventType: i % 3 ? "PRIMARY" : "ADVERTISEMENT" })));
        owned.push({ gql, id: schedule.id });
      }
    }
    const draw = drawing(7);
    // A set of filter arguments drawn for a step (which are present shapes a kept text), each with
    // its values drawn anew for every request: the step's second request reuses the first's text.
    const filterShape = () => [draw(2), draw(3) === 0, draw(3) === 0, draw(3) === 0];
    const filter = ([type, term, from, to]: (number | boolean)[]) => {
      const args = [
        type ? `eventType: ${["PRIMARY", "ADVERTISEMENT"][draw(2)]}` : "",
        term ? `term: ${JSON.stringify(["E0", "E1.", ".1", "2", "e1.2.1"][draw(5)])}` : "",
        from ? `from: "${iso(T0 + draw(40) * MIN)}"` : "",
        to ? `to: "${iso(T0 + (40 + draw(40)) * MIN)}"` : "",
      ].filter(Boolean);
      return args.map((a) => `, ${a}`).join("");
    };
    type Shape = (page: number, size: number, filter: string) => string;
    const shapes: Shape[] = [
      (page, size, f) => `query($id: ID!) { schedule(id: $id) { id name events(page: ${page}, size: ${size}${f}) { % content { id title } totalElements } } }`,
      (page, size, f) => `query($id: ID!) { schedule(id: $id) { id events(page: ${page}, size: ${size}${f}) { % content { id onAirTime } } } }`,
      (page, size, f) => `{ schedules(page: ${page % 2}, size: 2) { content { id events(page: ${page}, size: ${size}${f}) { % content { id } totalElements } } totalElements } }`,
      (page, size, f) => `{ schedules(page: ${page % 3}, size: 1, sort: ["name,desc"]) { content { name events(page: ${page}, size: ${size}${f}) { % content { title } } } } }`,
      // Through the DataLoader (jsonSchedulesPages), not folded into the schedules' statement.
      (page, size, f) => `{ schedulesByGraphicsProject(name: "G") { id events(page: ${page}, size: ${size}${f}) { % content { id title } totalElements last } } }`,
    ];
    for (let step = 0; step < 40; step++) {
      const [shape, page, size, filters] = [shapes[draw(shapes.length)], draw(4), [1, 2, 3, 5][draw(4)], filterShape()];
      for (let again = 0; again < 2; again++) {
        // A foreign schedule's id from the other organization's client: null both ways.
        const target = owned[draw(owned.length)];
        const asker = draw(5) === 0 ? clients[(clients.findIndex((c) => c.gql === target.gql) + 1) % 2].gql : target.gql;
        const query = shape(page, size, filter(filters));
        const { json, old } = await bothWays(asker, query, query.includes("$id") ? { id: target.id } : {});
        expect(json, `step ${step}.${again}: ${query} ${target.id}`).toEqual(old);
      }
    }
  });
});
