// Created, copied and deleted schedules in the cached lists of both clients, configured as
// docs/CLIENTS.md "Lists after create, copy and delete" ships them (docs/clients/lists-apollo.ts
// with apollo.ts's cache; urql.ts's graphcache updates), against the service. Neither client may
// print a warning or an error, and Apollo's cache, as its devtools show it, keys every record by id.
import { ApolloClient, HttpLink, gql, type TypedDocumentNode } from "@apollo/client";
import { gql as urqlGql } from "@urql/core";
import { buildSchema, isNonNullType, isObjectType } from "graphql";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createCache } from "../../docs/clients/apollo.js";
import { addSchedule, removeSchedules } from "../../docs/clients/lists-apollo.js";
import { createClient } from "../../docs/clients/urql.js";
import { createSchedule } from "../events/helpers.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { unnormalized } from "./helpers.js";

const t = useTestService();

const schema = buildSchema(readFileSync("schema.graphql", "utf8"));
const TYPES_WITH_ID = new Set(
  Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && type.getFields().id && isNonNullType(type.getFields().id.type))
    .map((type) => type.name),
);

let consoleCalls: MockInstance[];
beforeEach(() => {
  consoleCalls = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")];
});
afterEach(() => {
  const printed = consoleCalls.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
  for (const spy of consoleCalls) spy.mockRestore();
  expect(printed).toEqual([]);
});

interface List {
  schedules: { totalElements: number; content: { id: string; name: string; version: number }[] };
}
const LIST = `query List($filter: ScheduleFilterInput) { schedules(size: 50, filter: $filter) { totalElements content { id name version } } }`;
const EVENTS = `query Events($id: ID!) { schedule(id: $id) { id version events { totalElements content { id title version asset { id name } } } } }`;
const COPY = `mutation Copy($id: ID!) { copySchedule(id: $id) { id name version } }`;
const CREATE = `mutation Create($name: String!) { createSchedule(input: { name: $name }) { id name version } }`;
const DELETE = `mutation Delete($id: ID!) { deleteSchedule(id: $id) { id } }`;

/** A fresh organization with six schedules, its token and the schedules' ids. */
async function sixSchedules() {
  const { org, gql: editor } = await orgClient(t);
  const ids: string[] = [];
  for (let i = 1; i <= 6; i++) ids.push((await createSchedule(editor, `Day ${i}`)).id);
  return { token: await t.token(org, "editor"), ids };
}

const names = (list: List | null | undefined) => list && `${list.schedules.content.map((s) => s.name).join(", ")} (${list.schedules.totalElements})`;

describe("lists after create, copy and delete", () => {
  it("Apollo Client: addSchedule and removeSchedules keep the cached list and its count, with no refetch", async () => {
    const { token, ids } = await sixSchedules();
    const client = new ApolloClient({
      cache: createCache(),
      link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${token}` } }),
    });
    const list: TypedDocumentNode<List, { filter?: { name?: string } }> = gql(LIST);
    await client.query({ query: list });
    await client.query({ query: list, variables: { filter: { name: "Day 1" } } });
    await client.query({ query: gql(EVENTS), variables: { id: ids[0] } });
    const read = () => client.readQuery({ query: list });
    expect(names(read())).toBe("Day 1, Day 2, Day 3, Day 4, Day 5, Day 6 (6)");

    const copied = await client.mutate({ mutation: gql(COPY) as TypedDocumentNode<{ copySchedule: { id: string } }>, variables: { id: ids[0] }, update: (cache, { data }) => data && addSchedule(cache, data.copySchedule) });
    expect(names(read())).toBe("Day 1, Day 2, Day 3, Day 4, Day 5, Day 6, Day 1 (copy) (7)");
    // A filtered list may not hold the copy: dropped, so that its query asks again.
    expect(client.readQuery({ query: list, variables: { filter: { name: "Day 1" } } })).toBeNull();

    await client.mutate({ mutation: gql(CREATE) as TypedDocumentNode<{ createSchedule: { id: string } }>, variables: { name: "Day 7" }, update: (cache, { data }) => data && addSchedule(cache, data.createSchedule) });
    expect(names(read())).toBe("Day 1, Day 2, Day 3, Day 4, Day 5, Day 6, Day 1 (copy), Day 7 (8)");

    await client.mutate({ mutation: gql(DELETE), variables: { id: ids[2] }, update: (cache) => removeSchedules(cache, [ids[2]]) });
    expect(names(read())).toBe("Day 1, Day 2, Day 4, Day 5, Day 6, Day 1 (copy), Day 7 (7)");
    const extract = client.cache.extract() as Record<string, unknown>;
    expect(extract[`Schedule:${ids[2]}`]).toBeUndefined();
    // What the server says now is what the cache said.
    expect(names((await client.query({ query: list, fetchPolicy: "network-only" })).data)).toBe(names(read()));
    expect(copied.data?.copySchedule.id).toBeTruthy();
    expect(unnormalized(extract, TYPES_WITH_ID)).toEqual([]);
    // What it finds: a schedule read without its id is kept inside the list, under a path.
    expect(unnormalized({ ROOT_QUERY: { "schedules({})": { content: [{ __typename: "Schedule", name: "A" }] } } }, TYPES_WITH_ID)).toEqual([
      "ROOT_QUERY.schedules({}).content[0] (Schedule)",
    ]);
  });

  it("urql with graphcache: the configuration's updates drop the cached list, which the server answers again", async () => {
    const { token, ids } = await sixSchedules();
    const client = createClient(t.url, token);
    const list = urqlGql<List>(LIST);
    const cached = () => client.query(list, {}, { requestPolicy: "cache-only" }).toPromise();
    expect(names((await client.query(list, {}).toPromise()).data)).toBe("Day 1, Day 2, Day 3, Day 4, Day 5, Day 6 (6)");
    expect((await client.query(urqlGql(EVENTS), { id: ids[0] }).toPromise()).error).toBeUndefined();
    expect(names((await cached()).data)).toBe("Day 1, Day 2, Day 3, Day 4, Day 5, Day 6 (6)");

    expect((await client.mutation(urqlGql(COPY), { id: ids[0] }).toPromise()).error).toBeUndefined();
    expect((await cached()).data).toBeNull();
    expect(names((await client.query(list, {}).toPromise()).data)).toBe("Day 1, Day 2, Day 3, Day 4, Day 5, Day 6, Day 1 (copy) (7)");

    expect((await client.mutation(urqlGql(CREATE), { name: "Day 7" }).toPromise()).error).toBeUndefined();
    expect((await client.mutation(urqlGql(DELETE), { id: ids[2] }).toPromise()).error).toBeUndefined();
    expect((await cached()).data).toBeNull();
    expect(names((await client.query(list, {}).toPromise()).data)).toBe("Day 1, Day 2, Day 4, Day 5, Day 6, Day 1 (copy), Day 7 (7)");
  });
});
