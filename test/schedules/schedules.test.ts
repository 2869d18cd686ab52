import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

const CREATE = `mutation($input: ScheduleInput!, $organization: String) {
  createSchedule(input: $input, organization: $organization) { id name organization version fps fpsFloat channel channelId breakMin breakMax playlistType archiveStatus finiteType loopType startDate finishDate dateCreated deleted }
}`;

describe("schedules", () => {
  it("creates and reads back a schedule", async () => {
    const { org, gql } = await orgClient(t);
    const { createSchedule: s } = await gql.data(CREATE, {
      input: { name: " Morning ", channel: "News", channelId: 7, fps: 29.97, breakMin: 30000, breakMax: 180000, startDate: "2026-01-01T06:00:00+01:00" },
    });
    expect(s).toMatchObject({ name: "Morning", organization: org, version: 1, fps: 29.97, fpsFloat: 29.97, channelId: 7, playlistType: "FINITE", archiveStatus: "NOT_ARCHIVED", finiteType: true, loopType: false, deleted: false });
    expect(s.startDate).toBe("2026-01-01T05:00:00.000Z");
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { id name breakMax } }`, { id: s.id });
    expect(schedule).toEqual({ id: s.id, name: "Morning", breakMax: 180000 });
  });

  it("pages, sorts, filters and finds the page of a selected schedule", async () => {
    const { gql } = await orgClient(t);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const { createSchedule } = await gql.data(CREATE, { input: { name: `Day ${String(i).padStart(2, "0")}`, status: i % 2 ? "DRAFT" : "PUBLISHED", channel: i < 5 ? "Kids" : "News" } });
      ids.push(createSchedule.id);
    }
    const Q = `query($page: Int, $size: Int, $sort: [String!], $filter: ScheduleFilterInput, $sel: ID) {
      schedules(page: $page, size: $size, sort: $sort, filter: $filter, selectedScheduleId: $sel) {
        content { id name } number size totalElements totalPages numberOfElements first last empty
        pageable { offset pageNumber pageSize paged unpaged } sort { property direction ascending }
      } }`;
    const first = (await gql.data(Q, {})).schedules;
    expect(first).toMatchObject({ number: 0, size: 20, totalElements: 25, totalPages: 2, numberOfElements: 20, first: true, last: false, empty: false });
    expect(first.content[0].id).toBe(ids[0]);
    const last = (await gql.data(Q, { page: 1 })).schedules;
    expect(last).toMatchObject({ number: 1, numberOfElements: 5, last: true, pageable: { offset: 20 } });
    const sorted = (await gql.data(Q, { sort: ["status,desc", "name,desc"], size: 3 })).schedules;
    expect(sorted.content.map((s: any) => s.name)).toEqual(["Day 24", "Day 22", "Day 20"]);
    expect(sorted.sort).toEqual([{ property: "status", direction: "DESC", ascending: false }, { property: "name", direction: "DESC", ascending: false }]);
    const kids = (await gql.data(Q, { filter: { channel: "Kids", statuses: ["DRAFT"] } })).schedules;
    expect(kids.content.map((s: any) => s.name)).toEqual(["Day 01", "Day 03"]);
    const sub = (await gql.data(Q, { filter: { nameSubString: "ay 1" } })).schedules;
    expect(sub.totalElements).toBe(10);
    const exact = (await gql.data(Q, { filter: { name: "day 07" } })).schedules;
    expect(exact.content.map((s: any) => s.id)).toEqual([ids[7]]);
    const selected = (await gql.data(Q, { size: 10, sel: ids[23] })).schedules;
    expect(selected.number).toBe(2);
    expect(selected.content.map((s: any) => s.id)).toContain(ids[23]);
    const explicit = (await gql.data(Q, { size: 10, page: 0, sel: ids[23] })).schedules;
    expect(explicit.number).toBe(0);
  });

  it("rejects bad paging, sorting and filter ranges", async () => {
    const { gql } = await orgClient(t);
    const Q = `query($page: Int, $size: Int, $sort: [String!], $filter: ScheduleFilterInput) { schedules(page: $page, size: $size, sort: $sort, filter: $filter) { totalElements } }`;
    for (const variables of [{ size: 0 }, { size: 1001 }, { page: -1 }, { sort: ["nope,asc"] }, { filter: { startDateFrom: "2026-02-01T00:00:00Z", startDateTo: "2026-01-01T00:00:00Z" } }]) {
      const error = await gql.error(Q, variables);
      expect(error.extensions.code, JSON.stringify(variables)).toBe("BAD_USER_INPUT");
    }
    expect((await gql.error(CREATE, { input: { name: "" } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(CREATE, { input: { name: "x", fps: -1 } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(CREATE, { input: { name: "x", breakMin: 10, breakMax: 5 } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(`{ schedule(id: "abc") { id } }`)).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("updates with optimistic concurrency", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule: s } = await gql.data(CREATE, { input: { name: "A", breakMax: 1000 } });
    const UPDATE = `mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { name version breakMax channel } }`;
    const { updateSchedule } = await gql.data(UPDATE, { id: s.id, input: { name: "B", version: 1, channel: null } });
    expect(updateSchedule).toEqual({ name: "B", version: 2, breakMax: 1000, channel: null });
    const stale = await gql.error(UPDATE, { id: s.id, input: { name: "C", version: 1 } });
    expect(stale.extensions).toMatchObject({ code: "CONFLICT", currentVersion: 2 });
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { name version } }`, { id: s.id });
    expect(schedule).toEqual({ name: "B", version: 2 });
  });

  it("lets exactly one of two concurrent updates with the same version win", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule: s } = await gql.data(CREATE, { input: { name: "Race" } });
    const UPDATE = `mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { version } }`;
    const results = await Promise.all(["X", "Y", "Z"].map((name) => gql.request(UPDATE, { id: s.id, input: { name, version: 1 } })));
    expect(results.filter((r) => !r.errors).length).toBe(1);
    expect(results.filter((r) => r.errors?.[0].extensions.code === "CONFLICT").length).toBe(2);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: s.id });
    expect(schedule.version).toBe(2);
  });

  it("deletes one or many, all or nothing", async () => {
    const { gql } = await orgClient(t);
    const ids: string[] = [];
    for (const name of ["a", "b", "c"]) ids.push((await gql.data(CREATE, { input: { name } })).createSchedule.id);
    const missing = await gql.error(`mutation($ids: [ID!]!) { deleteSchedules(ids: $ids) { id } }`, { ids: [ids[0], "999999"] });
    expect(missing.extensions.code).toBe("NOT_FOUND");
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(3);
    const { deleteSchedules } = await gql.data(`mutation($ids: [ID!]!) { deleteSchedules(ids: $ids) { id deleted } }`, { ids: [ids[0], ids[1]] });
    expect(deleteSchedules).toEqual([{ id: ids[0], deleted: true }, { id: ids[1], deleted: true }]);
    const { deleteSchedule } = await gql.data(`mutation($id: ID!) { deleteSchedule(id: $id) { id name } }`, { id: ids[2] });
    expect(deleteSchedule).toEqual({ id: ids[2], name: "c" });
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
    expect((await gql.error(`mutation($id: ID!) { deleteSchedule(id: $id) { id } }`, { id: ids[2] })).extensions.code).toBe("NOT_FOUND");
  });

  it("finds schedules by graphics project", async () => {
    const { gql } = await orgClient(t);
    await gql.data(CREATE, { input: { name: "g1", graphicsProject: "gfx" } });
    await gql.data(CREATE, { input: { name: "g2", graphicsProjectV2: "gfx" } });
    await gql.data(CREATE, { input: { name: "g3", graphicsProject: "other" } });
    const { schedulesByGraphicsProject } = await gql.data(`{ schedulesByGraphicsProject(name: "gfx") { name } }`);
    expect(schedulesByGraphicsProject.map((s: any) => s.name)).toEqual(["g1", "g2"]);
  });
});

