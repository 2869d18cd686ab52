// A service that restarts while a job runs (SIGTERM, a deploy): the CLI asks about the job again
// until the service answers, and reports the job's real end instead of "other side closed".
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliError, EXIT, graphqlPatiently } from "../../src/cli/remote.js";
import { uniqueOrg, useTestService } from "../helpers/service.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });
const CSV = fileURLToPath(new URL("../fixtures/import/schedule.csv", import.meta.url));

/**
 * Forwards to the service, except the first questions about a job: those find the connection
 * closed (as when the server stops) or a 503 (as while it starts again).
 */
let failures = 0;
let proxy: Server;
let proxyUrl: string;
beforeAll(async () => {
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (body.includes("job(id: $id)") && failures < 4) {
      failures++;
      if (failures % 2) return void req.socket.destroy();
      res.writeHead(503, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ errors: [{ message: "The service is restarting", extensions: { code: "SERVICE_UNAVAILABLE" } }] }));
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !["host", "connection", "content-length", "transfer-encoding"].includes(k)) as [string, string][]);
    const answer = await fetch(t.url + req.url, { method: req.method, headers, body: req.method === "GET" ? undefined : body });
    res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([k]) => !["content-length", "transfer-encoding", "content-encoding", "connection"].includes(k))));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

const cli = (args: string[]) => runCliInProcess(args);

describe("the CLI while the service restarts", () => {
  it("keeps asking about the import job and reports its end", async () => {
    const result = await cli(["import", CSV, "--url", proxyUrl, "--org", uniqueOrg()]);
    expect(failures).toBe(4);
    expect(result.stderr).toMatch(/asking again for up to 60 s/);
    expect(result.stderr).toMatch(/the service answers again/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^\d+\tschedule\t3 events\n$/);
  });

  it("gives up with exit 4 when the service stays away", async () => {
    const error = await graphqlPatiently({ url: "http://127.0.0.1:9", headers: {} }, "{ __typename }", {}, { write: () => true }, 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ code: EXIT.unreachable, message: expect.stringMatching(/Cannot reach the service .* after 0 s of asking again/) });
  });
});
