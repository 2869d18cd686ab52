// Trusted documents (src/server/graphql/trusted-documents.ts, docs/SECURITY.md "Trusted documents"):
// a manifest REALLY written by graphql-codegen's client preset (persistedDocuments: true) from a
// few operations, and an Apollo-format manifest (@apollo/generate-persisted-query-manifest's
// shape) of the same operations, loaded from one folder. With TRUSTED_DOCUMENTS_MODE=enforce an
// editor's free text is refused, documents by hash are answered (documentId and the APQ
// extension, POST and GET), an admin may still send free text; log mode accepts and logs once per
// hash; a tampered manifest stops start-up; garbage in documentId or extensions always answers JSON
// with a code, never 500.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
import { createPersistedQueryLink } from "@apollo/client/link/persisted-queries";
import { generate } from "@graphql-codegen/cli";
import { getOperationAST, parse, print } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import codegenConfig from "../../docs/clients/codegen.js";
import type { Logger } from "../../src/common/log.js";
import { loadConfig } from "../../src/config.js";
import { createApp } from "../../src/server/app.js";
import { requestChecks } from "../../src/server/limits/index.js";
import { buildGraphQLSchema } from "../../src/server/graphql/index.js";
import { loadTrustedDocuments } from "../../src/server/graphql/trusted-documents.js";
import { TEST_SECRET, testConfig } from "../helpers/shared-service.js";
import { uniqueOrg, useOwnTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

/** The operations a frontend holds; one uses a fragment (codegen and Apollo's generator add its definition to the document). */
const OPERATIONS = {
  "schedules.graphql": `query Schedules($size: Int) { schedules(size: $size) { totalElements content { id name } } }`,
  "schedule.graphql": `fragment ScheduleParts on Schedule { id name version }
query ScheduleById($id: ID!) { schedule(id: $id) { ...ScheduleParts } }`,
  "create.graphql": `mutation CreateSchedule($input: ScheduleInput!) { createSchedule(input: $input) { id version } }`,
};

const work = mkdtempSync(join(tmpdir(), "trusted-documents-"));
const MANIFESTS = join(work, "manifests");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** name → { codegen: its hash in codegen's manifest, apollo: its id in the Apollo manifest, text } */
const ids: Record<string, { codegen: string; apollo: string; text: string; apolloText: string }> = {};

beforeAll(async () => {
  mkdirSync(join(work, "operations"), { recursive: true });
  mkdirSync(MANIFESTS);
  for (const [file, text] of Object.entries(OPERATIONS)) writeFileSync(join(work, "operations", file), text);
  const [target] = Object.values(codegenConfig.generates) as [Record<string, unknown>];
  const output = join(work, "gql") + "/";
  await generate(
    {
      ...codegenConfig,
      schema: "schema.graphql",
      documents: [join(work, "operations", "*.graphql")],
      generates: { [output]: { ...target, presetConfig: { persistedDocuments: true } } },
    },
    true,
  );
  const codegen = JSON.parse(readFileSync(join(output, "persisted-documents.json"), "utf8")) as Record<string, string>;
  expect(Object.keys(codegen)).toHaveLength(3);
  expect(Object.keys(codegen).every((key) => /^sha256:[0-9a-f]{64}$/.test(key))).toBe(true);
  writeFileSync(join(MANIFESTS, "web.json"), JSON.stringify(codegen));
  // Apollo's generator: the document as Apollo Client sends it (its cache's transform adds
  // __typename; printed multi-line), its sha256 as id.
  const cache = new InMemoryCache();
  const operations = Object.entries(codegen).map(([hash, text]) => {
    const body = print(cache.transformDocument(parse(text)));
    const operation = parse(text).definitions.find((d) => d.kind === "OperationDefinition")!;
    const name = operation.name!.value;
    // codegen's keys are "sha256:<hex>"; the tests send both forms of the hex.
    ids[name] = { codegen: hash.replace(/^sha256:/, ""), apollo: sha256(body), text, apolloText: body };
    return { id: sha256(body), name, type: operation.operation, body };
  });
  writeFileSync(join(MANIFESTS, "console.json"), JSON.stringify({ format: "apollo-persisted-query-manifest", version: 1, operations }));
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const t = useOwnTestService({ trustedDocuments: MANIFESTS, trustedDocumentsMode: "enforce" });

interface Answer {
  status: number;
  path: string | null;
  body: { data?: any; errors?: { message: string; extensions: { code: string } }[] };
}

async function post(token: string | undefined, body: unknown): Promise<Answer> {
  const response = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, path: response.headers.get("x-answer-path"), body: JSON.parse(await response.text()) };
}

async function get(token: string | undefined, params: Record<string, unknown>): Promise<Answer> {
  const search = new URLSearchParams(Object.entries(params ?? {}).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]));
  const response = await fetch(`${t.url}/graphql?${search}`, { headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: response.status, path: response.headers.get("x-answer-path"), body: JSON.parse(await response.text()) };
}

const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions.code;

describe("trusted documents, enforced", () => {
  let org: string;
  let editor: string;
  let admin: string;
  let scheduleId: string;
  beforeAll(async () => {
    org = uniqueOrg();
    editor = await t.token(org, "editor");
    admin = await t.token(org, "admin");
    const created = await post(editor, { documentId: `sha256:${ids.CreateSchedule.codegen}`, variables: { input: { name: "Trusted" } } });
    expect(created.body.errors).toBeUndefined();
    scheduleId = created.body.data.createSchedule.id;
  });

  it("refuses an editor's free text with TRUSTED_DOCUMENT_REQUIRED, and an unknown hash with PERSISTED_QUERY_NOT_FOUND (HTTP 200, as Apollo's APQ miss)", async () => {
    const text = await post(editor, { query: ids.Schedules.text });
    expect([text.status, codeOf(text), text.path]).toEqual([200, "TRUSTED_DOCUMENT_REQUIRED", "refused:trusted_document_required"]);
    // An APQ registration (hash and text) is free text too; with a trusted hash, the trusted document answers (the text is not read).
    const other = "query Other { schedules { totalElements } }";
    const register = await post(editor, { query: other, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(other) } } });
    expect([register.status, codeOf(register)]).toEqual([200, "TRUSTED_DOCUMENT_REQUIRED"]);
    const trustedHash = await post(editor, { query: other, extensions: { persistedQuery: { version: 1, sha256Hash: ids.Schedules.codegen } } });
    expect(trustedHash.body.data.schedules.content).toBeDefined();
    const overGet = await get(editor, { query: ids.Schedules.text });
    expect([overGet.status, codeOf(overGet)]).toEqual([200, "TRUSTED_DOCUMENT_REQUIRED"]);
    const anonymous = await post(undefined, { query: "{ __typename }" });
    expect(codeOf(anonymous)).toBe("TRUSTED_DOCUMENT_REQUIRED");
    for (const unknown of [{ documentId: `sha256:${"0".repeat(64)}` }, { documentId: "f".repeat(64) }, { extensions: { persistedQuery: { version: 1, sha256Hash: "a".repeat(64) } } }]) {
      const answer = await post(editor, unknown);
      expect([answer.status, codeOf(answer)]).toEqual([200, "PERSISTED_QUERY_NOT_FOUND"]);
    }
  });

  it("answers documents by hash: documentId (sha256:<hex> and plain hex) and the APQ extension, over POST and GET, from both manifests", async () => {
    const variables = { id: scheduleId };
    for (const [hash, text] of [[ids.ScheduleById.codegen, ids.ScheduleById.text], [ids.ScheduleById.apollo, ids.ScheduleById.apolloText]]) {
      // What the same text answers an admin, who may send it as text.
      const expected = (await post(admin, { query: text, variables })).body;
      expect(expected.data.schedule).toMatchObject({ id: scheduleId, name: "Trusted" });
      const forms = [{ documentId: `sha256:${hash}` }, { documentId: hash }, { extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }];
      for (const form of forms) {
        const first = await post(editor, { ...form, variables });
        expect(first.body, JSON.stringify(form)).toEqual(expected);
        expect(["trusted", "known"]).toContain(first.path);
        const overGet = await get(editor, { ...form, variables });
        expect([overGet.status, overGet.body, overGet.path]).toEqual([200, expected, "trusted"]);
      }
    }
    // Sent again, the compiled plan answers it without Apollo (EXECUTOR=jit).
    const again = await post(editor, { documentId: ids.ScheduleById.codegen, variables });
    expect([again.body.data.schedule.id, again.path]).toEqual([scheduleId, "known"]);
  });

  it("answers Apollo Client's persisted query link, its ids from the manifest or its own SHA-256 (docs/CLIENTS.md)", async () => {
    const manifest = JSON.parse(readFileSync(join(MANIFESTS, "console.json"), "utf8")) as { operations: { name: string; id: string }[] };
    const byName = new Map(manifest.operations.map((operation) => [operation.name, operation.id]));
    const links = [
      createPersistedQueryLink({ generateHash: (document) => byName.get(getOperationAST(document)?.name?.value ?? "") ?? "unknown" }),
      createPersistedQueryLink({ sha256 }),
    ];
    for (const persisted of links) {
      const client = new ApolloClient({ cache: new InMemoryCache(), link: persisted.concat(new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${editor}` } })) });
      const { data, error } = await client.query({ query: parse(ids.ScheduleById.text), variables: { id: scheduleId } });
      expect(error).toBeUndefined();
      expect(data).toMatchObject({ schedule: { __typename: "Schedule", id: scheduleId, name: "Trusted" } });
    }
    // A document not in the manifests: the link's retry with the text is refused.
    const client = new ApolloClient({ cache: new InMemoryCache(), link: links[1].concat(new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${editor}` } })) });
    const refused = await client.query({ query: parse("query Elsewhere { schedules { totalElements } }") }).catch((error: unknown) => ({ error }));
    expect(JSON.stringify(refused.error)).toContain("TRUSTED_DOCUMENT_REQUIRED");
  });

  it("still authenticates, coerces variables and refuses a mutation over GET", async () => {
    const anonymous = await post(undefined, { documentId: ids.Schedules.codegen });
    expect(codeOf(anonymous)).toBe("UNAUTHENTICATED");
    const badVariable = await post(editor, { documentId: ids.ScheduleById.codegen, variables: { id: { not: "an id" } } });
    expect(codeOf(badVariable)).toBe("BAD_USER_INPUT");
    const overSize = await post(editor, { documentId: ids.Schedules.apollo, variables: { size: 10_000_000 } });
    expect(["BAD_USER_INPUT", "QUERY_TOO_COMPLEX"]).toContain(codeOf(overSize));
    const mutationOverGet = await get(editor, { documentId: ids.CreateSchedule.codegen, variables: { input: { name: "x" } } });
    expect(mutationOverGet.status).toBe(405);
    expect(codeOf(mutationOverGet)).toBe("BAD_REQUEST");
  });

  it("answers a batch of documents by hash, and refuses a batch with free text in it", async () => {
    const batch = await post(editor, [{ documentId: ids.Schedules.codegen, variables: { size: 1 } }, { documentId: ids.ScheduleById.apollo, variables: { id: scheduleId } }]);
    expect(batch.status).toBe(200);
    expect((batch.body as unknown as Answer["body"][]).map((answer) => answer.errors)).toEqual([undefined, undefined]);
    const mixed = await post(editor, [{ documentId: ids.Schedules.codegen }, { query: "{ __typename }" }]);
    expect(codeOf(mixed)).toBe("TRUSTED_DOCUMENT_REQUIRED");
  });

  it("refuses an upload's free text once the upload has arrived, in JSON", async () => {
    const upload = await uploadRequest(t.url, editor, `mutation($file: Upload!) { importSchedule(file: $file, format: CSV) { id } }`, { name: "big.csv", content: "x".repeat(4 * 1024 * 1024) });
    expect([upload.status, upload.errors?.[0]?.extensions.code]).toEqual([200, "TRUSTED_DOCUMENT_REQUIRED"]);
  });

  it("lets an admin send free text (GraphiQL for engineers)", async () => {
    const answer = await post(admin, { query: ids.Schedules.text, variables: { size: 5 } });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.schedules.totalElements).toBeGreaterThanOrEqual(1);
  });

  it("answers garbage in documentId and extensions with JSON and a code, never a 500", async () => {
    // A small deterministic generator: the same cases on every run.
    let seed = 0x2545f491;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
    const values = (): unknown =>
      pick<() => unknown>([
        () => Math.floor(random() * 1e9) - 5e8,
        () => random(),
        () => ({ nested: { hash: "a".repeat(64) } }),
        () => ["sha256:" + "b".repeat(64)],
        () => "sha256:" + "c\u0000".repeat(32),
        () => "\u0000".repeat(64),
        () => "x".repeat(10 * 1024),
        () => "sha256:" + "z".repeat(64),
        () => "sha1:" + "d".repeat(40),
        () => true,
        () => null,
        () => "",
        () => sha256(String(random())),
      ])();
    const bodies: unknown[] = [];
    for (let i = 0; i < 60; i++) {
      bodies.push(
        pick<() => unknown>([
          () => ({ documentId: values() }),
          () => ({ documentId: values(), variables: values() }),
          () => ({ extensions: values() }),
          () => ({ extensions: { persistedQuery: values() } }),
          () => ({ extensions: { persistedQuery: { version: pick([1, 2, "1", null]), sha256Hash: values() } } }),
          () => ({ documentId: values(), extensions: { persistedQuery: { version: 1, sha256Hash: values() } } }),
          () => ({ documentId: values(), query: pick(["{ __typename }", values()]) }),
          () => ({ documentId: ids.Schedules.codegen, operationName: values(), variables: values() }),
        ])(),
      );
    }
    for (const [i, body] of bodies.entries()) {
      for (const token of [editor, admin, undefined]) {
        const answers = [await post(token, body)];
        if (i % 3 === 0) answers.push(await get(token, body as Record<string, unknown>));
        for (const answer of answers) {
          expect(answer.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
          if (!answer.body.data || answer.body.errors) expect(typeof codeOf(answer), JSON.stringify(body).slice(0, 200)).toBe("string");
        }
      }
    }
  }, 60_000);
});

