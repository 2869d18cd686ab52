// The paging rule with real clients, configured as docs/CLIENTS.md documents (docs/clients/):
// Apollo Client's fetchMore grows one list through the field policy; urql's graphcache joins the
// pages it holds; a mutation's answer updates the cached page.
import { ApolloClient, HttpLink, gql } from "@apollo/client";
import { gql as urqlGql } from "@urql/core";
import { describe, expect, it, vi } from "vitest";
import { createCache } from "../../docs/clients/apollo.js";
import { createClient } from "../../docs/clients/urql.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { uniqueOrg, useTestService } from "../helpers/service.js";
import { INGEST } from "../helpers/telemetry.js";

const t = useTestService();

const PAGE = `query Page($id: ID!, $page: Int, $size: Int) {
  schedule(id: $id) { id version events(page: $page, size: $size) { number size last totalElements content { id title version } } }
}`;
const RENAME = `mutation Rename($s: ID!, $v: Int!, $e: ID!) {
  updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, title: "Renamed" }]) { id version changedEvents { content { event { id title version } } } }
}`;

async function fiveEvents() {
  const token = await t.token(uniqueOrg(), "editor");
  const editor = t.client(token);
  const s = await createSchedule(editor, "Paged", { startDate: iso(T0) });
  const ids = await addEvents(editor, s.id, ["A", "B", "C", "D", "E"].map((title, i) => ({ at: T0 + i * 10 * MIN, duration: 10 * MIN, title })));
  const { schedule } = await editor.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: s.id });
  return { token, s, ids, version: schedule.version as number };
}

