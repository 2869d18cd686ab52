// Job.downloadUrl: a signed, short-lived URL of one job's file that works without the Authorization
// header (for `<a href>` and window.open), any number of times until it expires. A frontend polls the
// job with Apollo Client's pollInterval until it ends, then follows downloadUrl. An altered link, or
// one for another job, answers 401; an expired one 410 LINK_EXPIRED; both in JSON.
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { ApolloClient, HttpLink, InMemoryCache, gql } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { FileLinks } from "../../src/jobs/download-links.js";
import { TEST_CORS_ORIGINS } from "../helpers/shared-service.js";
import { orgClient, TEST_SECRET, useOwnTestService, type GraphQLClient } from "../helpers/service.js";

describe("FileLinks (signed links)", () => {
  let clock = Date.UTC(2026, 10, 26, 12);
  const links = new FileLinks(TEST_SECRET, 300, () => clock);
  const queryOf = (path: string) => Object.fromEntries(new URL(path, "http://x").searchParams);

  it("signs a link of one job that is valid until its expiry, then expired", () => {
    const path = links.pathFor("42");
    expect(path).toMatch(/^\/files\/42\?expires=\d+&signature=[\w-]{43}$/);
    expect(links.check("42", queryOf(path))).toBe("valid");
    clock += 299_000;
    expect(links.check("42", queryOf(path))).toBe("valid");
    clock += 1_000;
    expect(links.check("42", queryOf(path))).toBe("expired");
  });

  it("refuses a link of another job, an altered expiry or signature, and a missing part", () => {
    const query = queryOf(links.pathFor(7));
    expect(links.check("8", query)).toBe("invalid");
    expect(links.check("7", { ...query, expires: String(Number(query.expires) + 3600) })).toBe("invalid");
    const flipped = (query.signature[0] === "A" ? "B" : "A") + query.signature.slice(1);
    expect(links.check("7", { ...query, signature: flipped })).toBe("invalid");
    expect(links.check("7", { expires: query.expires })).toBe("invalid");
    expect(links.check("7", { ...query, expires: ["1", "2"] })).toBe("invalid");
  });

  it("depends on the secret: another service's link is not valid here", () => {
    const other = new FileLinks("another-secret-0123456789abcdef0123456789", 300, () => clock);
    expect(links.check("7", queryOf(other.pathFor(7)))).toBe("invalid");
  });

  it("FILE_LINK_TTL_SECONDS: 300 by default, 10 s to a day", () => {
    expect(loadConfig({}).fileLinkTtlSeconds).toBe(300);
    expect(loadConfig({ FILE_LINK_TTL_SECONDS: "60" }).fileLinkTtlSeconds).toBe(60);
    expect(() => loadConfig({ FILE_LINK_TTL_SECONDS: "0" })).toThrow(/FILE_LINK_TTL_SECONDS/);
  });
});

const CREATE = `mutation($name: String!) { createSchedule(input: { name: $name }) { id version } }`;
const CREATE_EVENT = `mutation($scheduleId: ID!, $input: EventInput!) { createEvent(scheduleId: $scheduleId, input: $input) { id } }`;

/** A schedule with enough events that its export is well above 1 KB. */
async function scheduleWithEvents(api: GraphQLClient): Promise<string> {
  const { createSchedule } = await api.data(CREATE, { name: "Export me" });
  for (let i = 0; i < 12; i++) {
    await api.data(CREATE_EVENT, {
      scheduleId: createSchedule.id,
      input: { onAirTime: new Date(Date.UTC(2026, 4, 4, 6, i * 30)).toISOString(), duration: 30 * 60_000, title: `Programme number ${i} with a long enough title`, eventType: "PRIMARY" },
    });
  }
  return createSchedule.id;
}

const EXPORT = gql`
  mutation Export($id: ID!) {
    exportSchedule(id: $id, fileName: "guide.xml") {
      id
      status
    }
  }
`;

const POLL = gql`
  query PollJob($id: ID!) {
    job(id: $id) {
      id
      status
      progress
      downloadUrl
      resourceLink
    }
  }
`;

