// Bad inputs (issue 11 items 6 and 7): variable errors answer BAD_USER_INPUT on both executors
// alike; every text input follows one rule (no control characters, at most MAX_STRING_LENGTH
// bytes), answered BAD_USER_INPUT naming the argument; copySchedule keeps the name limit.
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/common/log.js";
import { uniqueOrg, useTestService, type TestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const jit = useTestService({ executor: "jit" });
const plain = useTestService({ executor: "graphql", maxStringLength: 300 });

const CREATE = `mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`;
const BAD_VARIABLE_REQUESTS: [string, Record<string, unknown>][] = [
  [CREATE, {}],
  [CREATE, { input: { name: 5, fps: "fast" } }],
  [CREATE, { input: null }],
  [CREATE, { input: { name: "x", startDate: "yesterday" } }],
  [CREATE, { input: { name: "x", extra: 1 } }],
  [`query($id: ID!, $type: EventType) { schedule(id: $id) { events(eventType: $type) { totalElements } } }`, { id: "1", type: "NOT_A_TYPE" }],
  [`query($size: Int) { schedules(size: $size) { totalElements } }`, { size: 1.5 }],
];

/** An import whose multipart `map` is given (a wrong one names a variable the query lacks). */
function multipart(t: TestService, token: string, map: Record<string, string[]>): Promise<any> {
  return uploadRequest(t.url, token, 'mutation($file: Upload!) { importSchedule(file: $file, scriptId: "csv") { id } }', { name: "s.csv", content: "onAirTime,duration,title\n2026-01-01T00:00:00Z,1000,a" }, {}, map);
}

describe("variable errors", () => {
  it("answer BAD_USER_INPUT with graphql-js's message on both executors", async () => {
    const answers = [];
    for (const t of [jit, plain]) {
      const gql = t.client(await t.token(uniqueOrg()));
      const results = [];
      for (const [query, variables] of BAD_VARIABLE_REQUESTS) results.push(await gql.request(query, variables));
      results.push(await multipart(t, await t.token(uniqueOrg()), { 0: ["variables.fil"] }));
      answers.push(results.map((r: any) => ({ status: r.status, data: r.data ?? null, errors: r.errors?.map((e: any) => ({ code: e.extensions.code, message: e.message })) })));
    }
    expect(answers[0]).toEqual(answers[1]);
    for (const answer of answers[0]) {
      expect(answer.errors?.[0]?.code, JSON.stringify(answer)).toMatch(/^(BAD_USER_INPUT|BAD_REQUEST)$/);
      expect(answer.data).toBeNull();
    }
    expect(answers[0][0].errors[0].message).toMatch(/Variable "\$input" of required type "ScheduleInput!" was not provided/);
  });
});

describe("text inputs", () => {
  for (const [name, t] of [["jit", jit], ["graphql", plain]] as const) {
    it(`refuse NUL and control characters, in literals and variables (${name})`, async () => {
      const gql = t.client(await t.token(uniqueOrg()));
      const literal = await gql.error(`mutation { createSchedule(input: { name: "bad\\u0000name" }) { id } }`);
      expect(literal.extensions.code).toBe("BAD_USER_INPUT");
      expect(literal.extensions.argument).toBe("createSchedule(input).name");
      expect(literal.message).toMatch(/U\+0000/);
      const variable = await gql.error(CREATE, { input: { name: "ok", graphicsProject: "a\u0007b" } });
      expect(variable.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "$input.graphicsProject" });
      // Tab, line feed and carriage return are text.
      expect((await gql.data(CREATE, { input: { name: "tab\there", channel: "a\r\nb" } })).createSchedule.id).toBeTruthy();
    });
  }

  it("refuse strings over MAX_STRING_LENGTH bytes", async () => {
    const gql = plain.client(await plain.token(uniqueOrg()));
    const error = await gql.error(CREATE, { input: { name: "long", graphicsProject: "g".repeat(301) } });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "$input.graphicsProject" });
    // Multi-byte characters count in bytes: 101 × 3 bytes.
    expect((await gql.error(CREATE, { input: { name: "€".repeat(101) } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.data(CREATE, { input: { name: "long", graphicsProject: "g".repeat(300) } })).createSchedule.id).toBeTruthy();
  });

  it("a default over-long graphicsProject answers BAD_USER_INPUT, not an index failure", async () => {
    const gql = jit.client(await jit.token(uniqueOrg()));
    const error = await gql.error(CREATE, { input: { name: "long", graphicsProject: "g".repeat(100_000) } });
    expect(error.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("copySchedule keeps the 200-character name limit", async () => {
    const gql = jit.client(await jit.token(uniqueOrg()));
    const { createSchedule } = await gql.data(CREATE, { input: { name: "source" } });
    const error = await gql.error(`mutation($id: ID!, $name: String) { copySchedule(id: $id, name: $name) { id } }`, { id: createSchedule.id, name: "n".repeat(201) });
    expect(error.extensions.code).toBe("BAD_USER_INPUT");
    expect(error.message).toMatch(/200/);
    expect((await gql.error(`mutation($id: ID!) { copySchedule(id: $id, name: "   ") { id } }`, { id: createSchedule.id })).extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("the request log", () => {
  it("writes one line for a refused request", async () => {
    const lines: string[] = [];
    const { startService } = await import("../../src/main.js");
    const { loadConfig } = await import("../../src/config.js");
    const { TEST_SECRET } = await import("../helpers/service.js");
    const service = await startService({ ...loadConfig({}), port: 0, host: "127.0.0.1", dataDir: "memory://", authSecret: TEST_SECRET, logLevel: "info", seedDemo: false, runWorker: false, databaseUrl: plain.databaseUrl }, { quiet: true });
    // Capture the service's log lines from here on.
    const write = (line: string) => lines.push(line) > 0;
    Object.assign(service.log, createLogger("info", {}, write));
    try {
      const token = await plain.token("log");
      const response = await fetch(`http://127.0.0.1:${service.port}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: `mutation { createSchedule(input: { name: "x\\u0000" }) { id } }` }),
      });
      expect(((await response.json()) as any).errors[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(lines.filter((l) => JSON.parse(l).requestId)).toHaveLength(1);
      // Refused before GraphQL (bad JSON) or by Apollo before any plugin (CSRF): one line each too.
      const base = `http://127.0.0.1:${service.port}/graphql`;
      const refused = [
        await fetch(base, { method: "POST", headers: { "content-type": "application/json", "x-request-id": "bad-json" }, body: "{" }),
        await fetch(`${base}?query=${encodeURIComponent("{ __typename }")}`, { headers: { "x-request-id": "csrf" } }),
      ];
      expect(refused.map((r) => r.status)).toEqual([400, 400]);
      for (const id of ["bad-json", "csrf"]) expect(lines.filter((l) => JSON.parse(l).requestId === id), id).toHaveLength(1);
    } finally {
      await service.stop();
    }
  });
});
