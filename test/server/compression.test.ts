// Answers of /graphql above 1 KB are compressed with gzip or brotli as the client accepts; smaller
// ones and clients that accept neither get them as they are. COMPRESS_RESPONSES=false turns it off.
// (Job files, also compressed, are checked in test/jobs/download-links.test.ts.)
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { answerEncoding } from "../../src/server/http/answer-compression.js";
import { compressionMiddleware } from "../../src/server/http/compression.js";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

/** A large answer that needs no data: the schema's types and fields (introspection needs a token). */
const LARGE = "{ __schema { types { name fields { name } } } }";

/** POST /graphql as raw bytes: fetch would decompress them. */
function rawPost(token: string, query: string, acceptEncoding: string): Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer; headers: http.IncomingHttpHeaders }> {
  const body = JSON.stringify({ query });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${t.url}/graphql`,
      { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-encoding": acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ encoding: response.headers["content-encoding"], vary: response.headers.vary, bytes: Buffer.concat(chunks), headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("compression of /graphql", () => {
  it("compresses a large answer with gzip or brotli, as the client prefers", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    const plain = await rawPost(token, LARGE, "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(10_000);
    const gzip = await rawPost(token, LARGE, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gzip.vary).toMatch(/Accept-Encoding/);
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    const brotli = await rawPost(token, LARGE, "gzip, deflate, br");
    expect(brotli.encoding).toBe("br");
    expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);
  });

  it("leaves answers under 1 KB as they are", async () => {
    const { org } = await orgClient(t);
    const small = await rawPost(await t.token(org), "{ __typename }", "gzip, br");
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toEqual({ data: { __typename: "Query" } });
  });

  it("is switched by COMPRESS_RESPONSES (on by default)", () => {
    expect(loadConfig({}).compressResponses).toBe(true);
    expect(loadConfig({ COMPRESS_RESPONSES: "false" }).compressResponses).toBe(false);
    expect(compressionMiddleware({ compressResponses: false })).toEqual([]);
    expect(compressionMiddleware({ compressResponses: true })).toHaveLength(1);
  });
});

describe("a complete answer of POST /graphql, compressed by its writer", () => {
  it("goes out whole, with its Content-Length, and the Vary the middleware adds", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    const answer = await rawPost(token, LARGE, "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.bytes.length);
    expect(String(answer.headers.vary).split(/,\s*/).filter((field) => field === "Accept-Encoding")).toHaveLength(1);
    expect(JSON.parse(gunzipSync(answer.bytes).toString()).data.__schema.types.length).toBeGreaterThan(10);
  });

  it("takes the encoding the compression middleware takes, whatever the Accept-Encoding", async () => {
    // The middleware's choice, read off a server that runs it on a 2 KB JSON answer.
    const server = http.createServer((req, res) => {
      const [compress] = compressionMiddleware({ compressResponses: true });
      compress(req as never, res as never, () => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ data: "x".repeat(2048) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const middlewareChoice = (acceptEncoding: string | undefined) =>
      new Promise<string | null>((resolve, reject) => {
        const request = http.request(url, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.headers["content-encoding"] ?? null));
        });
        request.on("error", reject);
        request.end();
      });
    const headers = [
      undefined, "", "gzip", "br", "deflate", "identity", "*", "gzip, br", "br;q=0.5, gzip", "gzip;q=0.5, br;q=0.5", "deflate, gzip;q=1.0, *;q=0.5",
      "gzip;q=0", "*;q=0", "identity;q=0", "identity, gzip;q=0.1", "compress, x-gzip", "GZIP", "br;q=0.9, gzip;q=0.9, deflate;q=1",
      "gzip; q=0.2, identity; q=0.1", "unknown", "*;q=0.1, identity;q=1", "deflate;q=0.4, gzip;q=0.4, br;q=0.3",
      "gzip;Q=0", "gzip; q = 0", "gzip;q=", `br;q="0.5", gzip;q=0.4`,
    ];
    try {
      for (const header of headers) expect([header, answerEncoding(header)]).toEqual([header, await middlewareChoice(header)]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
