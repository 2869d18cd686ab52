// The JSON body reader of /graphql (src/server/json-body.ts) reads plain JSON bodies itself and
// leaves every other request to express.json: on the same bytes both must give the same req.body,
// or an error of the same type and status. Each case is sent over real HTTP to a server that uses
// one, then the other.
import http from "node:http";
import net from "node:net";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonBody } from "../../src/server/json-body.js";

const LIMIT = 1024;

function serverWith(reader: RequestHandler): http.Server {
  const app = express();
  app.post("/", reader, (req, res) => res.json({ body: req.body ?? null }));
  const onError: ErrorRequestHandler = (error, _req, res, _next) => res.status(299).json({ error: { type: error.type ?? null, status: error.status ?? null } });
  app.use(onError);
  return http.createServer(app);
}

const servers = { lean: serverWith(jsonBody(LIMIT)), express: serverWith(express.json({ limit: LIMIT })) };
const ports: Record<string, number> = {};

beforeAll(async () => {
  for (const [name, server] of Object.entries(servers)) {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    ports[name] = (server.address() as net.AddressInfo).port;
  }
});
afterAll(() => Object.values(servers).forEach((server) => server.close()));

async function send(port: number, body: Buffer | string, contentType = "application/json"): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", headers: { "content-type": contentType }, body });
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
