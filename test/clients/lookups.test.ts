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
});
