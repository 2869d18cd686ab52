// What a slow or crowding client can hold: a body that trickles in is answered 408 TIMEOUT and its
// connection closed (BODY_TIMEOUT_MS), connections past MAX_CONNECTIONS are closed at once, and a
// client that goes away in the middle of its upload is logged as what it is: one info line, no
// error and no stack (nobody is there to read an answer, and nothing failed in the service).
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService({ logLevel: "info", bodyTimeoutMs: 1000, maxConnections: 8 });

/** Opens a raw connection to the service. */
async function open(): Promise<Socket> {
  const socket = connect(Number(new URL(t.url).port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  return socket;
}

/** Everything the server sends until it closes the connection. */
function untilClosed(socket: Socket): Promise<string> {
  let text = "";
  socket.on("data", (chunk) => (text += chunk.toString()));
  return new Promise((resolve) => socket.once("close", () => resolve(text)));
}

describe("slow bodies and crowds", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers a body that trickles in 408 TIMEOUT and closes its connection (BODY_TIMEOUT_MS)", async () => {
    const socket = await open();
    const answer = untilClosed(socket);
    socket.write(["POST /graphql HTTP/1.1", "Host: x", "Content-Type: application/json", "Content-Length: 1000", "", '{"query":'].join("\r\n"));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    const body = JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));
    expect(body.errors[0].extensions).toMatchObject({ code: "TIMEOUT", limit: "BODY_TIMEOUT_MS" });
  });

  it("closes the connection of a body refused by its size that goes on trickling in (BODY_TIMEOUT_MS)", async () => {
    // Over ANONYMOUS_MAX_BODY_BYTES: answered 413 at once, the rest still read and dropped, within the deadline.
    const socket = await open();
    const answer = untilClosed(socket);
    socket.write(["POST /graphql HTTP/1.1", "Host: x", "Content-Type: application/json", "Content-Length: 100000", "", '{"query":'].join("\r\n"));
    const drip = setInterval(() => socket.writable && socket.write(" "), 100);
    const text = await answer;
    clearInterval(drip);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    // Without the deadline after the answer, the trickle held the connection for as long as it went on.
  }, 30_000);

  it("closes connections past MAX_CONNECTIONS at once, and serves again once they are gone", async () => {
    const held = await Promise.all(Array.from({ length: 8 }, () => open()));
    const extra = await open();
    // Closed by the server without a byte, whatever it would have asked.
    const closed = untilClosed(extra);
    extra.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(await closed).toBe("");
    for (const socket of held) socket.destroy();
    // (A raw probe: fetch's pool waits long on a connection closed at once.)
    for (let tries = 0; ; tries++) {
      const probe = await open();
      const answer = untilClosed(probe);
      probe.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      if (/^HTTP\/1\.1 200/.test(await answer)) break;
      if (tries > 100) throw new Error("the service does not serve again");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe("a client that leaves mid-upload", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is logged at info, in one line without a stack", async () => {
    const token = await t.token("upload-gone", "editor");
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (text.includes("upload-gone-request")) lines.push(text);
      else return (write as (c: unknown, ...r: unknown[]) => boolean)(chunk, ...rest);
      return true;
    }) as typeof process.stdout.write);
    const operations = JSON.stringify({ query: "mutation($file: Upload!) { importSchedule(file: $file) { id } }", variables: { file: null } });
    const head = [
      "--XYZ",
      'Content-Disposition: form-data; name="operations"',
      "",
      operations,
      "--XYZ",
      'Content-Disposition: form-data; name="map"',
      "",
      JSON.stringify({ 0: ["variables.file"] }),
      "--XYZ",
      'Content-Disposition: form-data; name="0"; filename="day.csv"',
      "Content-Type: text/csv",
      "",
      "onAirTime,duration,title\r\n",
    ].join("\r\n");
    const { port } = new URL(t.url);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      [
        "POST /graphql HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        "Content-Type: multipart/form-data; boundary=XYZ",
        "Apollo-Require-Preflight: true",
        `Authorization: Bearer ${token}`,
        "X-Request-Id: upload-gone-request",
        "Content-Length: 10000000",
        "",
        "",
      ].join("\r\n") + head,
    );
    socket.write("2026-01-01T00:00:00Z,1000,A\r\n".repeat(200));
    // Give the service a moment to start reading the file, then go away.
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    for (let tries = 0; lines.length === 0; tries++) {
      if (tries > 200) throw new Error("no log line for the request");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const entries = lines.join("").trim().split("\n").map((line) => JSON.parse(line));
    expect(entries.map((e) => e.level)).not.toContain("error");
    expect(entries.map((e) => e.level)).toContain("info");
    expect(JSON.stringify(entries)).not.toMatch(/\bat [\w.<>]+ \(/);
  });
});
