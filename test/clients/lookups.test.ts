// One rule for a missing record by id, and the paged forms of the lists that were plain
// (docs/CLIENTS.md "Paging").
import { describe, expect, it } from "vitest";
import { createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

describe("lookups by id and paged lists", () => {
  it("a lookup answers null for an unknown or invisible record; an operation on it answers NOT_FOUND", async () => {
    const { gql } = await orgClient(t);
    const other = await orgClient(t);
    const foreign = await createSchedule(other.gql, "Theirs");
    for (const id of ["987654321", foreign.id]) {
      const data = await gql.data(`query($id: ID!) { schedule(id: $id) { id } changeSet(id: $id) { id } job(id: $id) { id } }`, { id });
      expect(data).toEqual({ schedule: null, changeSet: null, job: null });
      expect((await gql.error(`mutation($id: ID!) { deleteSchedule(id: $id) { id } }`, { id })).extensions.code).toBe("NOT_FOUND");
      expect((await gql.error(`query($id: ID!) { changeSets(scheduleId: $id) { id } }`, { id })).extensions.code).toBe("NOT_FOUND");
    }
    expect((await gql.data(`{ asset(assetId: "NOPE") { id } }`)).asset).toBeNull();
    expect((await gql.error(`{ schedule(id: "abc") { id } }`)).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("jobPage pages the jobs of jobs; eventChangePage pages a history entry's event changes", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Paged", { startDate: iso(T0) });
    for (const name of ["a.xml", "b.xml", "c.xml"]) await gql.data(`mutation($id: ID!, $f: String!) { exportSchedule(id: $id, fileName: $f) { id } }`, { id: s.id, f: name });
    const listed = (await gql.data(`{ jobs { id } }`)).jobs.map((j: any) => j.id);
    const first = (await gql.data(`{ jobPage(size: 2) { totalElements totalPages last pageable { hasNextPage hasPreviousPage } content { id } } }`)).jobPage;
    const second = (await gql.data(`{ jobPage(page: 1, size: 2) { last pageable { hasNextPage hasPreviousPage } content { id } } }`)).jobPage;
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, last: false, pageable: { hasNextPage: true, hasPreviousPage: false } });
    expect(second).toMatchObject({ last: true, pageable: { hasNextPage: false, hasPreviousPage: true } });
    expect([...first.content, ...second.content].map((j: any) => j.id)).toEqual(listed);

    await gql.data(
      `mutation($s: ID!) { bulkEditEvents(scheduleId: $s, version: 1, input: { created: [
        { onAirTime: "${iso(T0)}", duration: ${MIN}, title: "A" }, { onAirTime: "${iso(T0 + MIN)}", duration: ${MIN}, title: "B" },
        { onAirTime: "${iso(T0 + 2 * MIN)}", duration: ${MIN}, title: "C" }] }) { messages { message } } }`,
      { s: s.id },
    );
    const HISTORY = `query($id: ID!, $page: Int) { schedule(id: $id) { history(size: 1) { content {
      eventChangePage(page: $page, size: 2) { totalElements last content { eventId kind } } eventChanges(size: 10) { eventId } } } } }`;
    const page0 = (await gql.data(HISTORY, { id: s.id, page: 0 })).schedule.history.content[0];
    const page1 = (await gql.data(HISTORY, { id: s.id, page: 1 })).schedule.history.content[0];
    expect(page0.eventChangePage).toMatchObject({ totalElements: 3, last: false });
    expect(page1.eventChangePage).toMatchObject({ totalElements: 3, last: true });
    const paged = [...page0.eventChangePage.content, ...page1.eventChangePage.content];
    expect(paged.map((c: any) => c.kind)).toEqual(["ADDED", "ADDED", "ADDED"]);
    expect(paged.map((c: any) => c.eventId)).toEqual(page0.eventChanges.map((c: any) => c.eventId));
  });

  it("changeSetPage pages the change sets of changeSets; schedulePageByGraphicsProject those of schedulesByGraphicsProject", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Drafted", { startDate: iso(T0) });
    for (let i = 0; i < 3; i++) await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: s.id });
    const listed = (await gql.data(`query($s: ID!) { changeSets(scheduleId: $s) { id } }`, { s: s.id })).changeSets.map((c: any) => c.id);
    const SETS = `query($s: ID!, $page: Int) { changeSetPage(scheduleId: $s, page: $page, size: 2) {
      number totalElements totalPages last pageable { hasNextPage hasPreviousPage } content { id } } }`;
    const first = (await gql.data(SETS, { s: s.id, page: 0 })).changeSetPage;
    const second = (await gql.data(SETS, { s: s.id, page: 1 })).changeSetPage;
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, last: false, pageable: { hasNextPage: true, hasPreviousPage: false } });
    expect(second).toMatchObject({ number: 1, last: true, pageable: { hasNextPage: false, hasPreviousPage: true } });
    expect([...first.content, ...second.content].map((c: any) => c.id)).toEqual(listed);
    expect((await gql.error(`{ changeSetPage(scheduleId: "987654321") { totalElements } }`)).extensions.code).toBe("NOT_FOUND");

    const project = `gp-${s.id}`;
    for (const name of ["One", "Two", "Three"]) await createSchedule(gql, name, { graphicsProject: project });
    const byProject = (await gql.data(`query($n: String!) { schedulesByGraphicsProject(name: $n) { id } }`, { n: project })).schedulesByGraphicsProject;
    const PROJECT = `query($n: String!, $page: Int) { schedulePageByGraphicsProject(name: $n, page: $page, size: 2) { totalElements last content { id } } }`;
    const p0 = (await gql.data(PROJECT, { n: project, page: 0 })).schedulePageByGraphicsProject;
    const p1 = (await gql.data(PROJECT, { n: project, page: 1 })).schedulePageByGraphicsProject;
    expect(p0).toMatchObject({ totalElements: 3, last: false });
    expect(p1).toMatchObject({ totalElements: 3, last: true });
    expect([...p0.content, ...p1.content].map((x: any) => x.id)).toEqual(byProject.map((x: any) => x.id));

    const tooBig = await gql.error(`query($n: String!) { schedulePageByGraphicsProject(name: $n, size: 100000) { totalElements } }`, { n: project });
    expect(tooBig.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "size" });
  });
});
