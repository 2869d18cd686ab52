// Hostile requests, second round: every request is held by a budget (query bytes, input depth,
// event work of heavy fields, paged lists), whatever the attack. Each test sends the attack as an
// attacker would, scaled down (a 5,000-event schedule, MAX_HEAVY_EVENTS lowered to 12,000).
import { createHmac, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it, vi } from "vitest";
import { orgClient, TEST_SECRET, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { createSchedule, iso, T0 } from "../events/helpers.js";

const EVENTS = 5000;
// REQUEST_TIMEOUT_MS lowered; the statement timeout off, so that only the request's budget can end a wait.
const t = useOwnTestService({ maxHeavyEvents: 12_000, maxPageSize: 1000, requestTimeoutMs: 4000, dbStatementTimeoutMs: 0, dbLockTimeoutMs: 0, logLevel: "info" });

async function post(body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(t.url + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const BULK = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { version } } }`;

/** A schedule of EVENTS one-minute events, every tenth an advertisement (breaks) and a gap every 50th. */
async function largeSchedule(gql: GraphQLClient): Promise<{ id: string; version: number }> {
  const s = await createSchedule(gql, "Large", { startDate: iso(T0) });
  const created = Array.from({ length: EVENTS }, (_, i) => ({
    onAirTime: iso(T0 + i * 60_000 + Math.floor(i / 50) * 1000),
    duration: 60_000,
    title: `E${i}`,
    eventType: i % 10 === 9 ? "ADVERTISEMENT" : "PRIMARY",
  }));
  const { bulkEditEvents } = await gql.data(BULK, { s: s.id, v: s.version, input: { created } });
  return { id: s.id, version: bulkEditEvents.content.version };
}

describe("query text size (MAX_QUERY_BYTES)", () => {
  it("refuses a query of comments before parsing it: 1 MB by the body's budget, 300 KB by MAX_QUERY_BYTES", async () => {
    const query = (bytes: number) => `#${randomBytes(8).toString("hex")}${"x".repeat(bytes)}\n{__typename}`;
    // Without a token, the body's budget answers first.
    const anonymous = await post({ query: query(1024 * 1024) });
    expect(anonymous.status).toBe(413);
    expect(anonymous.body.errors[0].extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit: "ANONYMOUS_MAX_BODY_BYTES" });
    // With one, a string six times longer than MAX_QUERY_BYTES is refused while the body is scanned.
    const token = await t.token("org-bytes", "viewer");
    const scanned = await post({ query: query(1024 * 1024) }, token);
    expect(scanned.status).toBe(413);
    expect(scanned.body.errors[0].extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit: "MAX_STRING_LENGTH" });
    const { status, body } = await post({ query: query(300 * 1024) }, token);
    expect(status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "bytes" });
    expect(body.errors[0].message).toMatch(/MAX_QUERY_BYTES/);
  });

  it("counts comments and whitespace: just over 100 KB is refused, just under answers", async () => {
    const token = await t.token("org-bytes", "viewer");
    const over = await post({ query: `${" ".repeat(100 * 1024)}{__typename}` }, token);
    expect(over.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    const under = await post({ query: `#${"x".repeat(90 * 1024)}\n{__typename}` }, token);
    expect(under.body).toEqual({ data: { __typename: "Query" } });
  });
});

describe("automatic persisted queries", () => {
  it("answers random hashes PERSISTED_QUERY_NOT_FOUND, without a token", async () => {
    for (let i = 0; i < 20; i++) {
      const sha256Hash = randomBytes(32).toString("hex");
      const { body } = await post({ extensions: { persistedQuery: { version: 1, sha256Hash } } });
      expect(body.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    }
  });

  it("answers a hash that does not match its query BAD_REQUEST", async () => {
    const { status, body } = await post({ query: "{__typename}", extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } });
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe("BAD_REQUEST");
  });
});

