// Every page of the schema counts its rows only when the caller selects a member built from the
// count (totalElements, totalPages, last, pageable.hasNextPage): a frontend's list that shows a
// page without its total must not pay for a count(*) over every matching row. The pages are
// found in the schema, not listed by hand: a page field added without a way to reach it here
// fails the completeness check, so a new page is tried as soon as it exists.
import { readFileSync } from "node:fs";
import { buildSchema, getNamedType, isObjectType, type GraphQLObjectType } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueOrg, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { statementsOf } from "../helpers/statements.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs
const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));

/** Object types that are pages: they answer a count of their rows. */
const isPage = (type: unknown): type is GraphQLObjectType => isObjectType(type) && "totalElements" in type.getFields();

/** Every field of the schema that answers a page, as Type.field. */
function pageFields(): string[] {
  const fields: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) if (isPage(getNamedType(field.type))) fields.push(`${type.name}.${field.name}`);
  }
  return fields.sort();
}

/** The members of a page selected without its count, and with it (those its type has). */
const WITHOUT_COUNT = ["number", "size", "numberOfElements", "first", "empty", "content { __typename }"];
const WITH_COUNT = ["totalElements", "totalPages", "last", "pageable { hasNextPage }"];

/** The page type a REACH entry answers. */
function pageTypeOf(field: string): GraphQLObjectType {
  const [typeName, fieldName] = field.split(".");
  return getNamedType((schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName].type) as GraphQLObjectType;
}

const selectionOf = (page: GraphQLObjectType, members: string[]) => members.filter((member) => member.split(" ")[0] in page.getFields()).join(" ");

const WINDOW = `{ from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z" }`;

/**
 * A statement that counts every matching row: a window over all of them, or a statement that is
 * one count or sum (a page's own rows counted, `json_build_array(count(*))` of at most its size,
 * are not).
 */
const countsEveryRow = (text: string) => /count\(\*\)\s+over\s*\(\s*\)/i.test(text) || /^\s*select\s+(coalesce\()?(count|sum)\(/i.test(text);

let org: string;
let scheduleId: string;
let changeSetId: string;
let eventId: string;

/** How each page is reached: a query in which `PAGE` stands for the page's selection. */
const REACH: Record<string, () => string> = {
  "Query.asRunReconciliation": () => `{ asRunReconciliation(scheduleId: "${scheduleId}", toleranceMs: 1000, size: 2) { PAGE } }`,
  "Query.assetCollections": () => `{ assetCollections(size: 2) { PAGE } }`,
  "Query.assets": () => `{ assets(size: 2) { PAGE } }`,
  "Query.billingUsagePage": () => `{ billingUsagePage(window: ${WINDOW}, size: 2) { PAGE } }`,
  "Query.cacheDownloadPage": () => `{ cacheDownloadPage(organization: "${org}", window: ${WINDOW}, size: 2) { PAGE } }`,
  "Query.changeSetPage": () => `{ changeSetPage(scheduleId: "${scheduleId}", size: 2) { PAGE } }`,
  "Query.executionDayPage": () => `{ executionDayPage(from: "2026-01-01T00:00:00Z", size: 2) { PAGE } }`,
  "Query.jobPage": () => `{ jobPage(size: 2) { PAGE } }`,
  "Query.schedulePageByGraphicsProject": () => `{ schedulePageByGraphicsProject(name: "GP", size: 2) { PAGE } }`,
  "Query.scheduleTemplates": () => `{ scheduleTemplates(size: 2) { PAGE } }`,
  "Query.schedules": () => `{ schedules(size: 2) { PAGE } }`,
  "Schedule.events": () => `{ schedule(id: "${scheduleId}") { events(size: 2) { PAGE } } }`,
  "Schedule.asRun": () => `{ schedule(id: "${scheduleId}") { asRun(size: 2) { PAGE } } }`,
  "Schedule.changedEvents": () => `{ schedule(id: "${scheduleId}") { changedEvents(size: 2) { PAGE } } }`,
  "Schedule.history": () => `{ schedule(id: "${scheduleId}") { history(size: 2) { PAGE } } }`,
  "Schedule.programmeSummary": () => `{ schedule(id: "${scheduleId}") { programmeSummary(size: 2) { PAGE } } }`,
  "ScheduleHistoryEntry.eventChangePage": () => `{ schedule(id: "${scheduleId}") { history(size: 2) { content { eventChangePage(size: 2) { PAGE } } } } }`,
  "BroadcastDay.events": () => `{ schedule(id: "${scheduleId}") { broadcastDay(date: "2026-01-05") { events(size: 2) { PAGE } } } }`,
  "ChangeSet.events": () => `{ changeSet(id: "${changeSetId}") { events(size: 2) { PAGE } } }`,
  "EventPageResult.page": () => `{ schedule(id: "${scheduleId}") { ripplePreview(eventId: "${eventId}", size: 2) { page { PAGE } } } }`,
};

let client: GraphQLClient;

beforeAll(async () => {
  org = uniqueOrg();
  client = t.client(await t.token(org, "admin"));
  const input = { name: "Counted", channel: "C1", graphicsProject: "GP", txdate: "2026-01-05", timeZone: "UTC" };
  scheduleId = (await client.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input })).createSchedule.id;
  for (let i = 0; i < 5; i++) {
    const event = { title: `Event ${i}`, onAirTime: new Date(Date.UTC(2026, 0, 5, 6, i)).toISOString(), duration: 60_000, eventType: "PRIMARY" };
    eventId = (await client.data(`mutation($s: ID!, $e: EventInput!) { createEvent(scheduleId: $s, input: $e) { id } }`, { s: scheduleId, e: event })).createEvent.id;
  }
  changeSetId = (await client.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: scheduleId })).createChangeSet.id;
  const entries = Array.from({ length: 3 }, (_, i) => ({ entryId: `E-${i}`, mediaId: `M-${i}`, actualStart: new Date(Date.UTC(2026, 0, 5, 6, i)).toISOString(), actualDurationMs: 60_000, status: "AIRED", deviceId: "D1" }));
  await client.data(`mutation($id: ID!, $e: [AsRunEntryInput!]!) { ingestAsRun(scheduleId: $id, entries: $e) { inserted } }`, { id: scheduleId, e: entries });
});

describe("pages count only when a count is selected", () => {
  it("reaches every page field of the schema (a new page is added to REACH, or said why not)", () => {
    // Reached only through a mutation's answer (a mark or an update by criteria): its page is the same EventPageResult.page.
    const onlyThroughMutations = ["EventSearchResult.content"];
    expect(pageFields().filter((field) => !(field in REACH) && !onlyThroughMutations.includes(field))).toEqual([]);
  });

  it.each(Object.keys(REACH))("%s: no count(…) without a count member; its answer the same either way", async (field) => {
    const query = REACH[field]();
    const page = pageTypeOf(field);
    const without = await statementsOf(client, query.replace("PAGE", selectionOf(page, WITHOUT_COUNT)), {}, true);
    const counting = without.texts.filter(countsEveryRow);
    expect(counting, `${field}: statements that count without a count selected`).toEqual([]);
    const whole = await client.data(query.replace("PAGE", selectionOf(page, [...WITHOUT_COUNT, ...WITH_COUNT])));
    // The members both selections share answer alike (the count changes nothing else).
    const strip = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(strip) : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).filter(([k]) => !["totalElements", "totalPages", "last", "pageable"].includes(k)).map(([k, v]) => [k, strip(v)])) : value;
    expect(strip(without.data)).toEqual(strip(whole));
  });
});
