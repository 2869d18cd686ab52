// Who asks is known before the body is read, and the body is read within that caller's budget
// (src/server/identity/caller.ts, body-budget.ts, json-body.ts): a request without a valid token may send
// ANONYMOUS_MAX_BODY_BYTES and ANONYMOUS_MAX_INPUT_VALUES, one with a token MAX_JSON_BODY_BYTES and
// MAX_INPUT_VALUES; a compressed body is refused past MAX_COMPRESSION_RATIO before it is inflated
// whole. The shapes of the attack (a 10 KB gzip of 3.2 million `{}`) and their neighbours
// (integers, strings, nested lists, batches, deflate and brotli, a bad token) are drawn here.
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/service.js";

const t = useTestService();

const ENCODERS: Record<string, (text: string) => Buffer> = {
  gzip: (text) => gzipSync(text, { level: 9 }),
  deflate: (text) => deflateSync(text, { level: 9 }),
  br: (text) => brotliCompressSync(text),
};

async function post(body: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(t.url + "/graphql", { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { status: response.status, body: await response.json() };
}

/** `{"query": …, "variables": {"x": [item, item, …]}}` with `count` items, as text. */
function listBody(item: string, count: number): string {
  return `{"query":"query($x:[Int]){__typename}","variables":{"x":[${`${item},`.repeat(count - 1)}${item}]}}`;
}

describe("a request without a valid token", () => {
  it("is refused the 3.2-million-value gzip bomb at its 1,001st value, the limit named", async () => {
    const { status, body } = await post(ENCODERS.gzip(listBody("{}", 3_200_000)), { "content-encoding": "gzip" });
    expect(status).toBe(413);
    expect(body.errors[0].extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit: "ANONYMOUS_MAX_INPUT_VALUES" });
  });

  it("is refused any body over ANONYMOUS_MAX_BODY_BYTES, compressed or not, with a bad token too", async () => {
    const text = listBody("0", 40_000);
    for (const headers of [{}, { authorization: "Bearer not-a-token" }] as Record<string, string>[]) {
      const plain = await post(text, headers);
      expect(plain.status).toBe(413);
      expect(plain.body.errors[0].extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit: "ANONYMOUS_MAX_BODY_BYTES" });
    }
  });

  it("is refused more values than ANONYMOUS_MAX_INPUT_VALUES, whatever their shape and encoding", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("{}", "0", '"a"', "[]", "null", "[[0]]"), fc.constantFrom("none", "gzip", "deflate", "br"), async (item, encoding) => {
        const text = listBody(item, 1_200);
        const { status, body } = encoding === "none" ? await post(text) : await post(ENCODERS[encoding](text), { "content-encoding": encoding });
        expect(status).toBe(413);
        expect(body.errors[0].extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit: "ANONYMOUS_MAX_INPUT_VALUES" });
      }),
      { seed: 40, numRuns: 12 },
    );
  });

  it("is still answered within its budget: UNAUTHENTICATED for data, __typename for the schema's name", async () => {
    const { status, body } = await post(JSON.stringify({ query: "{ __typename }" }));
    expect(status).toBe(200);
    expect(body).toEqual({ data: { __typename: "Query" } });
    const data = await post(JSON.stringify({ query: "{ schedules { totalElements } }" }));
    expect(data.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("a request with a valid token", () => {
  it("may send what an anonymous one may not (a body of 150 KB, 30,000 values)", async () => {
    const token = await t.token("org-budget", "viewer");
    const { status, body } = await post(listBody("0", 30_000).replace('"query":"', '"query":"#' + "x".repeat(90_000) + "\\n"), { authorization: `Bearer ${token}` });
    // Read, parsed and validated: the query's unused $x is GraphQL's own error, not a budget's.
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ message: 'Variable "$x" is never used.', extensions: { code: "GRAPHQL_VALIDATION_FAILED" } });
  });

  it("is refused the gzip bomb by the ratio before it is inflated whole", async () => {
    const token = await t.token("org-budget", "viewer");
    for (const encoding of ["gzip", "deflate", "br"]) {
      const { status, body } = await post(ENCODERS[encoding](listBody("{}", 3_200_000)), { "content-encoding": encoding, authorization: `Bearer ${token}` });
      expect(status).toBe(413);
      expect(body.errors[0].extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit: "MAX_COMPRESSION_RATIO" });
    }
  });

  it("is refused more values than MAX_INPUT_VALUES before they are parsed (1.1 million integers)", async () => {
    const token = await t.token("org-budget", "viewer");
    const { status, body } = await post(listBody("0", 1_100_000), { authorization: `Bearer ${token}` });
    expect(status).toBe(413);
    expect(body.errors[0].extensions).toMatchObject({ code: "PAYLOAD_TOO_LARGE", limit: "MAX_INPUT_VALUES" });
  });
});