describe("nested variables and arguments (MAX_INPUT_DEPTH)", () => {
  it("answers 100,000 nested lists in a variable BAD_USER_INPUT before parsing them (without a token: PAYLOAD_TOO_LARGE, its body budget)", async () => {
    const depth = 100_000;
    const body = `{"query":"query($j: JSONObject) { __typename }","variables":{"j":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
    const send = (headers: Record<string, string>) => fetch(t.url + "/graphql", { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const anonymous = await send({});
    expect(anonymous.status).toBe(413);
    expect(((await anonymous.json()) as any).errors[0].extensions.limit).toBe("ANONYMOUS_MAX_BODY_BYTES");
    const response = await send({ authorization: `Bearer ${await t.token("org-depth", "viewer")}` });
    const answer = (await response.json()) as any;
    expect(response.status).toBe(400);
    expect(answer.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "MAX_INPUT_DEPTH" });
    expect(answer.errors[0].message).toMatch(/MAX_INPUT_DEPTH/);
  });

  it("refuses 33 levels of lists and objects in an argument literal, accepts 32", async () => {
    const { gql } = await orgClient(t);
    // assets: [ { customFields: { a: … } } ]: the list and the asset are 2 levels, then n objects.
    const upsert = (n: number) => `mutation { upsertAssets(assets: [{ assetId: "deep", name: "x", customFields: ${"{a: ".repeat(n)}"v"${"}".repeat(n)} }]) { assetId } }`;
    const refused = await gql.error(upsert(31));
    expect(refused.extensions.code).toBe("BAD_USER_INPUT");
    expect(refused.message).toMatch(/MAX_INPUT_DEPTH/);
    const accepted = await gql.request(upsert(30));
    expect(JSON.stringify(accepted.errors ?? [])).not.toMatch(/MAX_INPUT_DEPTH/);
  });

  it("refuses a 5,000-character variable name", async () => {
    const name = "v".repeat(5000);
    const { status, body } = await post({ query: `query($${name}: Int) { __typename }`, variables: { [name]: 1 } });
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("heavy fields on a large schedule", () => {
  it("prices validation, scheduleDiff and the like by the schedule's events (MAX_HEAVY_EVENTS)", async () => {
    const { gql } = await orgClient(t);
    const s = await largeSchedule(gql);
    const aliases = Array.from({ length: 19 }, (_, i) => `v${i}: validation { breaks { id } }`).join(" ");
    const refused = await gql.request(`query($id: ID!) { schedule(id: $id) { ${aliases} } }`, { id: s.id });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "events" });
    expect(refused.errors?.[0].message).toMatch(/MAX_HEAVY_EVENTS/);
    // Two fit in 12,000 events.
    const two = await gql.data(`query($id: ID!) { schedule(id: $id) { a: validation { totals { breaks } } b: validation { totals { gaps } } } }`, { id: s.id });
    expect(two.schedule.a.totals.breaks).toBe(EVENTS / 10);
  });

  it("pages a validation's breaks and gaps", async () => {
    const { gql } = await orgClient(t);
    const s = await largeSchedule(gql);
    const { schedule } = await gql.data(
      `query($id: ID!) { schedule(id: $id) { validation { totals { breaks gaps } all: breaks { id } p1: breaks(page: 1, size: 10) { title } gaps(size: 5) { eventId } g: gaps { eventId } } } }`,
      { id: s.id },
    );
    const v = schedule.validation;
    expect(v.totals.breaks).toBe(EVENTS / 10);
    expect(v.all).toHaveLength(EVENTS / 10);
    expect(v.p1.map((b: any[]) => b.map((e) => e.title))).toEqual(Array.from({ length: 10 }, (_, i) => [`E${(10 + i) * 10 + 9}`]));
    expect(v.gaps).toHaveLength(5);
    expect(v.g).toHaveLength(v.totals.gaps);
    const tooLarge = await gql.request(`query($id: ID!) { schedule(id: $id) { validation { gaps(size: 1001) { eventId } } } }`, { id: s.id });
    expect(tooLarge.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("pages scheduleDiff's changed list after a shift of every event", async () => {
    const { gql } = await orgClient(t);
    const s = await largeSchedule(gql);
    await gql.data(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 60000) { version } }`, { id: s.id });
    const DIFF = `query($s: ID!, $from: Int!, $to: Int!, $page: Int, $size: Int) { scheduleDiff(scheduleId: $s, fromVersion: $from, toVersion: $to) {
      changedCount changed(page: $page, size: $size) { id fields before { title onAirTime } after { onAirTime } } } }`;
    const first = (await gql.data(DIFF, { s: s.id, from: s.version, to: s.version + 1 })).scheduleDiff;
    expect(first.changedCount).toBe(EVENTS);
    expect(first.changed).toHaveLength(1000);
    const last = (await gql.data(DIFF, { s: s.id, from: s.version, to: s.version + 1, page: 49, size: 100 })).scheduleDiff;
    expect(last.changed).toHaveLength(100);
    expect(last.changed[99].before.title).toBe(`E${EVENTS - 1}`);
    expect(last.changed[99].fields).toContain("onAirTime");
  });
});

