// Schedule templates through GraphQL: CRUD, paging, versions, organizations, roles, every bad input
// naming its argument, deleting a collection a template uses, and absurd values in every field of
// ScheduleTemplateInput and TemplateSlotInput (generated from the schema) answering BAD_USER_INPUT.
// Rules in detail: test/templates/rules.test.ts and templates.service.test.ts.
import { isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputObjectType, type GraphQLInputType } from "graphql";
import { describe, expect, it } from "vitest";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { uniqueOrg, useTestService, type GraphQLClient } from "../helpers/service.js";

const t = useTestService();

const SLOT = "id days start anchor source title eventType mediaId collectionId order items durationMs breakCollectionId breakMs fillerCollectionId overrun";
const FIELDS = `id name timeZone broadcastDayStart version slots { ${SLOT} }`;
const CREATE = `mutation($input: ScheduleTemplateInput!, $org: String) { createScheduleTemplate(input: $input, organization: $org) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: ScheduleTemplateInput!, $version: Int!) { updateScheduleTemplate(id: $id, input: $input, version: $version) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteScheduleTemplate(id: $id) { id name } }`;
const GET = `query($id: ID!) { scheduleTemplate(id: $id) { ${FIELDS} } }`;
const PAGE = `query($page: Int, $size: Int, $org: String) { scheduleTemplates(page: $page, size: $size, organization: $org) { number size totalElements totalPages first last content { id name } } }`;
const COLLECTION = `mutation($input: AssetCollectionInput!) { createAssetCollection(input: $input) { id } }`;

async function org() {
  const org = uniqueOrg();
  const [editor, viewer] = await Promise.all([t.token(org, "editor"), t.token(org, "viewer")]);
  return { org, editor: t.client(editor), viewer: t.client(viewer) };
}

async function collection(gql: GraphQLClient, kind: string, name = kind): Promise<string> {
  return (await gql.data(COLLECTION, { input: { name, kind, mediaIds: ["M1", "M2"] } })).createAssetCollection.id;
}

const live = (extra: Record<string, unknown> = {}) => ({ days: ["MON", "TUE"], start: "06:00", anchor: "HARD", source: "LIVE", eventType: "LIVE", durationMs: 3_600_000, ...extra });
const week = (slots: object[], extra: Record<string, unknown> = {}) => ({ name: "Week", timeZone: "Europe/London", broadcastDayStart: "06:00", slots, ...extra });
const count = async (gql: GraphQLClient) => (await gql.data(PAGE, {})).scheduleTemplates.totalElements as number;

