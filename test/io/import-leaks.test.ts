// Every upload's temp file (graphql-upload keeps each file in os.tmpdir() through fs-capacitor)
// and its descriptor are released on every path: success, parse error, validation error, bad
// UTF-8, client abort. The service runs in this process, so /proc/self/fd shows its descriptors.
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/jobs.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

// A temp dir of this file's own (read by fs-capacitor for every new upload), so that uploads of
// other test processes on this machine never show in the listing.
const TEMP = mkdtempSync(join(tmpdir(), "pgw-upload-leaks-"));
process.env.TMPDIR = TEMP;
afterAll(() => rmSync(TEMP, { recursive: true, force: true }));

const t = useTestService({ maxUploadBytes: 64 * 1024 * 1024 });

const IMPORT = `mutation($file: Upload!, $scriptId: String) { importSchedule(file: $file, scriptId: $scriptId) { id } }`;

/** Temp files in TEMP, and descriptors of this process open on files in it. */
function held(): { files: string[]; fds: string[] } {
  const fds: string[] = [];
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(TEMP)) fds.push(target);
    } catch {
      // closed meanwhile
    }
  }
  return { files: readdirSync(TEMP), fds };
}

const released = () => waitFor("every upload's temp file and descriptor to be released", async () => {
  const now = held();
  return now.files.length === 0 && now.fds.length === 0 ? now : null;
}, 10_000).catch(() => held());

/** A CSV of about `mb` MB whose row `badRow` (1-based after the header) holds `bad`. */
function bigCsv(mb: number, badRow: number, bad: string): string {
  const rows = ["onAirTime,duration,title,eventType"];
  const count = Math.ceil((mb * 1e6) / 60);
  for (let i = 1; i <= count; i++) rows.push(i === badRow ? bad : `2026-01-01T00:00:00Z,1000,Programme number ${i} of the day,PRIMARY`);
  return rows.join("\n") + "\n";
}

describe("uploads that fail part-way", () => {
  it("release their temp file and descriptor on every path", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    expect(process.env.TMPDIR).toBe(TEMP);
    const failures: [string, string | Uint8Array, string][] = [
      ["parse error", bigCsv(3, 20_000, '2026-01-01T00:00:00Z,1000,"unterminated'), "BAD_USER_INPUT"],
      ["validation error", bigCsv(3, 12_000, "2026-01-01T00:00:00Z,1000,A,SHOW"), "BAD_USER_INPUT"],
      ["error in the first rows", bigCsv(3, 2, "2026-01-01T00:00:00Z,ten,A,PRIMARY"), "BAD_USER_INPUT"],
      ["invalid UTF-8", new Uint8Array([...Buffer.from(bigCsv(2, 1, "x")), 0xff]), "BAD_USER_INPUT"],
      ["wrong format named", bigCsv(2, 1, "x"), "BAD_USER_INPUT"],
    ];
    for (const [label, content, code] of failures) {
      const result = await uploadRequest(t.url, token, IMPORT, { name: "big.csv", content }, label === "wrong format named" ? { scriptId: "json" } : {});
      expect(result.errors?.[0]?.extensions.code, label).toBe(code);
    }
    const ok = await uploadRequest(t.url, token, IMPORT, { name: "ok.csv", content: bigCsv(1, 0, "") });
    expect(ok.errors).toBeUndefined();
    // importScheduleAsync keeps the file in the database: its upload stream is released too.
    const ASYNC = `mutation($file: Upload!) { importScheduleAsync(file: $file) { id } }`;
    const badAsync = await uploadRequest(t.url, token, ASYNC, { name: "big.csv", content: new Uint8Array([...Buffer.from(bigCsv(2, 1, "x")), 0xff]) });
    expect(badAsync.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const okAsync = await uploadRequest(t.url, token, ASYNC, { name: "big.csv", content: bigCsv(1, 0, "") });
    expect(okAsync.errors).toBeUndefined();
    expect(await released()).toEqual({ files: [], fds: [] });
  });

  it("release them when the client goes away in the middle of the upload", async () => {
    const { org } = await orgClient(t);
    const boundary = "----pgw-leak-test";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n` +
      JSON.stringify({ query: IMPORT, variables: { file: null } }) +
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const rows = bigCsv(2, 0, "");
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        if (sent === 0) stream.enqueue(Buffer.from(head));
        if (sent < rows.length / 2) {
          stream.enqueue(Buffer.from(rows.slice(sent, sent + 64 * 1024)));
          sent += 64 * 1024;
          return;
        }
        // Half the file is sent: wait until the service holds a temp file, then go away.
        await waitFor("the upload's temp file", async () => held().files.length > 0);
        controller.abort();
      },
    });
    const request = fetch(t.url + "/graphql", {
      method: "POST",
      headers: { authorization: `Bearer ${await t.token(org)}`, "apollo-require-preflight": "true", "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      signal: controller.signal,
      duplex: "half",
    } as RequestInit);
    await expect(request).rejects.toThrow();
    expect(await released()).toEqual({ files: [], fds: [] });
    const { gql } = { gql: t.client(await t.token(org)) };
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
  });
});