describe("the request's time budget (REQUEST_TIMEOUT_MS)", () => {
  it("answers TIMEOUT once a read waits past it, and cancels the read", async () => {
    const { gql } = await orgClient(t);
    await gql.data(`{ schedules(size: 1) { totalElements } }`); // warm: the token and the plan
    const db = t.service.database.db;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Every read of schedules waits behind this transaction (PGlite: every statement does).
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`lock table schedules in access exclusive mode`);
      locked();
      await released;
    });
    try {
      await lockTaken;
      const logged: string[] = [];
      const write = vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array) => {
        logged.push(String(chunk));
        return true;
      }) as typeof process.stdout.write);
      let answer;
      try {
        answer = await gql.request(`{ schedules(size: 1) { totalElements content { id } } }`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        write.mockRestore();
      }
      expect(answer.errors?.[0].extensions).toMatchObject({ code: "TIMEOUT", limit: "REQUEST_TIMEOUT_MS" });
      const requestId = String(answer.errors?.[0].extensions.requestId);
      expect(requestId).toBeTruthy();
      // The deadline's line says TIMEOUT, and no other line claims the request was bad. (On
      // PostgreSQL the cancelled read ends the execution at once, whose own line says TIMEOUT too.)
      const lines = logged.flatMap((chunk) => chunk.split("\n")).filter((line) => line.includes(requestId));
      expect(lines.filter((line) => line.includes('"REQUEST_TIMEOUT_MS"') && line.includes('"TIMEOUT"'))).toHaveLength(1);
      expect(lines.filter((line) => line.includes("BAD_REQUEST"))).toEqual([]);
      expect((await fetch(t.url + "/healthz")).status).toBe(200);
      if (t.databaseUrl) {
        // PostgreSQL: the read no longer waits on the lock, which is still held.
        const probe = postgres(t.databaseUrl, { max: 1, onnotice: () => {} });
        try {
          const waiting = async () => Number((await probe`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%from "schedules"%'`)[0].n);
          for (let tries = 0; (await waiting()) > 0; tries++) {
            if (tries > 300) throw new Error("the read of the timed-out request still waits");
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        } finally {
          await probe.end();
        }
      }
    } finally {
      release();
      await holding;
    }
    // The service goes on answering.
    expect((await gql.data(`{ schedules(size: 1) { totalElements } }`)).schedules.totalElements).toBe(0);
  });
});

describe("tokens refused for their real reason", () => {
  const sign = (payload: Record<string, unknown>, secret = TEST_SECRET) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const body = `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}`;
    return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
  };
  const now = () => Math.floor(Date.now() / 1000);
  const base = () => ({ sub: "tester", orgs: ["o"], role: "viewer", iat: now(), exp: now() + 600 });
  const refusal = async (token: string) => (await t.client(token).error(`{ schedules { totalElements } }`)).message;

  it.each([
    ["a string exp", () => sign({ ...base(), exp: String(now() + 600) }), /exp claim is not a time/],
    ["a future nbf", () => sign({ ...base(), nbf: now() + 3600 }), /not valid yet \(its nbf lies in the future\)/],
    ["iat: \"x\"", () => sign({ ...base(), iat: "x" }), /iat claim is not a time/],
    ["another secret", () => sign(base(), "another-secret-of-at-least-32-characters"), /signed with another secret/],
    ["a malformed token", () => "not.a.jwt", /not a well-formed signed JWT/],
  ])("%s", async (_what, token, reason) => {
    const message = await refusal(token());
    expect(message).toMatch(reason);
    if (!/another secret/.test(String(reason))) expect(message).not.toMatch(/another secret/);
  });
});
