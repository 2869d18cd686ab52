// The service as a frontend calls it, with the real client libraries in Node (their fetch):
// Apollo Client 4 (a CONFLICT as CombinedGraphQLErrors, BatchHttpLink batches) and urql 6 (its
// default GET queries with a token, a CONFLICT in CombinedError). Polling a job and downloading its
// file is test/jobs/download-links.test.ts; the cache rules are tested with the cache.
import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, gql } from "@apollo/client";
import { BatchHttpLink } from "@apollo/client/link/batch-http";
import { Client, fetchExchange, gql as urqlGql } from "@urql/core";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

const CREATE = `mutation($name: String!) { createSchedule(input: { name: $name }) { id version } }`;

const RENAME = gql`
  mutation Rename($id: ID!, $name: String!, $version: Int!) {
    updateSchedule(id: $id, input: { name: $name, version: $version }) {
      id
      name
      version
    }
  }
`;

const SCHEDULE = gql`
  query Schedule($id: ID!) {
    schedule(id: $id) {
      id
      name
      version
    }
  }
`;

/** A fresh organization with one schedule, and its token. */
async function withSchedule(name: string): Promise<{ token: string; id: string; version: number }> {
  const { org, gql: api } = await orgClient(t);
  const { createSchedule } = await api.data(CREATE, { name });
  return { token: await t.token(org), id: createSchedule.id, version: createSchedule.version };
}

describe("Apollo Client 4", () => {
  /** A client of the token; `sent` collects the bodies it posts. */
  const apollo = (token: string, batched = false, sent: unknown[] = []) => {
    const options = {
      uri: `${t.url}/graphql`,
      headers: { authorization: `Bearer ${token}` },
      fetch: (input: string | URL | Request, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return fetch(input, init);
      },
    };
    return new ApolloClient({ link: batched ? new BatchHttpLink({ ...options, batchMax: 10, batchInterval: 20 }) : new HttpLink(options), cache: new InMemoryCache() });
  };

  it("surfaces a stale version as CombinedGraphQLErrors with extensions.code CONFLICT", async () => {
    const { token, id, version } = await withSchedule("Morning");
    const client = apollo(token);
    const renamed = await client.mutate({ mutation: RENAME, variables: { id, name: "Breakfast", version } });
    expect((renamed.data as any).updateSchedule).toMatchObject({ name: "Breakfast", version: version + 1 });
    let caught: unknown;
    try {
      await client.mutate({ mutation: RENAME, variables: { id, name: "Brunch", version } });
    } catch (error) {
      caught = error;
    }
    expect(CombinedGraphQLErrors.is(caught)).toBe(true);
    const { errors } = caught as CombinedGraphQLErrors;
    expect(errors[0].extensions).toMatchObject({ code: "CONFLICT", currentVersion: version + 1 });
    // Nothing was written: the cache and the service both keep the first rename.
    const { data } = await client.query({ query: SCHEDULE, variables: { id }, fetchPolicy: "network-only" });
    expect((data as any).schedule).toMatchObject({ name: "Breakfast", version: version + 1 });
  });

  it("sends queries together through BatchHttpLink and gets each its answer or its error", async () => {
    const { token, id } = await withSchedule("Evening");
    const sent: unknown[] = [];
    const client = apollo(token, true, sent);
    const tooDeep = gql(`query Deep { schedules { content { ${"atVersion(version: 1) { ".repeat(13)} id ${"} ".repeat(13)} } } }`);
    const [one, two, three, four] = await Promise.allSettled([
      client.query({ query: SCHEDULE, variables: { id } }),
      client.query({ query: gql`query Count { schedules { totalElements } }` }),
      client.query({ query: gql`query Missing($id: ID!) { job(id: $id) { id } }`, variables: { id: "999999" } }),
      client.query({ query: tooDeep }),
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(4);
    const value = (settled: PromiseSettledResult<{ data: unknown }>) => (settled.status === "fulfilled" ? (settled.value.data as any) : settled.reason);
    expect(value(one).schedule.name).toBe("Evening");
    expect(value(two).schedules.totalElements).toBe(1);
    expect(value(three).job).toBeNull();
    // The one operation over a limit fails alone, with its own error.
    expect(four.status).toBe("rejected");
    expect(CombinedGraphQLErrors.is(value(four)) && value(four).errors[0].message).toMatch(/depth/);
  });
});

describe("urql 6", () => {
  const urql = (token: string) => new Client({ url: `${t.url}/graphql`, exchanges: [fetchExchange], fetchOptions: { headers: { authorization: `Bearer ${token}` } } });

  it("sends its default GET queries with the token, and they are answered", async () => {
    const { token, id } = await withSchedule("Night");
    const sent: string[] = [];
    const client = new Client({
      url: `${t.url}/graphql`,
      exchanges: [fetchExchange],
      fetchOptions: { headers: { authorization: `Bearer ${token}` } },
      fetch: (input, init) => {
        sent.push(init?.method ?? "GET");
        return fetch(input, init);
      },
    });
    const result = await client.query(urqlGql`query Schedule($id: ID!) { schedule(id: $id) { id name } }`, { id }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data.schedule.name).toBe("Night");
    expect(sent).toEqual(["GET"]);
  });

  it("surfaces a stale version in CombinedError.graphQLErrors with extensions.code CONFLICT", async () => {
    const { token, id, version } = await withSchedule("Late");
    const client = urql(token);
    const mutation = urqlGql`mutation Rename($id: ID!, $name: String!, $version: Int!) { updateSchedule(id: $id, input: { name: $name, version: $version }) { id version } }`;
    expect((await client.mutation(mutation, { id, name: "Later", version }).toPromise()).error).toBeUndefined();
    const stale = await client.mutation(mutation, { id, name: "Latest", version }).toPromise();
    expect(stale.error?.graphQLErrors[0].extensions).toMatchObject({ code: "CONFLICT" });
  });
});
