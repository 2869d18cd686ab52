// Every ```graphql example of docs/OPERATIONS.md, run in the order of the page against the service
// as `npm start` starts it: the settings of an empty environment (the demo seeded, the job worker
// running inside the server, no AUTH_SECRET: the secret kept beside the embedded database), an
// in-memory database instead of ./data, and the demo token (admin of organization `demo`, signed
// with that secret). Each block answers as the page says: without errors, or with exactly the
// errors its `# answers error:` line names; `# answers:` is what the data holds; `# ask until:`
// asks again until it does (a job the worker finishes). The comment lines are described in
// test/docs/doc-examples.ts. On the PostgreSQL pass (DATABASE_URL) the service gets a fresh
// database there, with AUTH_SECRET and SEED_DEMO set, as a deployment on PostgreSQL would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import type { Service } from "../../src/main.js";
import { DEMO_ORGANIZATION } from "../../src/seed/demo.js";
import { signToken } from "../../src/server/identity/tokens.js";
import { type GraphQLClient, makeClient } from "../helpers/service.js";
import { freshDatabase, TEST_SECRET } from "../helpers/shared-service.js";
import { documentedCodes, errorCodes, examplesOf, holds, operationsOf, runOperation } from "./doc-examples.js";

const PAGE = "docs/OPERATIONS.md";
const examples = examplesOf(PAGE);

let service: Service | undefined;
let drop: (() => Promise<void>) | undefined;
let gql: GraphQLClient;

beforeAll(async () => {
  // What `npm start` reads from an empty environment, but for where it keeps its data and listens.
  const env: Record<string, string> = { DATA_DIR: "memory://", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" };
  if (process.env.DATABASE_URL) {
    const db = await freshDatabase(process.env.DATABASE_URL);
    drop = db.drop;
    Object.assign(env, { DATABASE_URL: db.url, AUTH_SECRET: TEST_SECRET, SEED_DEMO: "true" });
  }
  const config = { ...loadConfig(env), pgliteTemplateDir: process.env.PGLITE_TEMPLATE_DIR };
  expect(config).toMatchObject({ seedDemo: true, runWorker: true });
  const { startService } = await import("../../src/main.js");
  service = await startService(config, { quiet: true });
  // The demo token `npm start` prints: admin of organization demo, as demo-admin.
  const token = await signToken(service.authSecret!, { sub: "demo-admin", orgs: [DEMO_ORGANIZATION], role: "admin" });
  gql = makeClient(`http://127.0.0.1:${service.port}`, token);
});

afterAll(async () => {
  await service?.stop();
  await drop?.();
});

describe(`${PAGE} against the service as npm start runs it`, () => {
  it("has examples to run, each operation named", () => {
    expect(examples.length).toBeGreaterThan(40);
    const unnamed = examples.filter((example) => operationsOf(example).some((operation) => !operation.name)).map((e) => `${PAGE}:${e.line}`);
    expect(unnamed).toEqual([]);
  });

  it("holds one operation per block, so that each runs as written (pasted into GraphiQL or sent with curl)", () => {
    const several = examples.filter((example) => operationsOf(example).length !== 1).map((e) => `${PAGE}:${e.line}`);
    expect(several).toEqual([]);
  });

  it("reads what a block says of its answer", () => {
    const [operation] = operationsOf({
      file: "planted.md",
      line: 1,
      source: '# variables: {"id": "@lastJob"}\n# answers error: CONFLICT, NOT_FOUND\n# ask until: {"job": {"status": "SUCCEEDED"}}\nmutation M($id: ID!) { cancelJob(id: $id) { id } }\n',
    });
    expect(operation).toMatchObject({ name: "M", variables: { id: "@lastJob" }, answers: undefined, errors: ["CONFLICT", "NOT_FOUND"], until: { job: { status: "SUCCEEDED" } } });
    expect(holds({ job: { id: "3", status: "SUCCEEDED" }, other: 1 }, { job: { status: "SUCCEEDED" } })).toBe(true);
    expect(holds({ job: { status: "PENDING" } }, { job: { status: "SUCCEEDED" } })).toBe(false);
    expect(holds({ list: [1, 2] }, { list: [1] })).toBe(false);
  });

  it.each(examples.map((e) => [`${PAGE}:${e.line}`, e] as const))("%s answers as the page says", async (where, example) => {
    for (const operation of operationsOf(example)) {
      const result = await runOperation(gql, operation);
      const said = `${where} ${operation.name ?? ""}: ${JSON.stringify(result.errors ?? result.data).slice(0, 2000)}`;
      expect(errorCodes(result), said).toEqual(documentedCodes(operation));
      if (operation.answers) expect(result.data, said).toMatchObject(operation.answers);
      if (operation.until) expect(holds(result.data, operation.until), `${said}: never held ${JSON.stringify(operation.until)}`).toBe(true);
    }
  });
});