describe("loading the manifests", () => {
  const setup = async () => {
    const schema = await buildGraphQLSchema();
    const config = testConfig(undefined);
    return { schema, checks: requestChecks(schema, config), config };
  };

  it("reads TRUSTED_DOCUMENTS and its mode, enforce by default", () => {
    expect(loadConfig({ TRUSTED_DOCUMENTS: "/m" })).toMatchObject({ trustedDocuments: "/m", trustedDocumentsMode: "enforce" });
    expect(loadConfig({ TRUSTED_DOCUMENTS: "/m", TRUSTED_DOCUMENTS_MODE: "LOG" }).trustedDocumentsMode).toBe("log");
    expect(loadConfig({}).trustedDocuments).toBeUndefined();
    expect(() => loadConfig({ TRUSTED_DOCUMENTS: "/m", TRUSTED_DOCUMENTS_MODE: "audit" })).toThrow(/TRUSTED_DOCUMENTS_MODE must be enforce or log/);
    expect(() => loadConfig({ TRUSTED_DOCUMENTS_MODE: "log" })).toThrow(/TRUSTED_DOCUMENTS_MODE needs TRUSTED_DOCUMENTS/);
  });

  it("loads both formats, every operation once per hash", async () => {
    const documents = await loadTrustedDocuments(MANIFESTS, await setup());
    expect(documents.size).toBe(6);
    expect(documents.get(ids.Schedules.codegen)?.text).toBe(ids.Schedules.text);
  });

  it("stops start-up on a tampered manifest or a document that does not validate, naming the file and the operation", async () => {
    const deps = await setup();
    const bad = join(work, "bad");
    mkdirSync(bad, { recursive: true });
    const tampered = { ...JSON.parse(readFileSync(join(MANIFESTS, "web.json"), "utf8")) };
    tampered[ids.Schedules.codegen] = ids.Schedules.text.replace("name", "name version");
    writeFileSync(join(bad, "web.json"), JSON.stringify(tampered));
    await expect(loadTrustedDocuments(bad, deps)).rejects.toThrow(/web\.json.*Schedules.*sha256/s);
    // And so does the service: createApp refuses to start with it.
    await expect(createApp({ config: { ...testConfig(undefined), trustedDocuments: bad }, db: t.service.database.db, log: t.service.log, authSecret: TEST_SECRET })).rejects.toThrow(/web\.json/);

    const unknownField = "query Nope { schedules { nope } }";
    writeFileSync(join(bad, "web.json"), JSON.stringify({ [sha256(unknownField)]: unknownField }));
    await expect(loadTrustedDocuments(bad, deps)).rejects.toThrow(/web\.json.*Nope.*nope/s);

    const deep = `query Deep { schedules { content { events { content { asset { systemFields { title } } } } } } }`;
    writeFileSync(join(bad, "web.json"), JSON.stringify({ format: "apollo-persisted-query-manifest", version: 1, operations: [{ id: sha256(deep), name: "Deep", type: "query", body: deep }] }));
    await expect(loadTrustedDocuments(bad, { ...deps, config: { ...deps.config, maxQueryDepth: 3 } })).rejects.toThrow(/web\.json.*Deep/s);

    writeFileSync(join(bad, "web.json"), JSON.stringify({ format: "something else" }));
    await expect(loadTrustedDocuments(bad, deps)).rejects.toThrow(/web\.json/);
  });
});

