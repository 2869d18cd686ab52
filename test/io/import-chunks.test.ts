// Large imports commit in batches of 5,000 events into a schedule that no read sees until the
// last, short transaction makes it visible; a failed, aborted or canceled import removes what it
// wrote; the import job reports progress as rows are written and finishes when the last one is.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { JOB_FIELDS, waitFor, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useTestService({ runWorker: true, jobPollMs: 20, maxUploadBytes: 64 * 1024 * 1024 });

const IMPORT = `mutation($file: Upload!) { importSchedule(file: $file) { id name version startDate finishDate events(size: 1) { totalElements } } }`;
const IMPORT_ASYNC = `mutation($file: Upload!) { importScheduleAsync(file: $file) { ${JOB_FIELDS} } }`;
const START = Date.UTC(2026, 4, 1);

function csvRows(from: number, to: number, bad?: { row: number; text: string }): string {
  const rows: string[] = [];
  for (let i = from; i < to; i++) rows.push(i === bad?.row ? bad.text : `${new Date(START + i * 10_000).toISOString()},10000,Programme ${i},PRIMARY`);
  return rows.join("\n") + "\n";
}
const HEADER = "onAirTime,duration,title,eventType\n";

/** Rows of the organization in the database, hidden schedules included. */
async function stored(org: string): Promise<{ schedules: number; hidden: number; events: number }> {
  const [row] = await queryRows<{ schedules: number; hidden: number; events: number }>(
    t.service.database.db,
    sql`select (select count(*)::int from schedules where organization = ${org}) as schedules,
      (select count(*)::int from schedules where organization = ${org} and visibility <> 'VISIBLE') as hidden,
      (select count(*)::int from events where organization = ${org}) as events`,
  );
  return { schedules: Number(row.schedules), hidden: Number(row.hidden), events: Number(row.events) };
}

/** A multipart importSchedule whose file the test sends in parts: `send` one, `end`, or `abort`. */
function streamedImport(token: string, fileName: string, query = IMPORT) {
  const boundary = "----pgw-chunk-test";
  const queue: (Uint8Array | null)[] = [];
  let wake: (() => void) | null = null;
  const push = (part: Uint8Array | null) => {
    queue.push(part);
    wake?.();
  };
  push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query, variables: { file: null } })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
  );
  const controller = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const part = queue.shift()!;
      if (part === null) stream.close();
      else stream.enqueue(part);
    },
  });
  const response = fetch(t.url + "/graphql", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true", "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    signal: controller.signal,
    duplex: "half",
  } as RequestInit);
  return {
    send: (text: string) => push(Buffer.from(text)),
    end: async () => {
      push(Buffer.from(`\r\n--${boundary}--\r\n`));
      push(null);
      return (await (await response).json()) as { data?: any; errors?: any[] };
    },
    abort: async () => {
      controller.abort();
      await response.catch(() => {});
    },
  };
}

describe("importSchedule in batches", () => {
  it("commits batches into a schedule no read sees, and shows it whole when the last one is written", async () => {
    const { org, gql } = await orgClient(t);
    const upload = streamedImport(await t.token(org), "big.csv");
    upload.send(HEADER + csvRows(0, 7000));
    // The first batch is committed while the file is still arriving ...
    const during = await waitFor("a committed batch", async () => {
      const now = await stored(org);
      return now.events >= 5000 ? now : null;
    });
    expect(during).toMatchObject({ schedules: 1, hidden: 1 });
    // ... and nobody sees the schedule: not in lists, not by id, not by name.
    const [{ id: hiddenId }] = await queryRows<{ id: number }>(t.service.database.db, sql`select id from schedules where organization = ${org}`);
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
    expect((await gql.data(`{ schedules(filter: { name: "big" }) { totalElements } }`)).schedules.totalElements).toBe(0);
    expect((await gql.data(`query($id: ID!) { schedule(id: $id) { id } }`, { id: String(hiddenId) })).schedule).toBeNull();
    expect((await gql.error(`mutation($id: ID!) { deleteSchedule(id: $id) { id } }`, { id: String(hiddenId) })).extensions.code).toBe("NOT_FOUND");
    upload.send(csvRows(7000, 12_000));
    const result = await upload.end();
    expect(result.errors).toBeUndefined();
    expect(result.data!.importSchedule).toMatchObject({
      id: String(hiddenId),
      name: "big",
      version: 1,
      startDate: new Date(START).toISOString(),
      finishDate: new Date(START + 12_000 * 10_000).toISOString(),
      events: { totalElements: 12_000 },
    });
    expect(await stored(org)).toEqual({ schedules: 1, hidden: 0, events: 12_000 });
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(1);
  });

  it("removes what it wrote when a row after the first batches is at fault", async () => {
    const { org } = await orgClient(t);
    const result = await uploadRequest(t.url, await t.token(org), IMPORT, { name: "big.csv", content: HEADER + csvRows(0, 12_000, { row: 11_000, text: "2026-05-01T00:00:00Z,ten,A,PRIMARY" }) });
    expect(result.errors?.[0]).toMatchObject({ message: expect.stringContaining("line 11002"), extensions: { code: "BAD_USER_INPUT" } });
    expect(await stored(org)).toEqual({ schedules: 0, hidden: 0, events: 0 });
  });

  it("removes what it wrote when the client goes away after some batches", async () => {
    const { org } = await orgClient(t);
    const upload = streamedImport(await t.token(org), "big.csv");
    upload.send(HEADER + csvRows(0, 11_000));
    await waitFor("two committed batches", async () => (await stored(org)).events >= 10_000);
    await upload.abort();
    const after = await waitFor("the hidden schedule to be removed", async () => {
      const now = await stored(org);
      return now.schedules === 0 && now.events === 0 ? now : null;
    });
    expect(after).toEqual({ schedules: 0, hidden: 0, events: 0 });
  });
});

