// The JSON body reader of /graphql (src/server/http/json-body.ts) reads plain JSON bodies itself and
// leaves every other request to express.json: on the same bytes both must give the same req.body,
// or an error of the same type and status. Each case is sent over real HTTP to a server that uses
// one, then the other.
import http from "node:http";
import net from "node:net";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { jsonBody } from "../../src/server/http/json-body.js";
import { bodyBudget, scanJson, ValueCounter, type BodyBudget } from "../../src/server/http/body-budget.js";

const LIMIT = 1024;

/** A budget of `maxBytes` and `maxValues`, the other limits as the service's defaults. */
function budget(maxBytes: number, maxValues = 1_000_000, maxRatio = 100): BodyBudget {
  return { ...bodyBudget({ maxJsonBodyBytes: maxBytes, maxInputValues: maxValues, anonymousMaxBodyBytes: maxBytes, anonymousMaxInputValues: maxValues, maxInputDepth: 32, maxQueryBytes: 100 * 1024, maxStringLength: 2000, maxCompressionRatio: maxRatio }, true) };
}

function serverWith(reader: RequestHandler): http.Server {
  const app = express();
  app.post("/", reader, (req, res) => res.json({ body: req.body ?? null }));
  const onError: ErrorRequestHandler = (error, _req, res, _next) => res.status(299).json({ error: { type: error.type ?? null, status: error.status ?? null } });
  app.use(onError);
  return http.createServer(app);
}

const lean = (limit: BodyBudget) => jsonBody({ known: limit, anonymous: limit }, () => true);
/** Refusals answer with the code and limit of the budget (body-budget.ts). */
function serverWithBudget(reader: RequestHandler): http.Server {
  const app = express();
  app.post("/", reader, (req, res) => res.json({ body: req.body ?? null }));
  const onError: ErrorRequestHandler = (error, _req, res, _next) => res.status(299).json({ error: { status: error.status ?? null, code: error.code ?? null, limit: error.limit ?? null, type: error.type ?? null } });
  app.use(onError);
  return http.createServer(app);
}

const servers = {
  lean: serverWith(lean(budget(LIMIT))),
  express: serverWith(express.json({ limit: LIMIT })),
  // 256 KiB, 1,000 values, a ratio of 20: what the budget refuses, and how early.
  budgeted: serverWithBudget(lean(budget(256 * 1024, 1000, 20))),
};
const ports: Record<string, number> = {};

beforeAll(async () => {
  for (const [name, server] of Object.entries(servers)) {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    ports[name] = (server.address() as net.AddressInfo).port;
  }
});
afterAll(() => Object.values(servers).forEach((server) => server.close()));

async function send(port: number, body: Buffer | string, contentType = "application/json", encoding?: string): Promise<unknown> {
  const headers: Record<string, string> = { "content-type": contentType, ...(encoding ? { "content-encoding": encoding } : {}) };
  const response = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", headers, body });
  return { status: response.status, ...((await response.json()) as object) };
}

