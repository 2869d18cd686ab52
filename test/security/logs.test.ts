// No secret field value, token or parameter list reaches a log line (issue 11, item 11). A failing
// statement carries its parameters (drizzle's "Failed query: … params: …", postgres.js's
// `parameters`); the one logger (src/common/log.ts) strips them and redacts secret-looking keys.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../src/common/log.js";
import { orgClient, useOwnTestService, useTestService } from "../helpers/service.js";
import { createSchedule } from "../events/helpers.js";

const SECRET = "sek-7f3a9c-do-not-log";

/** Runs `action` while capturing what the service writes to stdout (where its JSON log goes). */
async function captureStdout(action: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stdout.write);
  try {
    await action();
  } finally {
    spy.mockRestore();
  }
  return lines.join("");
}

function captureLogger() {
  const lines: string[] = [];
  return { log: createLogger("debug", {}, (line) => lines.push(line)), text: () => lines.join("\n"), lines };
}

describe("a failing statement through GraphQL", () => {
  const t = useTestService({ logLevel: "debug" });
  afterEach(() => vi.restoreAllMocks());

  it("logs the failure without the encryption key or the token", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const token = await t.token("sec-logs", "editor");
    let answer: unknown;
    const output = await captureStdout(async () => {
      // A NUL character cannot be stored in jsonb: the insert fails with the key among its parameters.
      answer = await gql.request(`mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { id } }`, {
        s: s.id,
        input: { duration: 60_000, title: `${SECRET}-title`, liveParameters: { encryptionKey: `${SECRET}\u0000`, port: 1 } },
      });
      await t.client(token).request(`{ schedules { totalElements } }`);
    });
    expect(JSON.stringify(answer)).toMatch(/"code":"(INTERNAL_SERVER_ERROR|BAD_USER_INPUT)"/);
    expect(output).toContain('"msg":"graphql"');
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain(token);
    expect(output).not.toMatch(/params: (?!\[redacted\])/);
  });
});

describe("the logger, given real driver errors", () => {
  const t = useOwnTestService(); // its own service: this file reaches into its database

  async function failingStatement(): Promise<unknown> {
    try {
      await t.service.database.db.execute(sql`select ${JSON.stringify({ encryptionKey: SECRET })}::jsonb, 1 / ${0}::int as boom`);
    } catch (error) {
      return error;
    }
    throw new Error("the statement should have failed");
  }

  it("carries no parameters of a drizzle query error, as stack text or as an object", async () => {
    const error = (await failingStatement()) as Error & { cause?: unknown };
    // The premise: the driver's error does carry the key.
    expect(String(error.stack) + JSON.stringify(error) + String((error.cause as Error)?.message)).toContain(SECRET);
    const { log, text } = captureLogger();
    log.error("unexpected error", { requestId: "r1", error: String(error.stack) });
    log.error("unexpected error", { requestId: "r2", error });
    log.error("unexpected error", { requestId: "r3", error: error.cause, errors: [error] });
    log.warn(`readiness check failed: ${String(error)}`);
    expect(text()).not.toContain(SECRET);
    expect(text()).toContain("Failed query: select");
    expect(text()).toContain("division by zero");
    for (const line of text().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
  });

  it("drops parameters and query members of postgres.js-shaped errors", () => {
    const error = Object.assign(new Error("value too long for type character varying(10)"), {
      code: "22001",
      severity: "ERROR",
      query: `insert into t values ('${SECRET}')`,
      parameters: [SECRET],
      args: [SECRET],
      detail: `Key (k)=(${SECRET}) already exists.`,
      where: `JSON data, line 1: {"encryptionKey":"${SECRET}`,
    });
    const { log, lines } = captureLogger();
    log.error("failed", { error });
    expect(lines[0]).not.toContain(SECRET);
    expect(JSON.parse(lines[0]).error).toMatchObject({ name: "Error", message: "value too long for type character varying(10)", code: "22001" });
  });
});

describe("the logger's redaction (pure)", () => {
  it("redacts secret-named keys at any depth, and tokens, JSON pairs and URL passwords in text", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
    const { log, lines } = captureLogger();
    log.info("request", {
      encryptionKey: SECRET,
      nested: { liveParameters: { encryptionKey: SECRET, port: 1 }, headers: { authorization: `Bearer ${jwt}` } },
      list: [{ password: SECRET }, { apiToken: SECRET }],
      clientSecret: SECRET,
      note: `sent {"encryptionKey":"${SECRET}","port":1} with Authorization: Bearer ${jwt}`,
      escaped: JSON.stringify({ inner: `{"encryptionKey":"${SECRET}"}` }),
      url: `postgres://app:${SECRET}@db.internal:5432/prod`,
      pairs: `encryptionKey=${SECRET}&port=1 password: ${SECRET}`,
      tokenCount: 3,
    });
    log.info(`message with ${jwt}`);
    const text = lines.join("\n");
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(jwt);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ msg: "request", encryptionKey: "[redacted]", tokenCount: 3, nested: { liveParameters: { port: 1 } } });
    expect(entry.url).toBe("postgres://app:[redacted]@db.internal:5432/prod");
    expect(entry.note).toContain('"port":1');
  });

  it("survives cycles and deep nesting", () => {
    const a: Record<string, unknown> = { name: "a" };
    a.self = a;
    let deep: Record<string, unknown> = { password: SECRET };
    for (let i = 0; i < 50; i++) deep = { deeper: deep };
    const { log, lines } = captureLogger();
    log.info("odd", { a, deep });
    expect(lines[0]).not.toContain(SECRET);
    expect(JSON.parse(lines[0]).a.self).toBe("[circular]");
  });
});

describe("the logger's bounds", () => {
  it("cuts long text, and a cut secret pair is still redacted", () => {
    const { log, lines } = captureLogger();
    log.error("failed", { error: `${"x".repeat(9_970)} {"encryptionKey":"${SECRET}"}`, long: "y".repeat(1_000_000) });
    const entry = JSON.parse(lines[0]);
    expect(lines[0]).not.toContain(SECRET.slice(0, 5));
    expect(entry.long.length).toBeLessThan(10_100);
    expect(entry.long).toMatch(/…\[990000 more characters\]$/);
  });
});