describe("importScheduleAsync while the file comes in", () => {
  const pieces = async (org: string) => {
    const [row] = await queryRows<{ n: number; jobs: number }>(
      t.service.database.db,
      sql`select (select count(*)::int from import_uploads u join jobs j on j.id = u.job_id where j.organization = ${org}) as n,
        (select count(*)::int from jobs where organization = ${org}) as jobs`,
    );
    return { pieces: Number(row.n), jobs: Number(row.jobs) };
  };

  it("commits the file's pieces as they arrive, answers other requests meanwhile, and runs the job once the file is in", async () => {
    const { org, gql } = await orgClient(t);
    const upload = streamedImport(await t.token(org), "big.csv", IMPORT_ASYNC);
    upload.send(HEADER + csvRows(0, 25_000)); // about 1.4 MB: several pieces
    await waitFor("a committed piece", async () => (await pieces(org)).pieces >= 1);
    // The database is not held by the upload: a read of the same organization answers now.
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
    const { jobs } = await gql.data(`{ jobs { id status } }`);
    expect(jobs).toEqual([{ id: expect.any(String), status: "PENDING" }]); // held back: not run with half a file
    upload.send(csvRows(25_000, 26_000));
    const result = await upload.end();
    expect(result.errors).toBeUndefined();
    const job = await waitForStatus(gql, result.data!.importScheduleAsync.id, ["SUCCEEDED", "FAILED"], 60_000);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    expect(await stored(org)).toEqual({ schedules: 1, hidden: 0, events: 26_000 });
    expect(await pieces(org)).toEqual({ pieces: 0, jobs: 1 });
  });

  it("leaves no job and no piece when the client goes away", async () => {
    const { org } = await orgClient(t);
    const upload = streamedImport(await t.token(org), "big.csv", IMPORT_ASYNC);
    upload.send(HEADER + csvRows(0, 25_000));
    await waitFor("a committed piece", async () => (await pieces(org)).pieces >= 1);
    await upload.abort();
    expect(await waitFor("the job and its pieces to go", async () => {
      const now = await pieces(org);
      return now.jobs === 0 && now.pieces === 0 ? now : null;
    })).toEqual({ pieces: 0, jobs: 0 });
  });
});

describe("the SCHEDULE_IMPORT job in batches", () => {
  const big = HEADER + csvRows(0, 30_000); // about 1.7 MB: several pieces of the kept upload, six batches

  it("reports progress as rows are written, and finishes when the last one is", async () => {
    const { org, gql } = await orgClient(t);
    const result = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "big.csv", content: big });
    expect(result.errors).toBeUndefined();
    const jobId = result.data!.importScheduleAsync.id;
    const seen = new Set<number>();
    const job = await waitFor("the job to end", async () => {
      const { job } = await gql.data(`query($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }`, { id: jobId });
      if (job.status === "PROCESSING") seen.add(job.progress);
      return job.status === "SUCCEEDED" || job.status === "FAILED" ? job : null;
    }, 120_000);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    expect([...seen].some((p) => p > 0 && p < 100), `progress seen while PROCESSING: ${[...seen]}`).toBe(true);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { dateCreated eventCount: events(size: 1) { totalElements } } }`, { id: job.entityId });
    expect(schedule.eventCount.totalElements).toBe(30_000);
    // The schedule was created with the first batch; the job finished after the last one.
    expect(Date.parse(job.dateFinished)).toBeGreaterThan(Date.parse(schedule.dateCreated));
    expect(await stored(org)).toEqual({ schedules: 1, hidden: 0, events: 30_000 });
  });

  it("removes what it wrote when the job is canceled part-way", async () => {
    const { org, gql } = await orgClient(t);
    const result = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "big.csv", content: big });
    const jobId = result.data!.importScheduleAsync.id;
    await waitFor("a committed batch", async () => (await stored(org)).events >= 5000, 60_000);
    const { cancelJob } = await gql.data(`mutation($id: ID!) { cancelJob(id: $id) { status } }`, { id: jobId });
    expect(cancelJob.status).toBe("CANCELED");
    const after = await waitFor("the hidden schedule to be removed", async () => {
      const now = await stored(org);
      return now.schedules === 0 && now.events === 0 ? now : null;
    }, 30_000);
    expect(after).toEqual({ schedules: 0, hidden: 0, events: 0 });
    expect((await waitForStatus(gql, jobId, ["CANCELED"])).entityId).toBeNull();
  });
});