/** Announces `announced` bytes, sends `sent`, and closes: the body ends short. */
function sendShort(port: number, announced: number, sent: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${announced}\r\n\r\n${sent}`);
      setTimeout(() => socket.destroy(), 50);
    });
    socket.on("close", () => resolve());
    socket.on("error", () => undefined);
  });
}

describe("the lean JSON body reader", () => {
  const cases: Record<string, [Buffer | string, string?]> = {
    "an object": [JSON.stringify({ query: "{ __typename }", variables: { a: [1, 2, { b: null }] } })],
    "an array (a batch)": [JSON.stringify([{ query: "{ a }" }, { query: "{ b }" }])],
    "whitespace first": ["\r\n\t {\"a\":1}"],
    "a byte order mark first": [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"é"}')])],
    "multi-byte characters": [JSON.stringify({ text: "日本語 ✓ 🎬".repeat(20) })],
    "a string at the top": ['"just a string"'],
    "a number at the top": ["42"],
    "null at the top": ["null"],
    "not JSON": ["{ nope"],
    "cut short JSON": ['{"query": "{ __typename }"'],
    "over the limit": [JSON.stringify({ x: "a".repeat(LIMIT) })],
    "exactly the limit": [JSON.stringify({ x: "a".repeat(LIMIT - 8) })],
    "charset=utf-8": ['{"a":1}', "application/json; charset=utf-8"],
    'charset="UTF-8"': ['{"a":1}', 'application/json;charset="UTF-8"'],
    "charset=latin1 (express.json's answer)": ['{"a":1}', "application/json; charset=latin1"],
    "another type (no body read)": ['{"a":1}', "text/plain"],
  };
  for (const [name, [body, type]] of Object.entries(cases)) {
    it(`reads ${name} as express.json does`, async () => {
      const expected = await send(ports.express, body, type);
      expect(await send(ports.lean, body, type)).toEqual(expected);
    });
  }

  it("leaves nothing waiting when the body ends short, and goes on serving", async () => {
    await sendShort(ports.lean, 100, '{"a":');
    expect(await send(ports.lean, '{"a":1}')).toEqual({ status: 200, body: { a: 1 } });
  });
});

describe("compressed bodies, read as express.json reads them", () => {
  const body = JSON.stringify({ query: "{ __typename }", variables: { list: [1, "two", { three: null }] } });
  const cases: Record<string, [Buffer | string, string]> = {
    gzip: [gzipSync(body), "gzip"],
    "x-gzip (unknown to body-parser too)": [gzipSync(body), "x-gzip"],
    deflate: [deflateSync(body), "deflate"],
    br: [brotliCompressSync(body), "br"],
    identity: [body, "identity"],
    "GZIP in capitals": [gzipSync(body), "GZIP"],
    "gzip that is not gzip": ["plain text", "gzip"],
    "an unknown encoding": [body, "compress"],
    "gzip over the limit once inflated": [gzipSync(JSON.stringify({ x: "a".repeat(LIMIT * 4) })), "gzip"],
  };
  for (const [name, [sent, encoding]] of Object.entries(cases)) {
    it(`reads ${name} as express.json does`, async () => {
      const expected = (await send(ports.express, sent, undefined, encoding)) as { status: number; body?: unknown; error?: { status: number } };
      const got = (await send(ports.lean, sent, undefined, encoding)) as typeof expected;
      // The same body, or an error of the same status (a budget refusal has its own type).
      if (expected.body !== undefined) expect(got).toEqual(expected);
      else expect(got.error?.status).toBe(expected.error?.status);
    });
  }
});

describe("the caller's budget", () => {
  it("refuses the 3.2-million-value gzip bomb at its 1,001st value, having inflated a chunk of it", async () => {
    const bomb = gzipSync(`{"query":"query($x:[Int]){__typename}","variables":{"x":[${"{},".repeat(3_200_000)}{}]}}`, { level: 9 });
    const answer = await send(ports.budgeted, bomb, undefined, "gzip");
    expect(answer).toMatchObject({ error: { status: 413, code: "PAYLOAD_TOO_LARGE", limit: "MAX_INPUT_VALUES" } });
  });

  it("refuses a body of more values than the budget, naming the limit", async () => {
    const answer = await send(ports.budgeted, JSON.stringify({ query: "{ __typename }", variables: { x: Array(1001).fill({}) } }));
    expect(answer).toMatchObject({ error: { status: 413, code: "PAYLOAD_TOO_LARGE", limit: "MAX_INPUT_VALUES" } });
  });

  it("refuses a compressed body past its ratio before inflating it whole", async () => {
    // 9.6 MB of whitespace inflated from about 10 KB: few values, so the ratio answers.
    const bomb = gzipSync(`{"query":"{ __typename }"${" ".repeat(9_600_000)}}`, { level: 9 });
    const answer = await send(ports.budgeted, bomb, undefined, "gzip");
    expect(answer).toMatchObject({ error: { status: 413, code: "PAYLOAD_TOO_LARGE", limit: "MAX_COMPRESSION_RATIO" } });
  });

  it("refuses a body over its size before reading it (announced) and while reading it (chunked)", async () => {
    const big = JSON.stringify({ x: "a".repeat(300 * 1024) });
    expect(await send(ports.budgeted, big)).toMatchObject({ error: { status: 413, code: "PAYLOAD_TOO_LARGE", limit: "MAX_JSON_BODY_BYTES" } });
    const chunked = new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode(big)), controller.close()) });
    const response = await fetch(`http://127.0.0.1:${ports.budgeted}/`, { method: "POST", headers: { "content-type": "application/json" }, body: chunked, duplex: "half" } as RequestInit);
    expect(await response.json()).toMatchObject({ error: { status: 413, limit: "MAX_JSON_BODY_BYTES" } });
  });

  it("accepts a body at the limits", async () => {
    const answer = await send(ports.budgeted, JSON.stringify({ x: Array(998).fill(0) }));
    expect((answer as { body: { x: number[] } }).body.x).toHaveLength(998);
  });
});

describe("ValueCounter counts what JSON.parse would build", () => {
  /** The values JSON.parse builds for `value`: every string, number, literal, object and array, keys not counted. */
  const count = (value: unknown): number =>
    value === null || typeof value !== "object" ? 1 : 1 + (Array.isArray(value) ? value : Object.values(value)).reduce((sum: number, item) => sum + count(item), 0);

  it("refuses exactly when the text holds more values than the budget (generated JSON, escapes and all)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 60 }), (value, maxValues) => {
        const text = JSON.stringify(value);
        const refused = scanJson(text, { ...budget(1 << 20, maxValues), maxDepth: 100 }) !== null;
        expect(refused).toBe(count(value) > maxValues);
      }),
      { seed: 40, numRuns: 500 },
    );
  });

  it("counts the same whatever chunks the bytes arrive in (escapes, keys and multi-byte characters split anywhere)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.array(fc.nat(), { maxLength: 8 }), fc.integer({ min: 1, max: 40 }), (value, cuts, maxValues) => {
        const bytes = Buffer.from(JSON.stringify({ k: value, "a\\\"b": ["é\\", "\u2028"] }));
        const limits = { ...budget(1 << 20, maxValues), maxDepth: 100 };
        const counter = new ValueCounter(limits);
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        let refusal = null;
        let from = 0;
        for (const point of [...points, bytes.length]) {
          refusal ??= counter.write(bytes.subarray(from, point));
          from = point;
        }
        refusal ??= counter.end();
        expect(refusal?.limit ?? null).toBe(scanJson(bytes, limits)?.limit ?? null);
      }),
      { seed: 41, numRuns: 500 },
    );
  });

  it("refuses nesting deeper than the budget and strings longer than any accepted", () => {
    const limits = budget(1 << 30);
    expect(scanJson("[".repeat(limits.maxDepth + 1), limits)?.limit).toBe("MAX_INPUT_DEPTH");
    expect(scanJson("[".repeat(limits.maxDepth) + "]".repeat(limits.maxDepth), limits)).toBeNull();
    expect(scanJson(JSON.stringify({ q: "x".repeat(limits.maxStringBytes + 1) }), limits)?.limit).toBe("MAX_STRING_LENGTH");
    expect(scanJson(JSON.stringify({ q: 'a\\"b'.repeat(10) }), limits)).toBeNull();
  });
});
