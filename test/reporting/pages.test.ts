// The paged siblings of the reporting lists that grow with their window: executionDayPage,
// billingUsagePage, cacheDownloadPage. Two pages read one after the other hold the list exactly;
// the page limit and the caller's organizations apply as they do to the list.
import { beforeAll, describe, expect, it } from "vitest";
import { INGEST } from "../helpers/telemetry.js";
import { type GraphQLClient, uniqueOrg, useTestService } from "../helpers/service.js";

const t = useTestService();

const DAY = 86_400_000;
const T0 = Date.parse("2033-04-01T00:00:00Z");
const at = (days: number, hours = 0) => new Date(T0 + days * DAY + hours * 3_600_000).toISOString();
const WINDOW = { from: at(0), to: at(10) };

let a: string;
let viewerA: GraphQLClient;
let viewerB: GraphQLClient;
let viewerC: GraphQLClient;
let c: string;

beforeAll(async () => {
  a = uniqueOrg("pga");
  const b = uniqueOrg("pgb");
  c = uniqueOrg("pgc");
  const admin = t.client(await t.token([a, b], "admin"));
  [viewerA, viewerB, viewerC] = await Promise.all([a, b, c].map(async (org) => t.client(await t.token(org, "viewer"))));
  await admin.data(INGEST, {
    batch: {
      // A: five addresses (one without a port) and five days of usage and of executions (two on day 1); B: one of each.
      cacheDownloads: [
        ...["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((ip, i) => ({ organization: a, time: at(i, 1), ip, port: "80", playoutName: `P${i}`, count: i + 1, size: 10 })),
        { organization: a, time: at(3, 1), ip: "10.0.0.1", playoutName: "P3", count: 4, size: 10 },
        { organization: a, time: at(4, 1), ip: "10.0.0.1", port: "8080", playoutName: "P4", count: 5, size: 10 },
        { organization: b, time: at(0, 1), ip: "10.0.0.9", port: "80", count: 1, size: 1 },
      ],
      billingUsage: [
        ...[0, 1, 2, 3, 4].map((day) => ({ organization: a, timeStamp: at(day), playoutUptime: day })),
        { organization: b, timeStamp: at(0), playoutUptime: 9 },
      ],
      executions: [
        ...[0, 1, 2, 3, 4].map((day) => ({ organization: a, executionId: `${a}-${day}`, executionTime: at(day, 5), success: day !== 2 })),
        { organization: a, executionId: `${a}-1b`, executionTime: at(1, 7), success: true },
        { organization: b, executionId: `${b}-0`, executionTime: at(0, 5) },
      ],
    },
  });
});

const EXECUTIONS = `executionDate success executions { organization executionId success timeStamp }`;
const PAGE_MEMBERS = `number size numberOfElements totalElements totalPages first last empty pageable { offset hasNextPage hasPreviousPage }`;

const FIELDS = {
  executionDayPage: {
    list: `query($from: DateTime!, $to: DateTime) { items: executionDays(from: $from, to: $to) { ${EXECUTIONS} } }`,
    page: `query($from: DateTime!, $to: DateTime, $page: Int, $size: Int) {
      page: executionDayPage(from: $from, to: $to, page: $page, size: $size) { ${PAGE_MEMBERS} content { ${EXECUTIONS} } } }`,
    vars: () => ({ from: WINDOW.from, to: WINDOW.to }),
  },
  billingUsagePage: {
    list: `query($w: TimeWindowInput!) { items: billingUsage(window: $w) { organization timeStamp playoutUptime } }`,
    page: `query($w: TimeWindowInput!, $page: Int, $size: Int) {
      page: billingUsagePage(window: $w, page: $page, size: $size) { ${PAGE_MEMBERS} content { organization timeStamp playoutUptime } } }`,
    vars: () => ({ w: WINDOW }),
  },
  cacheDownloadPage: {
    list: `query($o: String!, $w: TimeWindowInput!) { items: cacheDownloads(organization: $o, window: $w) { ip port count size playoutNames } }`,
    page: `query($o: String!, $w: TimeWindowInput!, $page: Int, $size: Int) {
      page: cacheDownloadPage(organization: $o, window: $w, page: $page, size: $size) { ${PAGE_MEMBERS} content { ip port count size playoutNames } } }`,
    vars: () => ({ o: a, w: WINDOW }),
  },
};

describe.each(Object.entries(FIELDS))("%s", (_name, field) => {
  it("two pages read in turn hold the list, in its order", async () => {
    const { items } = await viewerA.data(field.list, field.vars());
    expect(items).toHaveLength(5);
    const { page: first } = await viewerA.data(field.page, { ...field.vars(), page: 0, size: 3 });
    const { page: second } = await viewerA.data(field.page, { ...field.vars(), page: 1, size: 3 });
    expect(first).toMatchObject({ number: 0, size: 3, numberOfElements: 3, totalElements: 5, totalPages: 2, first: true, last: false, empty: false });
    expect(first.pageable).toEqual({ offset: 0, hasNextPage: true, hasPreviousPage: false });
    expect(second).toMatchObject({ number: 1, numberOfElements: 2, totalElements: 5, last: true, pageable: { offset: 3, hasNextPage: false, hasPreviousPage: true } });
    expect([...first.content, ...second.content]).toEqual(items);
    // The defaults: page 0 of 20.
    const { page: whole } = await viewerA.data(field.page, field.vars());
    expect(whole).toMatchObject({ number: 0, size: 20, totalElements: 5, last: true });
    expect(whole.content).toEqual(items);
  });

  it("a size over the page limit, or below 1, and a negative page are BAD_USER_INPUT", async () => {
    for (const paging of [{ size: 1001 }, { size: 0 }, { page: -1 }]) {
      expect((await viewerA.error(field.page, { ...field.vars(), ...paging })).extensions.code, JSON.stringify(paging)).toBe("BAD_USER_INPUT");
    }
  });

  it("another organization's caller sees none of it", async () => {
    const { page } = await viewerC.data(field.page, { ...field.vars(), ...("o" in field.vars() ? { o: c } : {}) });
    expect(page).toMatchObject({ totalElements: 0, totalPages: 0, numberOfElements: 0, empty: true, content: [] });
  });
});

describe("the pages keep to the caller's organizations as the lists do", () => {
  it("B's caller pages only B's records, and may not name A", async () => {
    const days = (await viewerB.data(FIELDS.executionDayPage.page, FIELDS.executionDayPage.vars())).page;
    expect(days.totalElements).toBe(1);
    expect(days.content[0].executions.map((e: { organization: string }) => e.organization)).not.toContain(a);
    const usage = (await viewerB.data(FIELDS.billingUsagePage.page, FIELDS.billingUsagePage.vars())).page;
    expect(usage.content.map((r: { playoutUptime: number }) => r.playoutUptime)).toEqual([9]);
    expect((await viewerB.error(FIELDS.cacheDownloadPage.page, FIELDS.cacheDownloadPage.vars())).extensions.code).toBe("FORBIDDEN");
  });

  it("executionDayPage pages whole days: a day with two executions keeps both", async () => {
    const { page } = await viewerA.data(FIELDS.executionDayPage.page, { ...FIELDS.executionDayPage.vars(), page: 3, size: 1 });
    expect(page.content).toHaveLength(1);
    expect(page.content[0].executionDate).toBe(at(1));
    expect(page.content[0].executions.map((e: { executionId: string }) => e.executionId)).toEqual([`${a}-1b`, `${a}-1`]);
  });
});
