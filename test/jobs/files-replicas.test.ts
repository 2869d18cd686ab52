// Job files live in the database (job_files, job_file_chunks): a file written on one server
// downloads from any other server on the same database, byte for byte, streamed in pieces; files
// expire after JOB_FILE_RETENTION_HOURS and then answer 410 FILE_EXPIRED.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type Config } from "../../src/config.js";
import { queryRows } from "../../src/db/client.js";
import type { JobRegistry } from "../../src/jobs/registry.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { startService, type Service } from "../../src/main.js";
import { waitForStatus } from "../helpers/jobs.js";
import { freshDatabase, makeClient, orgClient, TEST_SECRET, uniqueOrg, useTestService } from "../helpers/service.js";

const EXPORT = `mutation($id: ID!, $fileName: String!, $format: ExportFormat) { exportSchedule(id: $id, fileName: $fileName, format: $format) { id } }`;
const CREATE = `mutation($name: String!) { createSchedule(input: { name: $name, channel: "Replica One" }) { id } }`;
const MIB = 1024 * 1024;

/** Deterministic bytes of any length (every byte value occurs), handed over in uneven pieces. */
function bytesOf(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

async function* unevenPieces(bytes: Buffer): AsyncGenerator<Uint8Array> {
  for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7 + 13) % 300_000 || 1) yield bytes.subarray(at, at + size);
}

/** TEST_BYTES: writes `length` bytes made from `seed` as `name`. */
function registerBytesJob(registry: JobRegistry): void {
  if (registry.get("TEST_BYTES")) return;
  registry.register<{ name: string; length: number; seed: number }>("TEST_BYTES", {
    async run(ctx) {
      await ctx.writeFile(ctx.job.payload.name, unevenPieces(bytesOf(ctx.job.payload.length, ctx.job.payload.seed)));
    },
  });
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function download(url: string, token: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

/** The link as the server on `base` would serve it (links carry the host that answered). */
const on = (base: string, link: string) => base + new URL(link, base).pathname;

describe("job files on one server", () => {
  const t = useTestService({ runWorker: true, jobPollMs: 20 });
  beforeAll(() => registerBytesJob(t.service.jobs.registry));

  it("keeps a file of several pieces in the database and serves it byte for byte", async () => {
    const { org, gql } = await orgClient(t);
    const length = 2 * MIB + 12_345;
    const row = await enqueueJob(t.service.database.db, { type: "TEST_BYTES", organization: org, payload: { name: "blob.bin", length, seed: 7 } });
    const job = await waitForStatus(gql, String(row.id), ["SUCCEEDED", "FAILED"]);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    const file = await download(job.resourceLink, await t.token(org, "viewer"));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-length")).toBe(String(length));
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
    expect(sha(file.bytes)).toBe(sha(bytesOf(length, 7)));
    const [stored] = await queryRows<{ files: number; pieces: number; bytes: number }>(
      t.service.database.db,
      sql`select count(distinct f.id)::int as files, count(c.*)::int as pieces, coalesce(sum(length(c.bytes)), 0)::int as bytes
          from job_files f left join job_file_chunks c on c.file_id = f.id where f.job_id = ${row.id}`,
    );
    expect(stored).toEqual({ files: 1, pieces: 3, bytes: length });
  });

  it("exports a schedule and serves the file through its resourceLink", async () => {
    const { org, gql } = await orgClient(t);
    const { createSchedule } = await gql.data(CREATE, { name: "Solo" });
    const { exportSchedule } = await gql.data(EXPORT, { id: createSchedule.id, fileName: "solo.xml" });
    const job = await waitForStatus(gql, exportSchedule.id, ["SUCCEEDED", "FAILED"]);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    const file = await download(job.resourceLink, await t.token(org));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/xml");
    expect(file.bytes.toString("utf8")).toContain(`<display-name>Replica One</display-name>`);
  });

  it("answers 410 FILE_EXPIRED once a file is older than the retention, and housekeeping deletes it", async () => {
    const { org, gql } = await orgClient(t);
    const token = await t.token(org);
    const db = t.service.database.db;
    const [old, fresh] = await Promise.all(
      [1, 2].map(async (seed) => {
        const row = await enqueueJob(db, { type: "TEST_BYTES", organization: org, payload: { name: `f${seed}.bin`, length: MIB + seed, seed } });
        return waitForStatus(gql, String(row.id), ["SUCCEEDED", "FAILED"]);
      }),
    );
    expect([old.status, fresh.status]).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    // Default retention is 168 hours: make one file a little older than that.
    await db.execute(sql`update job_files set date_created = now() - interval '169 hours' where job_id = ${Number(old.id)}`);

    const expired = await fetch(old.resourceLink, { headers: { authorization: `Bearer ${token}` } });
    expect(expired.status).toBe(410);
    expect(expired.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await expired.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("FILE_EXPIRED");
    expect(body.error.message).toMatch(/168 hours/);

    const swept = await t.service.jobs.files.sweep();
    expect(swept).toBeGreaterThanOrEqual(1);
    const count = async (jobId: string) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from job_file_chunks c join job_files f on f.id = c.file_id where f.job_id = ${Number(jobId)}`))[0].n;
    expect(await count(old.id)).toBe(0);
    expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from job_files where job_id = ${Number(old.id)}`))[0].n).toBe(0);
    expect(await count(fresh.id)).toBe(2);
    expect((await download(old.resourceLink, token)).status).toBe(410);
    const kept = await download(fresh.resourceLink, token);
    expect(kept.status).toBe(200);
    expect(sha(kept.bytes)).toBe(sha(bytesOf(MIB + 2, 2)));
  });

  it("answers 404 NOT_FOUND (JSON) for a job without a file and for another organization's file", async () => {
    const { org, gql } = await orgClient(t);
    const row = await enqueueJob(t.service.database.db, { type: "TEST_BYTES", organization: org, payload: { name: "x.bin", length: 10, seed: 3 } });
    const job = await waitForStatus(gql, String(row.id), ["SUCCEEDED"]);
    const foreign = await fetch(job.resourceLink, { headers: { authorization: `Bearer ${await t.token(uniqueOrg())}` } });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as any).error.code).toBe("NOT_FOUND");
    const idle = await enqueueJob(t.service.database.db, { type: "TEST_NOTHING", organization: org });
    const none = await fetch(`${t.url}/files/${idle.id}`, { headers: { authorization: `Bearer ${await t.token(org)}` } });
    expect(none.status).toBe(404);
    expect(((await none.json()) as any).error.code).toBe("NOT_FOUND");
  });
});

