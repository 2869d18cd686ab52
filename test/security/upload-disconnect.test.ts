// A client that goes away in the middle of its upload is logged as what it is: one info line, no
// error and no stack (nobody is there to read an answer, and nothing failed in the service).
import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService({ logLevel: "info" });

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
