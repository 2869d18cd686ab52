// Answers of /graphql above 1 KB are compressed with gzip or brotli as the client accepts; smaller
// ones and clients that accept neither get them as they are. COMPRESS_RESPONSES=false turns it off.
// (Job files, also compressed, are checked in test/jobs/download-links.test.ts.)
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { compressionMiddleware } from "../../src/server/compression.js";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

/** A large answer that needs no data: the schema's types and fields (introspection needs a token). */
const LARGE = "{ __schema { types { name fields { name } } } }";

/** POST /graphql as raw bytes: fetch would decompress them. */
function rawPost(token: string, query: string, acceptEncoding: string): Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer }> {
  const body = JSON.stringify({ query });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${t.url}/graphql`,
      { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-encoding": acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ encoding: response.headers["content-encoding"], vary: response.headers.vary, bytes: Buffer.concat(chunks) }));
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