const postgresUrl = process.env.DATABASE_URL;
describe.skipIf(!postgresUrl)(`two servers on one database${postgresUrl ? "" : " (skipped: needs DATABASE_URL; PGlite belongs to one process)"}`, () => {
  let servers: Service[] = [];
  let drop: () => Promise<void> = async () => {};
  const urlOf = (service: Service) => `http://127.0.0.1:${service.port}`;

  beforeAll(async () => {
    const database = await freshDatabase(postgresUrl!);
    drop = database.drop;
    const config = (runWorker: boolean): Config => ({
      ...loadConfig({}),
      port: 0,
      host: "127.0.0.1",
      databaseUrl: database.url,
      dataDir: "memory://",
      authSecret: TEST_SECRET,
      logLevel: "silent",
      seedDemo: false,
      runWorker,
      jobPollMs: 20,
      // Two machines: each its own local directory (where files used to be kept).
    });
    // Only the first server runs a worker: every file is written there and must download from the second.
    servers = [await startService(config(true), { quiet: true })];
    servers.push(await startService(config(false), { quiet: true }));
    registerBytesJob(servers[0].jobs.registry);
  });
  afterAll(async () => {
    for (const service of servers) await service.stop();
    await drop();
  });

  it("exports on one server and downloads from the other, bytes identical", async () => {
    const [writer, reader] = servers.map(urlOf);
    const org = uniqueOrg();
    const { signToken } = await import("../../src/server/identity/tokens.js");
    const token = await signToken(TEST_SECRET, { sub: "tester", orgs: [org], role: "editor" });
    const onReader = makeClient(reader, token);
    const { createSchedule } = await onReader.data(CREATE, { name: "Replicated" });
    for (const format of ["XMLTV", "JSON"]) {
      // Asked on the reader (no worker), run by the writer's worker, downloaded from both.
      const { exportSchedule } = await onReader.data(EXPORT, { id: createSchedule.id, fileName: `replicated.${format.toLowerCase()}`, format });
      const job = await waitForStatus(onReader, exportSchedule.id, ["SUCCEEDED", "FAILED"]);
      expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
      const [fromWriter, fromReader] = await Promise.all([download(on(writer, job.resourceLink), token), download(on(reader, job.resourceLink), token)]);
      expect([fromWriter.status, fromReader.status]).toEqual([200, 200]);
      expect(fromReader.bytes.length).toBeGreaterThan(100);
      expect(fromReader.bytes.equals(fromWriter.bytes)).toBe(true);
    }

    const length = 3 * MIB + 1;
    const row = await enqueueJob(servers[1].database.db, { type: "TEST_BYTES", organization: org, payload: { name: "big.bin", length, seed: 11 } });
    const job = await waitForStatus(onReader, String(row.id), ["SUCCEEDED", "FAILED"]);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    const fromReader = await download(on(reader, job.resourceLink), token);
    expect(fromReader.status).toBe(200);
    expect(sha(fromReader.bytes)).toBe(sha(bytesOf(length, 11)));
  });
});