/** GET without any Authorization header, as a browser follows a link; raw bytes and headers. */
function follow(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("downloading a job's file through downloadUrl", () => {
  const t = useOwnTestService({ runWorker: true, jobPollMs: 20 });

  /** An export polled to its end by Apollo Client, as a frontend does it. */
  async function exportedJob(): Promise<{ job: { id: string; status: string; downloadUrl: string | null; resourceLink: string | null }; token: string; noDownloadUrlBefore: boolean }> {
    const { org, gql: api } = await orgClient(t);
    const token = await t.token(org);
    const scheduleId = await scheduleWithEvents(api);
    const client = new ApolloClient({ link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${token}` } }), cache: new InMemoryCache() });
    const started = await client.mutate({ mutation: EXPORT, variables: { id: scheduleId } });
    const jobId = (started.data as any).exportSchedule.id as string;
    let noDownloadUrlBefore = true;
    const job = await new Promise<any>((resolve, reject) => {
      const subscription = client.watchQuery({ query: POLL, variables: { id: jobId }, pollInterval: 50, notifyOnNetworkStatusChange: false }).subscribe({
        next: ({ data, error }) => {
          if (error) return reject(error);
          const polled = (data as any)?.job;
          if (!polled) return;
          if (["SUCCEEDED", "FAILED", "CANCELED"].includes(polled.status)) {
            subscription.unsubscribe();
            resolve(polled);
          } else if (polled.downloadUrl !== null) noDownloadUrlBefore = false;
        },
        error: reject,
      });
    });
    client.stop();
    return { job, token, noDownloadUrlBefore };
  }

  it("polls the job with pollInterval to its end, then downloads without the Authorization header, more than once", async () => {
    const { job, token, noDownloadUrlBefore } = await exportedJob();
    expect(job.status).toBe("SUCCEEDED");
    expect(noDownloadUrlBefore).toBe(true);
    expect(job.downloadUrl).toMatch(new RegExp(`^${t.url}/files/${job.id}\\?expires=\\d+&signature=`));
    const viaToken = await fetch(job.resourceLink!, { headers: { authorization: `Bearer ${token}` } });
    const expected = await viaToken.text();
    expect(expected).toMatch(/^<\?xml/);
    const first = await follow(job.downloadUrl!);
    expect(first.status).toBe(200);
    expect(first.bytes.toString()).toBe(expected);
    expect(first.headers["content-disposition"]).toMatch(/attachment; filename="guide.xml"/);
    // Usable until it expires, not once: a retried or resumed download works.
    expect((await follow(job.downloadUrl!)).bytes.toString()).toBe(expected);
    // Compressed as every file above 1 KB for a client that accepts it.
    const zipped = await follow(job.downloadUrl!, { "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.bytes).toString()).toBe(expected);
    // The job's JSON (its `self` link) carries a downloadUrl too.
    const self = (await (await fetch(`${t.url}/jobs/${job.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as any;
    expect((await follow(self.downloadUrl)).bytes.toString()).toBe(expected);
    // A page of a listed origin may fetch it and read its name.
    const cors = await follow(job.downloadUrl!, { origin: TEST_CORS_ORIGINS[0] });
    expect(cors.headers["access-control-allow-origin"]).toBe(TEST_CORS_ORIGINS[0]);
    expect(cors.headers["access-control-expose-headers"]).toMatch(/content-disposition/);
  });

  it("answers an altered link, or another job's, 401 and an expired one 410 LINK_EXPIRED, in JSON", async () => {
    const { job } = await exportedJob();
    const { job: other } = await exportedJob();
    const url = new URL(job.downloadUrl!);
    const expectRefused = async (href: string, status: number, code: string) => {
      const answer = await follow(href);
      expect(answer.status, href).toBe(status);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      const body = JSON.parse(answer.bytes.toString());
      expect(body.errors[0].extensions.code).toBe(code);
      expect(body.error.code).toBe(code);
    };
    const signature = url.searchParams.get("signature")!;
    const altered = new URL(url);
    altered.searchParams.set("signature", (signature[0] === "A" ? "B" : "A") + signature.slice(1));
    await expectRefused(altered.href, 401, "UNAUTHENTICATED");
    const later = new URL(url);
    later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 86_400));
    await expectRefused(later.href, 401, "UNAUTHENTICATED");
    // This job's signature on the other job's file.
    await expectRefused(`${t.url}/files/${other.id}${url.search}`, 401, "UNAUTHENTICATED");
    // A link the service signed (same secret) ten minutes ago.
    const past = new FileLinks(TEST_SECRET, 300, () => Date.now() - 600_000);
    await expectRefused(t.url + past.pathFor(job.id), 410, "LINK_EXPIRED");
  });
});
