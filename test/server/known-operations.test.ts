// A query Apollo has run once is answered again without Apollo's pipeline when the answer would be
// the same (src/server/graphql/known-operations.ts). Each request below is sent twice with the same request
// id: the first goes through Apollo (its plan is not known yet), the second takes the known path or
// falls back to Apollo. Both answers must be equal, status, headers and body, with one log line each
// and no statement run twice.
import { ApolloServer } from "@apollo/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { statementCounter } from "../../src/db/client.js";
import { allowCaching, cacheScope } from "../../src/server/limits/bounded-caches.js";
import { answerTypes } from "../../src/server/graphql/known-operations.js";
import { createSchedule } from "../events/helpers.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService({ logLevel: "info" });
const HEADERS = ["content-type", "content-length", "content-encoding", "cache-control", "vary", "x-request-id", "etag"];
/** Results whose errors come from running the plan: the known path hands them over to Apollo. */
const HANDED_OVER = new Set(["a mutation that fails", "an id that is no id (an error from the resolver)", "a partial answer (data and an error)", "variables of the wrong type", "a size over MAX_PAGE_SIZE (refused by the checks)"]);

interface Sent {
  headers: Record<string, string>;
  body: string;
}

/** Sends `sent` and answers what came back, the log lines written meanwhile, the statements run and whether Apollo's pipeline ran. */
async function exchange(sent: Sent, requestId: string) {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stdout.write);
  const pipeline = vi.spyOn(ApolloServer.prototype, "executeHTTPGraphQLRequest");
  statementCounter.enabled = true;
  const statementsBefore = statementCounter.count;
  try {
    const response = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "x-request-id": requestId, ...sent.headers }, body: sent.body });
    const answer = { status: response.status, headers: Object.fromEntries(HEADERS.map((h) => [h, response.headers.get(h)])), body: await response.text() };
    const path = response.headers.get("x-answer-path");
    // The log line is written once the answer is out: wait for it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const logged = lines
      .flatMap((chunk) => chunk.split("\n"))
      .filter((line) => line.includes(`"${requestId}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .map(({ time: _time, durationMs: _duration, path: _path, ...rest }) => rest);
    const loggedPaths = lines.flatMap((chunk) => chunk.split("\n")).filter((line) => line.includes(`"${requestId}"`)).map((line) => JSON.parse(line).path);
    return { answer, logged, path, loggedPaths, statements: statementCounter.count - statementsBefore, throughApollo: pipeline.mock.calls.length > 0 };
  } finally {
    statementCounter.enabled = false;
    write.mockRestore();
    pipeline.mockRestore();
  }
}

describe("an operation answered again without Apollo's pipeline", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers every kind of request as Apollo does, and takes the short path only for a known query or mutation that succeeds", async () => {
    const { org, gql } = await orgClient(t);
    const token = await t.token(org);
    const schedule = await createSchedule(gql, "Known");
    // An answer far past the 128 KiB where jsonBytes writes in pieces (src/server/graphql/json-bytes.ts).
    const long = await createSchedule(gql, "Long");
    const created = Array.from({ length: 1_000 }, (_, i) => ({ onAirTime: new Date(Date.UTC(2026, 0, 1) + i * 30_000).toISOString(), duration: 30_000, title: `Spot ${i} · ${"é".repeat(i % 40)}` }));
    await gql.data(`mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { messages { message } } }`, { s: long.id, v: long.version, input: { created } });
    const json = { "content-type": "application/json" };
    const auth = { ...json, authorization: `Bearer ${token}` };
    const byId = "query ScheduleName($id: ID!) { schedule(id: $id) { id name } }";
    const cases: Record<string, { sent: Sent; short: boolean }> = {
      "a query with variables": { sent: { headers: auth, body: JSON.stringify({ query: byId, variables: { id: schedule.id } }) }, short: true },
      "the same query with its operation named": { sent: { headers: auth, body: JSON.stringify({ query: byId, operationName: "ScheduleName", variables: { id: schedule.id } }) }, short: true },
      "an Accept of graphql-response+json": {
        sent: { headers: { ...auth, accept: "application/graphql-response+json, application/json;q=0.9" }, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) },
        short: true,
      },
      "one operation of two, by name": {
        sent: { headers: auth, body: JSON.stringify({ query: "query A { schedules { totalElements } } query B { __typename }", operationName: "B" }) },
        short: true,
      },
      "an answer of 1,000 events (180 KB)": {
        sent: { headers: auth, body: JSON.stringify({ query: `query($id: ID!) { schedule(id: $id) { events(size: 1000) { content { id title onAirTime duration eventType locked status } } } }`, variables: { id: long.id } }) },
        short: true,
      },
      "the same, compressed": {
        sent: { headers: { ...auth, "accept-encoding": "br" }, body: JSON.stringify({ query: `query($id: ID!) { schedule(id: $id) { events(size: 1000) { content { id title onAirTime } } } }`, variables: { id: long.id } }) },
        short: true,
      },
      "a large answer, compressed": { sent: { headers: { ...auth, "accept-encoding": "gzip" }, body: JSON.stringify({ query: `{ schedules(size: 200) { content { id name timeZone } } }` }) }, short: true },
      "a record that is not there (null, no error)": { sent: { headers: auth, body: JSON.stringify({ query: byId, variables: { id: "999999999" } }) }, short: true },
      "an id that is no id (an error from the resolver)": { sent: { headers: auth, body: JSON.stringify({ query: byId, variables: { id: "not-an-id" } }) }, short: false },
      "a partial answer (data and an error)": {
        sent: { headers: auth, body: JSON.stringify({ query: `query Two($a: ID!, $b: ID!) { a: schedule(id: $a) { id } b: schedule(id: $b) { id } }`, variables: { a: schedule.id, b: "not-an-id" } }) },
        short: false,
      },
      "variables of the wrong type": { sent: { headers: auth, body: JSON.stringify({ query: byId, variables: { id: { a: 1 } } }) }, short: false },
      "an Accept Apollo refuses": { sent: { headers: { ...auth, accept: "text/html" }, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) }, short: false },
      "no token": { sent: { headers: json, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) }, short: false },
      "a bad token": { sent: { headers: { ...json, authorization: "Bearer not-a-token" }, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) }, short: false },
      "a text/plain body (CSRF prevention)": { sent: { headers: { "content-type": "text/plain", authorization: `Bearer ${token}` }, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) }, short: false },
      "a mutation that fails": { sent: { headers: auth, body: JSON.stringify({ query: `mutation { createSchedule(input: { name: "" }) { id } }` }) }, short: false },
      // Written the same twice (no version named: the same answer and statements each time).
      "a mutation that succeeds": {
        sent: { headers: auth, body: JSON.stringify({ query: `mutation Rename($id: ID!) { updateSchedule(id: $id, input: { name: "Known" }) { id name } }`, variables: { id: schedule.id } }) },
        short: true,
      },
      "introspection": { sent: { headers: auth, body: JSON.stringify({ query: "{ __schema { queryType { name } } }" }) }, short: false },
      "a persisted-query extension": {
        sent: { headers: auth, body: JSON.stringify({ query: "{ schedules { totalElements } }", extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } }) },
        short: false,
      },
      "an empty operation name (Apollo finds no operation)": { sent: { headers: auth, body: JSON.stringify({ query: "{ schedules { totalElements } }", operationName: "" }) }, short: false },
      "a name that is not in the document": { sent: { headers: auth, body: JSON.stringify({ query: "query A { schedules { totalElements } }", operationName: "B" }) }, short: false },
      "a batch": { sent: { headers: auth, body: JSON.stringify([{ query: "{ schedules { totalElements } }" }]) }, short: false },
      "a size over MAX_PAGE_SIZE (refused by the checks)": { sent: { headers: auth, body: JSON.stringify({ query: "query($s: Int) { schedules(size: $s) { totalElements } }", variables: { s: 1_000_000 } }) }, short: false },
    };
    let n = 0;
    for (const [name, { sent: given, short }] of Object.entries(cases)) {
      const requestId = `known-${n++}`;
      // A text of its own (a comment), so that the first request is the first of its plan.
      const own = (operation: { query?: string }) => ({ ...operation, query: `${operation.query}\n# ${requestId}` });
      const parsed = JSON.parse(given.body);
      const sent = { ...given, body: JSON.stringify(Array.isArray(parsed) ? parsed.map(own) : own(parsed)) };
      const first = await exchange(sent, requestId);
      const again = await exchange(sent, requestId);
      expect({ name, ...again.answer }).toEqual({ name, ...first.answer });
      expect({ name, logged: again.logged }).toEqual({ name, logged: first.logged });
      expect({ name, lines: again.logged.length }).toEqual({ name, lines: 1 });
      expect({ name, statements: again.statements }).toEqual({ name, statements: first.statements });
      expect({ name, throughApollo: again.throughApollo }).toEqual({ name, throughApollo: !short });
      expect(first.throughApollo, name).toBe(true);
      // The path that answered is named in the header and the log line (src/server/graphql/dispatch.ts).
      const expectedPath = short ? "known" : HANDED_OVER.has(name) ? "handed-over" : "apollo";
      expect({ name, first: first.path, again: again.path }).toEqual({ name, first: "apollo", again: expectedPath });
      expect({ name, logged: again.loggedPaths }).toEqual({ name, logged: [expectedPath] });
      // Every case that falls back because of its result has errors in its answer.
      if (!short && name.includes("error")) expect(first.answer.body, name).toContain('"errors"');
    }
  });

  it("keeps no plan for a name Apollo finds in no operation, so the same text without a name still answers", async () => {
    const { org } = await orgClient(t);
    const headers = { "content-type": "application/json", authorization: `Bearer ${await t.token(org)}` };
    const query = "{ schedules { totalElements } } # unnamed";
    const refused = await exchange({ headers, body: JSON.stringify({ query, operationName: "" }) }, "unnamed-1");
    expect(refused.answer.body).toContain('"errors"');
    for (const requestId of ["unnamed-2", "unnamed-3"]) {
      const { answer } = await exchange({ headers, body: JSON.stringify({ query }) }, requestId);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ data: { schedules: { totalElements: 0 } } });
    }
    // And the empty name is not the absent one: it is refused again, by Apollo.
    const again = await exchange({ headers, body: JSON.stringify({ query, operationName: "" }) }, "unnamed-4");
    expect({ ...again.answer, headers: undefined }).toEqual({ ...refused.answer, headers: undefined, body: refused.answer.body.replace("unnamed-1", "unnamed-4") });
    expect(again.throughApollo).toBe(true);
  });

  it("keeps nothing for a request without a token", async () => {
    const query = "query NoToken { schedules { totalElements } }";
    const anonymous = { headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) };
    await exchange(anonymous, "anon-1");
    const { org } = await orgClient(t);
    const withToken = { headers: { "content-type": "application/json", authorization: `Bearer ${await t.token(org)}` }, body: JSON.stringify({ query }) };
    expect((await exchange(withToken, "anon-2")).throughApollo).toBe(true);
    expect((await exchange(withToken, "anon-3")).throughApollo).toBe(false);
  });

  it("keeps the answer type of an Accept header for requests with a token only, and a bounded number of them", () => {
    const types = answerTypes();
    const accept = "application/graphql-response+json, application/json;q=0.9";
    cacheScope(null, null, () => expect(types.of(accept)).toBe("application/graphql-response+json; charset=utf-8"));
    expect(types.size).toBe(0);
    cacheScope(null, null, () => {
      allowCaching();
      for (let n = 0; n < 100; n++) types.of(`application/json;q=0.${n}`);
      expect(types.of("text/html")).toBe(null);
      expect(types.of(`application/json, ${"x".repeat(300)}`)).toBe("application/json; charset=utf-8");
    });
    expect(types.size).toBe(64);
  });
});
