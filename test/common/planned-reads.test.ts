// Planned reads (src/common/read-plan.ts) over random selections of every type that has a read
// map: each lookup, list and page answers exactly what a read of every column answers, for the
// fields asked, in one statement that names no column those fields do not need and counts only
// when a count is selected.
import { readFileSync } from "node:fs";
import { buildSchema, getNamedType, isLeafType, isObjectType, type GraphQLObjectType } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReadMap } from "../../src/common/read-plan.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { JOB_READS } from "../../src/jobs/mapper.js";
import { ASSET_READS } from "../../src/assets/mapper.js";
import { COLLECTION_READS } from "../../src/collections/mapper.js";
import { TEMPLATE_READS } from "../../src/templates/mapper.js";
import { uniqueOrg, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { statementsOf } from "../helpers/statements.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs
const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));

/** A field with no required argument, as selected: a leaf by name, an object with all its leaves. */
function selectionText(type: GraphQLObjectType, name: string): string {
  const named = getNamedType(type.getFields()[name].type);
  if (isLeafType(named)) return name;
  if (!isObjectType(named)) return `${name} { __typename }`;
  const leaves = Object.values(named.getFields()).filter((f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => a.defaultValue !== undefined || !String(a.type).endsWith("!")));
  return `${name} { ${leaves.map((f) => f.name).join(" ")} }`;
}

/** A small deterministic generator: the same subsets on every run, a different one per draw. */
function subsets(names: string[], count: number, seed: number): string[][] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const out: string[][] = [names.slice(0, 1), names]; // the smallest and the whole
  while (out.length < count) out.push(names.filter(() => next() < 0.3).concat(names[Math.floor(next() * names.length)]));
  return out;
}

interface PlannedType {
  type: string;
  readMap: ReadMap<any, any>;
  /** Columns of the table that no field reads (never in any statement). */
  neverRead: string[];
  lookup: (selection: string) => [string, Record<string, unknown>];
  list?: (selection: string) => [string, Record<string, unknown>];
  page: (selection: string, total: boolean) => [string, Record<string, unknown>];
  listPath: string;
  pagePath: string;
}

let client: GraphQLClient;
let jobId: string;
let collectionId: string;
let templateId: string;

const TYPES: PlannedType[] = [
  {
    type: "Job",
    readMap: JOB_READS,
    neverRead: ["payload", "result", "lease_owner", "lease_expires_at", "run_after", "cancel_requested"],
    lookup: (s) => [`query($id: ID!) { job(id: $id) { ${s} } }`, { id: jobId }],
    list: (s) => [`{ jobs(limit: 3) { ${s} } }`, {}],
    page: (s, total) => [`{ jobPage(page: 1, size: 2) { number ${total ? "totalElements pageable { hasNextPage }" : "numberOfElements"} content { ${s} } } }`, {}],
    listPath: "jobs",
    pagePath: "jobPage",
  },
  {
    type: "Asset",
    readMap: ASSET_READS,
    neverRead: ["qc_status", "duration_ms", "title"],
    lookup: (s) => [`{ asset(assetId: "A-3") { ${s} } }`, {}],
    page: (s, total) => [`{ assets(page: 1, size: 2) { number ${total ? "totalElements pageable { hasNextPage }" : "numberOfElements"} content { ${s} } } }`, {}],
    listPath: "assets",
    pagePath: "assets",
  },
  {
    type: "AssetCollection",
    readMap: COLLECTION_READS,
    neverRead: ["created_by", "date_created", "date_updated"],
    lookup: (s) => [`query($id: ID!) { assetCollection(id: $id) { ${s} } }`, { id: collectionId }],
    page: (s, total) => [`{ assetCollections(page: 1, size: 2) { number ${total ? "totalElements pageable { hasNextPage }" : "numberOfElements"} content { ${s} } } }`, {}],
    listPath: "assetCollections",
    pagePath: "assetCollections",
  },
  {
    type: "ScheduleTemplate",
    readMap: TEMPLATE_READS,
    neverRead: ["created_by", "date_created", "date_updated"],
    lookup: (s) => [`query($id: ID!) { scheduleTemplate(id: $id) { ${s} } }`, { id: templateId }],
    page: (s, total) => [`{ scheduleTemplates(page: 1, size: 2) { number ${total ? "totalElements pageable { hasNextPage }" : "numberOfElements"} content { ${s} } } }`, {}],
    listPath: "scheduleTemplates",
    pagePath: "scheduleTemplates",
  },
];