describe("trusted documents, logged", () => {
  const lines: { msg: string; fields: Record<string, unknown> }[] = [];
  const capture = (): Logger => {
    const log = (msg: string, fields: Record<string, unknown> = {}) => void lines.push({ msg, fields });
    return { debug: log, info: log, warn: log, error: log, child: () => capture() };
  };
  let url: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const app = await createApp({ config: { ...testConfig(undefined), trustedDocuments: MANIFESTS, trustedDocumentsMode: "log" }, db: t.service.database.db, log: capture(), authSecret: TEST_SECRET });
    url = `http://127.0.0.1:${await app.listen(0, "127.0.0.1")}`;
    stop = app.stop;
  });
  afterAll(() => stop?.());

  it("accepts free text and logs each unknown document once", async () => {
    const token = await t.token(uniqueOrg(), "editor");
    const send = async (body: unknown) =>
      (await fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json();
    const text = "query Untrusted { schedules { totalElements } }";
    for (let i = 0; i < 3; i++) expect(await send({ query: text })).toEqual({ data: { schedules: { totalElements: 0 } } });
    expect(await send({ documentId: ids.Schedules.codegen, variables: { size: 1 } })).toMatchObject({ data: { schedules: { totalElements: 0 } } });
    const logged = lines.filter((line) => line.msg === "untrusted document");
    expect(logged).toHaveLength(1);
    expect(logged[0].fields).toMatchObject({ hash: sha256(text), operation: "Untrusted" });
  });
});