describe("paging with the documented client configurations", () => {
  it("Apollo Client: fetchMore appends the next pages through the field policy; a mutation updates the cached page", async () => {
    const { token, s, ids, version } = await fiveEvents();
    const client = new ApolloClient({
      cache: createCache(),
      link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" } }),
    });
    const query = gql(PAGE);
    const observable = client.watchQuery<any>({ query, variables: { id: s.id, page: 0, size: 2 } });
    // fetchMore needs a watched query.
    const subscription = observable.subscribe(() => undefined);
    try {
      await observable.refetch();
      await observable.fetchMore({ variables: { page: 1 } });
      await observable.fetchMore({ variables: { page: 2 } });
      const cached = client.readQuery<any>({ query, variables: { id: s.id, page: 0, size: 2 } })!;
      expect(cached.schedule.events.content.map((e: any) => e.title)).toEqual(["A", "B", "C", "D", "E"]);
      expect(cached.schedule.events).toMatchObject({ number: 2, last: true, totalElements: 5 });

      await client.mutate({ mutation: gql(RENAME), variables: { s: s.id, v: version, e: ids[3] } });
      const after = client.readQuery<any>({ query, variables: { id: s.id, page: 0, size: 2 } })!;
      expect(after.schedule.version).toBe(version + 1);
      expect(after.schedule.events.content.map((e: any) => e.title)).toEqual(["A", "B", "C", "Renamed", "E"]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it("urql with graphcache: the pages asked so far read as one list; a mutation updates it", async () => {
    const { token, s, ids, version } = await fiveEvents();
    // graphcache warns ("Invalid key") of an object it cannot key that the configuration does not name.
    const warn = vi.spyOn(console, "warn");
    const client = createClient(t.url, token);
    const query = urqlGql(PAGE);
    for (const page of [0, 1, 2]) {
      const result = await client.query(query, { id: s.id, page, size: 2 }).toPromise();
      expect(result.error).toBeUndefined();
    }
    const joined = await client.query(query, { id: s.id, page: 2, size: 2 }, { requestPolicy: "cache-only" }).toPromise();
    expect(joined.data.schedule.events.content.map((e: any) => e.title)).toEqual(["A", "B", "C", "D", "E"]);
    expect(joined.data.schedule.events).toMatchObject({ number: 2, last: true, totalElements: 5 });

    const renamed = await client.mutation(urqlGql(RENAME), { s: s.id, v: version, e: ids[0] }).toPromise();
    expect(renamed.error).toBeUndefined();
    const after = await client.query(query, { id: s.id, page: 2, size: 2 }, { requestPolicy: "cache-only" }).toPromise();
    expect(after.data.schedule.events.content.map((e: any) => e.title)).toEqual(["Renamed", "B", "C", "D", "E"]);
    expect(warn.mock.calls.filter((call) => String(call[0]).includes("Invalid key"))).toEqual([]);
    warn.mockRestore();
  });

  it("the paged siblings of plain lists: changeSetPage grows through fetchMore (Apollo) and joins its pages (urql)", async () => {
    const { token, s } = await fiveEvents();
    for (let i = 0; i < 3; i++) await t.client(token).data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: s.id });
    const SETS = `query Sets($s: ID!, $page: Int, $size: Int) { changeSetPage(scheduleId: $s, page: $page, size: $size) { number size last totalElements content { id } } }`;
    const apollo = new ApolloClient({
      cache: createCache(),
      link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" } }),
    });
    const observable = apollo.watchQuery<any>({ query: gql(SETS), variables: { s: s.id, page: 0, size: 2 } });
    const subscription = observable.subscribe(() => undefined);
    let ids: string[];
    try {
      await observable.refetch();
      await observable.fetchMore({ variables: { page: 1 } });
      const cached = apollo.readQuery<any>({ query: gql(SETS), variables: { s: s.id, page: 0, size: 2 } })!;
      expect(cached.changeSetPage).toMatchObject({ number: 1, last: true, totalElements: 3 });
      ids = cached.changeSetPage.content.map((c: any) => c.id);
      expect(ids).toHaveLength(3);
    } finally {
      subscription.unsubscribe();
    }

    const urql = createClient(t.url, token);
    for (const page of [0, 1]) expect((await urql.query(urqlGql(SETS), { s: s.id, page, size: 2 }).toPromise()).error).toBeUndefined();
    const joined = await urql.query(urqlGql(SETS), { s: s.id, page: 1, size: 2 }, { requestPolicy: "cache-only" }).toPromise();
    expect(joined.data.changeSetPage.content.map((c: any) => c.id)).toEqual(ids);
  });

  it("a reporting page keyed by its window: billingUsagePage grows through fetchMore (Apollo) and joins its pages (urql)", async () => {
    const org = uniqueOrg();
    await t.client(await t.token(org, "admin")).data(INGEST, {
      batch: { billingUsage: [0, 1, 2].map((day) => ({ organization: org, timeStamp: new Date(Date.UTC(2034, 0, 1 + day)).toISOString(), playoutUptime: day })) },
    });
    const token = await t.token(org, "viewer");
    const USAGE = `query Usage($w: TimeWindowInput!, $page: Int, $size: Int) { billingUsagePage(window: $w, page: $page, size: $size) { number last totalElements content { playoutUptime } } }`;
    const w = { from: "2034-01-01T00:00:00Z", to: "2034-02-01T00:00:00Z" };
    const apollo = new ApolloClient({
      cache: createCache(),
      link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" } }),
    });
    const observable = apollo.watchQuery<any>({ query: gql(USAGE), variables: { w, page: 0, size: 2 } });
    const subscription = observable.subscribe(() => undefined);
    try {
      await observable.refetch();
      await observable.fetchMore({ variables: { page: 1 } });
      const cached = apollo.readQuery<any>({ query: gql(USAGE), variables: { w, page: 0, size: 2 } })!;
      expect(cached.billingUsagePage).toMatchObject({ number: 1, last: true, totalElements: 3 });
      expect(cached.billingUsagePage.content.map((r: any) => r.playoutUptime)).toEqual([0, 1, 2]);
    } finally {
      subscription.unsubscribe();
    }

    const warn = vi.spyOn(console, "warn");
    const urql = createClient(t.url, token);
    for (const page of [0, 1]) expect((await urql.query(urqlGql(USAGE), { w, page, size: 2 }).toPromise()).error).toBeUndefined();
    const joined = await urql.query(urqlGql(USAGE), { w, page: 1, size: 2 }, { requestPolicy: "cache-only" }).toPromise();
    expect(joined.data.billingUsagePage.content.map((r: any) => r.playoutUptime)).toEqual([0, 1, 2]);
    expect(warn.mock.calls.filter((call) => String(call[0]).includes("Invalid key"))).toEqual([]);
    warn.mockRestore();
  });
});