beforeAll(async () => {
  const org = uniqueOrg("planned");
  for (let i = 0; i < 5; i++)
    jobId = String(
      (
        await enqueueJob(t.service.database.db, {
          // Not before next year: no worker changes them while the file reads them.
          ...{
            type: "SCHEDULE_ARCHIVE",
            organization: org,
            userId: "tester",
            payload: { n: i },
            runAfter: new Date(Date.now() + 365 * 86_400_000),
          },
          ...{
            providerId: `provider-${i}`,
            fileName: `f${i}.xml`,
            resourceExtension: "xml",
            details: { timeInMilliseconds: true },
            messages: [{ type: "INFO", message: `job ${i}` }],
          },
        })
      ).id,
    );
  client = t.client(await t.token(org, "admin"));
  const assets = Array.from({ length: 5 }, (_, i) => ({
    ...{ assetId: `A-${i}`, mediaId: `M-${i}`, name: `Asset ${i}`, assetSize: 1000 * i, customFields: { house: `H${i}` }, fileCount: 1 },
    ...{ metadata: { durationInMilliseconds: 30_000 + i }, systemFields: { title: `Title ${i}` }, qcInfo: { qcStatus: "PASSED" }, advertiser: `Adv ${i % 2}`, productCategory: "Cars" },
    ...{ tags: [{ name: `tag ${i}` }], rights: [{ start: "2026-01-01T00:00:00Z", end: null, channels: [], maxRuns: 10 }] },
  }));
  await client.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, { a: assets });
  const everyDay = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];
  for (let i = 0; i < 5; i++) {
    const input = { name: `Collection ${i}`, kind: "PROGRAMMES", mediaIds: [`M-${i}`, "M-0"] };
    collectionId = (await client.data(`mutation($input: AssetCollectionInput!) { createAssetCollection(input: $input) { id } }`, { input })).createAssetCollection.id;
    const slots = [{ days: everyDay, start: "20:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId, items: 1 }];
    const template = { name: `Template ${i}`, timeZone: "Europe/London", broadcastDayStart: "06:00", slots };
    templateId = (await client.data(`mutation($input: ScheduleTemplateInput!) { createScheduleTemplate(input: $input) { id } }`, { input: template })).createScheduleTemplate.id;
  }
});

describe.each(TYPES)("planned reads of $type", (planned) => {
  const type = schema.getType(planned.type) as GraphQLObjectType;
  const names = Object.keys(type.getFields()).filter((name) => type.getFields()[name].args.every((a) => !String(a.type).endsWith("!")));
  const full = names.map((name) => selectionText(type, name)).join(" ");

  it("answer every random selection as the whole read does, in one statement of the columns it needs", async () => {
    const whole = {
      lookup: (await client.data(...planned.lookup(full))) as Record<string, any>,
      list: planned.list ? ((await client.data(...planned.list(full))) as Record<string, any>) : null,
      page: (await client.data(...planned.page(full, true))) as Record<string, any>,
    };
    const pick = (object: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.map((f) => [f, object[f]]));
    for (const [n, fields] of subsets(names, 24, 7).entries()) {
      const selection = fields.map((name) => selectionText(type, name)).join(" ");
      const allowed = new Set(planned.readMap.planOf(fields).columns.map((c) => c.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`)));
      const check = (texts: string[], what: string, countAllowed: boolean) => {
        const context = `${what} of [${fields.join(", ")}]`;
        expect(texts.length, context).toBe(1);
        for (const column of planned.neverRead) expect(texts[0], context).not.toContain(`"${column}"`);
        const selected = [...texts[0].slice(0, texts[0].indexOf(" from ")).matchAll(/"([a-z_]+)"/g)].map((m) => m[1]).filter((c) => c !== planned.type.toLowerCase() + "s");
        for (const column of selected) expect(allowed.has(column) || column === "total", `${context}: reads ${column}`).toBe(true);
        expect(texts[0].includes("count("), context).toBe(countAllowed);
      };
      const lookup = await statementsOf(client, ...planned.lookup(selection), n === 0);
      check(lookup.texts, "lookup", false);
      expect(lookup.data[Object.keys(lookup.data)[0]], `lookup of ${fields}`).toEqual(pick(whole.lookup[Object.keys(whole.lookup)[0]], fields));
      if (planned.list) {
        const list = await statementsOf(client, ...planned.list(selection));
        check(list.texts, "list", false);
        expect(list.data[planned.listPath]).toEqual(whole.list![planned.listPath].map((o: Record<string, unknown>) => pick(o, fields)));
      }
      const total = n % 2 === 0;
      const page = await statementsOf(client, ...planned.page(selection, total));
      check(page.texts, `page (total ${total})`, total);
      expect(page.data[planned.pagePath].content).toEqual(whole.page[planned.pagePath].content.map((o: Record<string, unknown>) => pick(o, fields)));
      if (total) expect(page.data[planned.pagePath].totalElements).toBe(whole.page[planned.pagePath].totalElements);
    }
  });
});