describe("auth and tenancy", () => {
  it("answers UNAUTHENTICATED without a token or with a bad one", async () => {
    expect((await t.client().error(`{ schedules { totalElements } }`)).extensions.code).toBe("UNAUTHENTICATED");
    expect((await t.client("not-a-jwt").error(`{ schedules { totalElements } }`)).extensions.code).toBe("UNAUTHENTICATED");
  });

  it("answers FORBIDDEN when a viewer writes", async () => {
    const { gql } = await orgClient(t, "viewer");
    expect((await gql.error(CREATE, { input: { name: "nope" } })).extensions.code).toBe("FORBIDDEN");
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
  });

  it("hides another organization's schedules (NOT_FOUND) and changes nothing", async () => {
    const a = await orgClient(t);
    const b = await orgClient(t);
    const { createSchedule: s } = await b.gql.data(CREATE, { input: { name: "B's" } });
    for (const org of [undefined, b.org]) {
      // A lookup by id answers null, as for a missing schedule; acting on it is NOT_FOUND.
      expect((await a.gql.data(`query($id: ID!, $o: String) { schedule(id: $id, organization: $o) { id } }`, { id: s.id, o: org })).schedule).toBeNull();
      expect((await a.gql.error(`mutation($id: ID!, $o: String) { deleteSchedule(id: $id, organization: $o) { id } }`, { id: s.id, o: org })).extensions.code).toBe("NOT_FOUND");
      expect((await a.gql.error(`mutation($id: ID!, $o: String) { updateSchedule(id: $id, organization: $o, input: { name: "hacked" }) { id } }`, { id: s.id, o: org })).extensions.code).toBe("NOT_FOUND");
    }
    expect((await a.gql.error(`query($o: String) { schedules(organization: $o) { totalElements } }`, { o: b.org })).extensions.code).toBe("FORBIDDEN");
    expect((await a.gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
    const { schedule } = await b.gql.data(`query($id: ID!) { schedule(id: $id) { name } }`, { id: s.id });
    expect(schedule.name).toBe("B's");
  });

  it("makes a caller of several organizations name one", async () => {
    const multi = t.client(await t.token(["o1-x", "o2-x"], "editor"));
    expect((await multi.error(`{ schedules { totalElements } }`)).extensions.code).toBe("BAD_USER_INPUT");
    expect((await multi.data(`{ schedules(organization: "o2-x") { totalElements } }`)).schedules.totalElements).toBe(0);
    const star = t.client(await t.token(["*"], "admin"));
    expect((await star.data(`{ schedules(organization: "anything") { totalElements } }`)).schedules.totalElements).toBe(0);
  });

  it("masks unexpected errors and keeps a request id", async () => {
    const result = await t.client().request(`{ nope }`);
    expect(result.errors?.[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(result.errors?.[0].extensions.requestId).toBeTruthy();
  });
});
