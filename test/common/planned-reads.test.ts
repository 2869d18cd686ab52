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
import { SCHEDULE_READS } from "../../src/schedules/mapper.js";
import { HISTORY_ENTRY_READS } from "../../src/history/mapper.js";
import { AS_RUN_ENTRY_READS } from "../../src/asrun/mapper.js";
import { CHANGE_SET_READS } from "../../src/changesets/mapper.js";
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
  lookup?: (selection: string) => [string, Record<string, unknown>];
  list?: (selection: string) => [string, Record<string, unknown>];
  page: (selection: string, total: boolean) => [string, Record<string, unknown>];
  listPath: string;
  /** Where the page is in the answer (dots: a page of a schedule). */
  pagePath: string;
  /** The table read (default: the type's name, lower case, plural). */
  table?: string;
  /** Statements before the one checked: the lookup of the schedule a page belongs to. */
  parent?: number;
  /** A page read in its parent's statement (a fold): the columns its part of the text selects, and whether it counts. */
  foldedPart?: (text: string) => { part: string; selected: string[]; counts: boolean };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`);

const at = (data: Record<string, any>, path: string) => path.split(".").reduce((object, key) => object[key], data);
const PAGE = (total: boolean) => `number ${total ? "totalElements pageable { hasNextPage }" : "numberOfElements"}`;

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
  {
    type: "ChangeSet",
    readMap: CHANGE_SET_READS,
    neverRead: ["max_event_duration", "event_count", "date_updated"],
    lookup: (s) => [`query($id: ID!) { changeSet(id: $id) { ${s} } }`, { id: changeSetId }],
    list: (s) => [`query($id: ID!) { changeSets(scheduleId: $id) { ${s} } }`, { id: scheduleId }],
    page: (s, total) => [`query($id: ID!) { changeSetPage(scheduleId: $id, page: 1, size: 2) { ${PAGE(total)} content { ${s} } } }`, { id: scheduleId }],
    listPath: "changeSets",
    pagePath: "changeSetPage",
    table: "change_sets",
  },
  {
    type: "Schedule",
    readMap: SCHEDULE_READS,
    neverRead: ["created_by", "import_job_id", "max_event_duration", "time_origin"],
    lookup: (s) => [`query($id: ID!) { schedule(id: $id) { ${s} } }`, { id: scheduleId }],
    list: (s) => [`{ schedulesByGraphicsProject(name: "GP") { ${s} } }`, {}],
    page: (s, total) => [`{ schedules(page: 1, size: 2) { ${PAGE(total)} content { ${s} } } }`, {}],
    listPath: "schedulesByGraphicsProject",
    pagePath: "schedules",
  },
  {
    type: "ScheduleHistoryEntry",
    readMap: HISTORY_ENTRY_READS,
    neverRead: ["txid", "organization"],
    page: (s, total) => [`query($id: ID!) { schedule(id: $id) { history(page: 1, size: 2) { ${PAGE(total)} content { ${s} } } } }`, { id: scheduleId }],
    listPath: "",
    pagePath: "schedule.history",
    table: "schedule_history",
    // Read in the schedule's statement (history/fold.ts): its column selects the plan's columns by their property names.
    foldedPart: (text) => {
      const part = text.slice(text.indexOf("case when sp.event_count"));
      return { part, selected: [...part.matchAll(/ as "([A-Za-z0-9]+)"/g)].map((m) => snake(m[1])), counts: part.includes("count(") };
    },
  },
  {
    type: "AsRunEntry",
    readMap: AS_RUN_ENTRY_READS,
    neverRead: ["organization"],
    page: (s, total) => [`query($id: ID!) { schedule(id: $id) { asRun(page: 1, size: 2) { ${PAGE(total)} content { ${s} } } } }`, { id: scheduleId }],
    listPath: "",
    pagePath: "schedule.asRun",
    table: "as_run_entries",
    parent: 1,
  },
];

let scheduleId: string;
let changeSetId: string;

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
  for (let i = 0; i < 5; i++) {
    const input = { name: `Schedule ${i}`, channel: `C${i % 2}`, channelId: i, graphicsProject: "GP", breakMin: 1000 * i, separation: { sameAssetMinMs: i }, txdate: `2026-01-0${i + 1}` };
    scheduleId = (await client.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input })).createSchedule.id;
  }
  for (let i = 0; i < 4; i++) await client.data(`mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id } }`, { id: scheduleId, input: { status: `S${i}` } });
  for (let i = 0; i < 3; i++) changeSetId = (await client.data(`mutation($id: ID!) { createChangeSet(scheduleId: $id) { id } }`, { id: scheduleId })).createChangeSet.id;
  const entries = Array.from({ length: 5 }, (_, i) => ({ entryId: `E-${i}`, mediaId: `M-${i}`, actualStart: new Date(Date.UTC(2026, 0, 1, 6, i)).toISOString(), actualDurationMs: 60_000, status: "AIRED", deviceId: "D1", reason: i % 2 ? "late" : null, scte35Cues: i }));
  await client.data(`mutation($id: ID!, $e: [AsRunEntryInput!]!) { ingestAsRun(scheduleId: $id, entries: $e) { inserted } }`, { id: scheduleId, e: entries });
});

describe.each(TYPES)("planned reads of $type", (planned) => {
  const type = schema.getType(planned.type) as GraphQLObjectType;
  // The fields a row answers (a field of another resolver, such as Schedule.events, is not this read's).
  const names = Object.keys(type.getFields()).filter((name) => planned.readMap.answers(name) && type.getFields()[name].args.every((a) => !String(a.type).endsWith("!")));
  const full = names.map((name) => selectionText(type, name)).join(" ");

  it("answer every random selection as the whole read does, in one statement of the columns it needs", async () => {
    const whole = {
      lookup: planned.lookup ? ((await client.data(...planned.lookup(full))) as Record<string, any>) : null,
      list: planned.list ? ((await client.data(...planned.list(full))) as Record<string, any>) : null,
      page: (await client.data(...planned.page(full, true))) as Record<string, any>,
    };
    const pick = (object: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.map((f) => [f, object[f]]));
    for (const [n, fields] of subsets(names, 24, 7).entries()) {
      const selection = fields.map((name) => selectionText(type, name)).join(" ");
      const allowed = new Set(planned.readMap.planOf(fields).columns.map(snake));
      const check = (texts: string[], what: string, countAllowed: boolean, parent = 0) => {
        const context = `${what} of [${fields.join(", ")}]`;
        expect(texts.length, context).toBe(1 + parent);
        const text = texts[parent];
        const own = planned.foldedPart?.(text) ?? {
          part: text,
          selected: [...text.slice(0, text.indexOf(" from ")).matchAll(/"([a-z_0-9]+)"/g)].map((m) => m[1]).filter((c) => c !== (planned.table ?? planned.type.toLowerCase() + "s")),
          counts: text.includes("count("),
        };
        if (planned.foldedPart) expect(own.selected.length, context).toBeGreaterThan(0);
        for (const column of planned.neverRead) expect(own.part, context).not.toContain(`"${column}"`);
        for (const column of own.selected) expect(allowed.has(column) || column === "total", `${context}: reads ${column}`).toBe(true);
        expect(own.counts, context).toBe(countAllowed);
      };
      if (planned.lookup) {
        const lookup = await statementsOf(client, ...planned.lookup(selection), n === 0);
        check(lookup.texts, "lookup", false);
        expect(lookup.data[Object.keys(lookup.data)[0]], `lookup of ${fields}`).toEqual(pick(whole.lookup![Object.keys(whole.lookup!)[0]], fields));
      }
      if (planned.list) {
        const list = await statementsOf(client, ...planned.list(selection));
        check(list.texts, "list", false);
        expect(list.data[planned.listPath]).toEqual(whole.list![planned.listPath].map((o: Record<string, unknown>) => pick(o, fields)));
      }
      const total = n % 2 === 0;
      const page = await statementsOf(client, ...planned.page(selection, total), n === 0 && !planned.lookup);
      check(page.texts, `page (total ${total})`, total, planned.parent);
      // The page's size in the text, its offset a placeholder (db/planned-select.ts pageBounds: a held limit keeps PostgreSQL planning every execution).
      expect(page.texts[planned.parent ?? 0], `page of [${fields.join(", ")}]`).toMatch(/limit 2 offset \$\d+/);
      expect(at(page.data, planned.pagePath).content).toEqual(at(whole.page, planned.pagePath).content.map((o: Record<string, unknown>) => pick(o, fields)));
      if (total) expect(at(page.data, planned.pagePath).totalElements).toBe(at(whole.page, planned.pagePath).totalElements);
    }
  });
});
