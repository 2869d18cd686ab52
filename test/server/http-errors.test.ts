// Every bad request over raw HTTP (issue 11 item 5) answers GraphQL-shaped JSON with a code and
// the request id, never HTML and never a stack; a browser at / or GET /graphql lands on GraphiQL
// (issue 12 item 5).
import http from "node:http";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/service.js";

const t = useTestService({ maxUploadBytes: 4096 });

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function raw(method: string, path: string, headers: Record<string, string | number>, body?: Buffer | string): Promise<RawAnswer> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The answer is JSON `{ errors: [{ message, extensions: { code, requestId } }] }` without internals. */
function expectJsonError(answer: RawAnswer, status: number, code: string): { message: string } {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/application\/(graphql-response\+)?json/);
  expect(answer.text).not.toMatch(/<html|<pre|<!DOCTYPE/i);
  expect(answer.text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\/work\//);
  const body = JSON.parse(answer.text);
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0].extensions.code).toBe(code);
  expect(body.errors[0].extensions.requestId).toBe(answer.headers["x-request-id"]);
  expect(typeof body.errors[0].message).toBe("string");
  return body.errors[0];
}

const json = { "content-type": "application/json" };

describe("bad request bodies on /graphql", () => {
  it("malformed JSON", async () => {
    expectJsonError(await raw("POST", "/graphql", json, '{"query": "{ __typename }"'), 400, "BAD_REQUEST");
  });

  it("bad gzip", async () => {
    const answer = await raw("POST", "/graphql", { ...json, "content-encoding": "gzip" }, Buffer.from("this is not gzip at all"));
    expectJsonError(answer, 400, "BAD_REQUEST");
  });

  it("good gzip still works", async () => {
    const answer = await raw("POST", "/graphql", { ...json, "content-encoding": "gzip" }, gzipSync(JSON.stringify({ query: "{ __typename }" })));
    expect(JSON.parse(answer.text)).toEqual({ data: { __typename: "Query" } });
  });

  it("an unknown content encoding", async () => {
    expectJsonError(await raw("POST", "/graphql", { ...json, "content-encoding": "br2" }, "{}"), 415, "BAD_REQUEST");
  });

  it("a JSON body over the limit", async () => {
    const body = JSON.stringify({ query: "{ __typename }", variables: { pad: "x".repeat(11 * 1024 * 1024) } });
    expectJsonError(await raw("POST", "/graphql", json, body), 413, "PAYLOAD_TOO_LARGE");
  });

  it("a body that is not JSON at all (text/plain)", async () => {
    expectJsonError(await raw("POST", "/graphql", { "content-type": "text/plain" }, "{ __typename }"), 400, "BAD_REQUEST");
  });

  it("broken multipart", async () => {
    // With a token: without one an upload is refused before its body is read (test/server/upload-errors.test.ts).
    const headers = { "content-type": "multipart/form-data; boundary=XYZ", "apollo-require-preflight": "true", authorization: `Bearer ${await t.token("http")}` };
    expectJsonError(await raw("POST", "/graphql", headers, "--XYZ\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n{not json\r\n--XYZ--\r\n"), 400, "BAD_REQUEST");
    expectJsonError(await raw("POST", "/graphql", headers, "garbage without boundaries"), 400, "BAD_REQUEST");
  });

  it("a good multipart upload still works", async () => {
    const token = await t.token("http");
    const body = [
      "--XYZ",
      'Content-Disposition: form-data; name="operations"',
      "",
      JSON.stringify({ query: 'mutation($file: Upload!) { importSchedule(file: $file, scriptId: "csv", fileName: "ok") { name } }', variables: { file: null } }),
      "--XYZ",
      'Content-Disposition: form-data; name="map"',
      "",
      JSON.stringify({ 0: ["variables.file"] }),
      "--XYZ",
      'Content-Disposition: form-data; name="0"; filename="ok.csv"',
      "Content-Type: text/csv",
      "",
      "onAirTime,duration,title\n2026-01-01T00:00:00Z,1000,a",
      "--XYZ--",
      "",
    ].join("\r\n");
    const headers = { "content-type": "multipart/form-data; boundary=XYZ", "apollo-require-preflight": "true", authorization: `Bearer ${token}` };
    expect(JSON.parse((await raw("POST", "/graphql", headers, body)).text)).toEqual({ data: { importSchedule: { name: "ok" } } });
  });

  it("a multipart file over the upload limit", async () => {
    const token = await t.token("http");
    const operations = JSON.stringify({ query: "mutation($file: Upload!) { importSchedule(file: $file) { id } }", variables: { file: null } });
    const body = [
      "--XYZ",
      'Content-Disposition: form-data; name="operations"',
      "",
      operations,
      "--XYZ",
      'Content-Disposition: form-data; name="map"',
      "",
      JSON.stringify({ 0: ["variables.file"] }),
      "--XYZ",
      'Content-Disposition: form-data; name="0"; filename="big.csv"',
      "Content-Type: text/csv",
      "",
      "x".repeat(10_000),
      "--XYZ--",
      "",
    ].join("\r\n");
    const headers = { "content-type": "multipart/form-data; boundary=XYZ", "apollo-require-preflight": "true", authorization: `Bearer ${token}` };
    const answer = await raw("POST", "/graphql", headers, body);
    expect(answer.text).not.toMatch(/<html|\bat [\w.<>]+ \(/i);
    const parsed = JSON.parse(answer.text);
    expect(parsed.errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
    // As the README promises for every answer over a size limit.
    expect(answer.status).toBe(413);
    expect(parsed.errors[0].extensions.http).toBeUndefined();
  });
});

describe("every route answers JSON", () => {
  it("bad URL escapes", async () => {
    expectJsonError(await raw("GET", "/files/%E0%A4%A", {}), 400, "BAD_REQUEST");
    expectJsonError(await raw("GET", "/jobs/%zz", {}), 400, "BAD_REQUEST");
  });

  it("unknown paths are a JSON 404", async () => {
    expectJsonError(await raw("GET", "/nothing/here", {}), 404, "NOT_FOUND");
    expectJsonError(await raw("POST", "/graphql/extra", json, "{}"), 404, "NOT_FOUND");
    expectJsonError(await raw("GET", "/graphiql/assets/missing.js", {}), 404, "NOT_FOUND");
  });

  it("keeps the client's request id", async () => {
    const answer = await raw("POST", "/graphql", { ...json, "x-request-id": "req-42" }, "{oops");
    expect(expectJsonError(answer, 400, "BAD_REQUEST")).toBeTruthy();
    expect(answer.headers["x-request-id"]).toBe("req-42");
  });

  it("answers Apollo's own request errors with the request id too", async () => {
    const answer = await raw("POST", "/graphql", json, JSON.stringify({ query: "{ __typename }", variables: [1] }));
    expectJsonError(answer, 400, "BAD_REQUEST");
    expectJsonError(await raw("GET", "/graphql", { accept: "application/json" }), 400, "BAD_REQUEST");
  });
});

describe("a person's browser", () => {
  const browser = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

  it("goes from / to GraphiQL", async () => {
    const answer = await raw("GET", "/", browser);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/graphiql");
  });

  it("goes from GET /graphql to GraphiQL; API GETs keep GraphQL's answers", async () => {
    const answer = await raw("GET", "/graphql", browser);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/graphiql");
    const api = await raw("GET", `/graphql?query=${encodeURIComponent("{ __typename }")}`, { accept: "application/json", "apollo-require-preflight": "true" });
    expect(JSON.parse(api.text)).toEqual({ data: { __typename: "Query" } });
    // Without the preflight header an API GET is still refused by CSRF prevention, as JSON.
    expectJsonError(await raw("GET", `/graphql?query=${encodeURIComponent("{ __typename }")}`, { accept: "application/json" }), 400, "BAD_REQUEST");
  });
});