describe("schedule templates over GraphQL", () => {
  it("creates, reads, pages, updates with the version read, and deletes", async () => {
    const o = await org();
    const films = await collection(o.editor, "PROGRAMMES");
    const ads = await collection(o.editor, "ADVERTISEMENTS");
    const { createScheduleTemplate: made } = await o.editor.data(CREATE, {
      input: week([live({ title: "Morning live" }), { days: ["SAT", "SUN"], start: "07:30:15", anchor: "SOFT", source: "COLLECTION", eventType: "PRIMARY", collectionId: films, order: "SHUFFLE", items: 3, breakCollectionId: ads, breakMs: 120_000, overrun: "TRIM" }]),
    });
    expect(made).toMatchObject({ name: "Week", timeZone: "Europe/London", broadcastDayStart: "06:00", version: 1 });
    expect(made.slots).toEqual([
      { id: `${made.id}.0`, days: ["MON", "TUE"], start: "06:00", anchor: "HARD", source: "LIVE", title: "Morning live", eventType: "LIVE", mediaId: null, collectionId: null, order: "SEQUENTIAL", items: null, durationMs: 3_600_000, breakCollectionId: null, breakMs: null, fillerCollectionId: null, overrun: "DROP" },
      { id: `${made.id}.1`, days: ["SAT", "SUN"], start: "07:30:15", anchor: "SOFT", source: "COLLECTION", title: null, eventType: "PRIMARY", mediaId: null, collectionId: films, order: "SHUFFLE", items: 3, durationMs: null, breakCollectionId: ads, breakMs: 120_000, fillerCollectionId: null, overrun: "TRIM" },
    ]);
    expect((await o.viewer.data(GET, { id: made.id })).scheduleTemplate).toEqual(made);
    const { updateScheduleTemplate } = await o.editor.data(UPDATE, { id: made.id, input: week([live()], { name: "Weekdays", timeZone: "UTC", broadcastDayStart: "05:00" }), version: 1 });
    expect(updateScheduleTemplate).toMatchObject({ name: "Weekdays", timeZone: "UTC", broadcastDayStart: "05:00", version: 2, slots: [{ id: `${made.id}.0` }] });
    expect((await o.editor.error(UPDATE, { id: made.id, input: week([]), version: 1 })).extensions).toMatchObject({ code: "CONFLICT", currentVersion: 2 });
    await o.editor.data(CREATE, { input: week([], { name: "Second" }) });
    expect((await o.viewer.data(PAGE, { size: 1 })).scheduleTemplates).toMatchObject({ number: 0, size: 1, totalElements: 2, totalPages: 2, first: true, last: false, content: [{ name: "Weekdays" }] });
    expect((await o.editor.data(DELETE, { id: made.id })).deleteScheduleTemplate).toEqual({ id: made.id, name: "Weekdays" });
    expect((await o.viewer.data(GET, { id: made.id })).scheduleTemplate).toBeNull();
    expect(await count(o.viewer)).toBe(1);
  });

  it("refuses each bad input naming its argument, writing nothing", async () => {
    const o = await org();
    const films = await collection(o.editor, "PROGRAMMES");
    const ads = await collection(o.editor, "ADVERTISEMENTS");
    const other = await org();
    const theirs = await collection(other.editor, "PROGRAMMES");
    const coll = (extra: Record<string, unknown> = {}) => ({ days: ["MON"], start: "08:00", anchor: "SOFT", source: "COLLECTION", eventType: "PRIMARY", collectionId: films, ...extra });
    const slots = (bad: object) => [live(), live(), live(), bad];
    const cases: [object, string, string][] = [
      [week([], { timeZone: "Mars/Olympus_Mons" }), "BAD_USER_INPUT", "input.timeZone"],
      [week([], { broadcastDayStart: "6am" }), "BAD_USER_INPUT", "input.broadcastDayStart"],
      [week([], { name: " " }), "BAD_USER_INPUT", "input.name"],
      [week(slots(live({ start: "25:00" }))), "BAD_USER_INPUT", "input.slots[3].start"],
      [week(slots(live({ days: [] }))), "BAD_USER_INPUT", "input.slots[3].days"],
      [week(slots(live({ days: ["FRI", "FRI"] }))), "BAD_USER_INPUT", "input.slots[3].days"],
      [week(slots(live({ durationMs: null }))), "BAD_USER_INPUT", "input.slots[3].durationMs"],
      [week(slots(live({ source: "PLACEHOLDER", eventType: "PLACEHOLDER", durationMs: 0 }))), "BAD_USER_INPUT", "input.slots[3].durationMs"],
      [week(slots({ ...live({ source: "ASSET", eventType: "PRIMARY" }), durationMs: null })), "BAD_USER_INPUT", "input.slots[3].mediaId"],
      [week(slots(coll({ collectionId: null }))), "BAD_USER_INPUT", "input.slots[3].collectionId"],
      [week(slots(coll({ items: 2, durationMs: 600_000 }))), "BAD_USER_INPUT", "input.slots[3].durationMs"],
      [week(slots(coll({ items: 0 }))), "BAD_USER_INPUT", "input.slots[3].items"],
      [week(slots(coll({ breakMs: -1, breakCollectionId: ads }))), "BAD_USER_INPUT", "input.slots[3].breakMs"],
      [week(slots(coll({ breakCollectionId: ads }))), "BAD_USER_INPUT", "input.slots[3].breakMs"],
      [week(slots(coll({ breakMs: 60_000 }))), "BAD_USER_INPUT", "input.slots[3].breakCollectionId"],
      [week(slots(coll({ collectionId: ads }))), "BAD_USER_INPUT", "input.slots[3].collectionId"],
      [week(slots(coll({ breakCollectionId: films, breakMs: 60_000 }))), "BAD_USER_INPUT", "input.slots[3].breakCollectionId"],
      [week(slots(coll({ fillerCollectionId: ads }))), "BAD_USER_INPUT", "input.slots[3].fillerCollectionId"],
      [week(slots(coll({ collectionId: "999999999" }))), "NOT_FOUND", "input.slots[3].collectionId"],
      [week(slots(coll({ collectionId: theirs }))), "NOT_FOUND", "input.slots[3].collectionId"],
      [week(Array.from({ length: 501 }, () => live())), "BAD_USER_INPUT", "input.slots"],
    ];
    for (const [input, code, argument] of cases) {
      const error = await o.editor.error(CREATE, { input });
      expect([error.extensions.code, error.extensions.argument], error.message).toEqual([code, argument]);
    }
    expect(await count(o.viewer)).toBe(0);
    // 500 slots are fine.
    await o.editor.data(CREATE, { input: week(Array.from({ length: 500 }, () => live())) });
  });

  it("keeps organizations apart and needs the editor role to write", async () => {
    const a = await org();
    const b = await org();
    const { createScheduleTemplate: made } = await a.editor.data(CREATE, { input: week([live()]) });
    expect((await b.viewer.data(GET, { id: made.id })).scheduleTemplate).toBeNull();
    expect((await b.editor.error(UPDATE, { id: made.id, input: week([]), version: 1 })).extensions.code).toBe("NOT_FOUND");
    expect((await b.editor.error(DELETE, { id: made.id })).extensions.code).toBe("NOT_FOUND");
    expect((await b.viewer.error(PAGE, { org: a.org })).extensions.code).toBe("FORBIDDEN");
    expect((await a.viewer.error(CREATE, { input: week([]) })).extensions.code).toBe("FORBIDDEN");
    expect((await a.viewer.error(UPDATE, { id: made.id, input: week([]), version: 1 })).extensions.code).toBe("FORBIDDEN");
    expect((await t.client().error(GET, { id: made.id })).extensions.code).toBe("UNAUTHENTICATED");
    expect((await a.viewer.data(GET, { id: made.id })).scheduleTemplate.version).toBe(1);
  });

  it("deleteAssetCollection answers CONFLICT naming the template while a slot uses the collection", async () => {
    const o = await org();
    const filler = await collection(o.editor, "FILLER");
    const { createScheduleTemplate: made } = await o.editor.data(CREATE, { input: week([live({ fillerCollectionId: filler })], { name: "Nights" }) });
    const error = await o.editor.error(`mutation($id: ID!) { deleteAssetCollection(id: $id) { id } }`, { id: filler });
    expect(error.extensions).toMatchObject({ code: "CONFLICT", templateIds: [made.id] });
    expect(error.message).toContain('"Nights"');
    await o.editor.data(DELETE, { id: made.id });
    await o.editor.data(`mutation($id: ID!) { deleteAssetCollection(id: $id) { id } }`, { id: filler });
  });

  it("answers BAD_USER_INPUT, never INTERNAL_SERVER_ERROR, for absurd values in every field of the inputs, writing nothing", async () => {
    const o = await org();
    const films = await collection(o.editor, "PROGRAMMES");
    const schema = await buildGraphQLSchema();
    const absurd = (type: GraphQLInputType): unknown[] => {
      const inner = isNonNullType(type) ? type.ofType : type;
      if (isListType(inner)) return [[null], ...absurd(inner.ofType).slice(0, 3).map((v) => [v])];
      if (isEnumType(inner)) return ["NOPE", "", 7];
      if (isScalarType(inner) && ["Int", "SafeInt"].includes(inner.name)) return [1e300, -1, 0.5, 2 ** 53, "7"];
      return ["a\u0000b", "x".repeat(200_000), 1e300, -1, "\u001b[2J", "\n\n"];
    };
    const slot = { days: ["MON"], start: "06:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: films, items: 2 };
    const base = week([slot]);
    const { createScheduleTemplate: made } = await o.editor.data(CREATE, { input: base });
    const cases: [string, object][] = [];
    const fieldsOf = (name: string) => Object.entries((schema.getType(name) as GraphQLInputObjectType).getFields());
    for (const [name, field] of fieldsOf("ScheduleTemplateInput")) {
      const inner = isNonNullType(field.type) ? field.type.ofType : field.type;
      if (isListType(inner) && isInputObjectType(isNonNullType(inner.ofType) ? inner.ofType.ofType : inner.ofType)) continue;
      for (const value of absurd(field.type)) cases.push([`input.${name}`, { ...base, [name]: value }]);
    }
    for (const [name, field] of fieldsOf("TemplateSlotInput")) {
      // title and mediaId of a COLLECTION slot: empty lines are no value, so the absurd ones only.
      for (const value of absurd(field.type)) if (!(value === "\n\n" && (name === "title" || name === "mediaId"))) cases.push([`input.slots[0].${name}`, { ...base, slots: [{ ...slot, [name]: value }] }]);
    }
    for (const [what, input] of cases) {
      for (const [query, vars] of [[CREATE, {}], [UPDATE, { id: made.id, version: 1 }]] as const) {
        const { errors } = await o.editor.request(query, { ...vars, input });
        expect(errors?.[0]?.extensions.code, `${what}: ${errors?.[0]?.message.slice(0, 200)}`).toBe("BAD_USER_INPUT");
      }
    }
    expect(cases.length).toBeGreaterThan(60);
    expect(await count(o.viewer)).toBe(1);
    expect((await o.viewer.data(GET, { id: made.id })).scheduleTemplate.version).toBe(1);
  });
});
