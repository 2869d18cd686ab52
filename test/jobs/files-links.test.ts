// A job's links (resourceLink, links[].href, GET /jobs/<id>) are absolute URLs a client can fetch as
// they are: built from the request's protocol and Host, from X-Forwarded-Proto/Host only when
// TRUST_PROXY is on, or from PUBLIC_URL when it is set.
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService, type TestService } from "../helpers/service.js";

const JOB = `query($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }`;

function withFileJob(t: TestService): void {
  beforeAll(() => {
    t.service.jobs.registry.register<{ content: string }>("TEST_LINKED_FILE", {
      async run(ctx) {
        await ctx.writeFile("guide.xml", ctx.job.payload.content);
      },
    });
  });
}

/** A finished job with a file, in a fresh organization. */
async function finishedJob(t: TestService): Promise<{ id: string; org: string; token: string; content: string }> {
  const { org, gql } = await orgClient(t);
  const content = `<tv date="${Date.now()}"/>`;
  const row = await enqueueJob(t.service.database.db, { type: "TEST_LINKED_FILE", organization: org, payload: { content } });
  const job = await waitForStatus(gql, String(row.id), ["SUCCEEDED", "FAILED"]);
  expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
  return { id: String(row.id), org, token: await t.token(org), content };
}

/** POST /graphql with headers fetch cannot set (Host). */
function rawGraphQL(t: TestService, token: string, headers: Record<string, string>, query: string, variables: Record<string, unknown>): Promise<any> {
  const body = JSON.stringify({ query, variables });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${t.url}/graphql`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: `Bearer ${token}`, ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          const answer = JSON.parse(text);
          if (answer.errors) reject(new Error(JSON.stringify(answer.errors)));
          else resolve(answer.data);
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const linksOf = (base: string, id: string) => ({
  resourceLink: `${base}/files/${id}`,
  links: [
    { rel: "self", href: `${base}/jobs/${id}`, type: "application/json" },
    { rel: "download", href: `${base}/files/${id}`, type: "application/xml" },
  ],
});

describe("links from the request", () => {
  const t = useTestService({ runWorker: true, jobPollMs: 20 });
  withFileJob(t);

  it("answers absolute links that download as they are (curl \"$resourceLink\")", async () => {
    const { id, token, content } = await finishedJob(t);
    const { job } = await t.client(token).data(JOB, { id });
    expect(job).toMatchObject(linksOf(t.url, id));
    const file = await fetch(job.resourceLink, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(content);
    const self = await fetch(job.links[0].href, { headers: { authorization: `Bearer ${token}` } });
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({ id, ...linksOf(t.url, id) });
  });

  it("uses the Host the client asked for", async () => {
    const { id, token } = await finishedJob(t);
    const { job } = await rawGraphQL(t, token, { host: "gateway.internal:4000" }, JOB, { id });
    expect(job).toMatchObject(linksOf("http://gateway.internal:4000", id));
  });

  it("ignores X-Forwarded-Proto/Host when TRUST_PROXY is off", async () => {
    const { id, token } = await finishedJob(t);
    const { job } = await rawGraphQL(t, token, { "x-forwarded-proto": "https", "x-forwarded-host": "tv.example.com" }, JOB, { id });
    expect(job).toMatchObject(linksOf(t.url, id));
  });
});

describe("links behind a trusted proxy (TRUST_PROXY=true)", () => {
  const t = useTestService({ runWorker: true, jobPollMs: 20, trustProxy: true });
  withFileJob(t);

  it("takes protocol and host from the first X-Forwarded-Proto/Host", async () => {
    const { id, token } = await finishedJob(t);
    const forwarded = await rawGraphQL(t, token, { "x-forwarded-proto": "https, http", "x-forwarded-host": "tv.example.com, proxy.local" }, JOB, { id });
    expect(forwarded.job).toMatchObject(linksOf("https://tv.example.com", id));
    const plain = await rawGraphQL(t, token, {}, JOB, { id });
    expect(plain.job).toMatchObject(linksOf(t.url, id));
  });

  it("falls back to the request's own host when the forwarded host is not a host name", async () => {
    const { id, token } = await finishedJob(t);
    const { job } = await rawGraphQL(t, token, { "x-forwarded-host": "evil.example/path?x=", "x-forwarded-proto": "gopher" }, JOB, { id });
    expect(job).toMatchObject(linksOf(t.url, id));
  });
});

describe("links from PUBLIC_URL", () => {
  const t = useTestService({ runWorker: true, jobPollMs: 20, trustProxy: true, publicUrl: "https://tv.example.com/gateway" });
  withFileJob(t);

  it("always answers links under PUBLIC_URL, in GraphQL and in GET /jobs/<id>", async () => {
    const { id, token } = await finishedJob(t);
    const base = "https://tv.example.com/gateway";
    expect((await t.client(token).data(JOB, { id })).job).toMatchObject(linksOf(base, id));
    expect((await rawGraphQL(t, token, { "x-forwarded-host": "other.example", host: "x.internal" }, JOB, { id })).job).toMatchObject(linksOf(base, id));
    const self = await fetch(`${t.url}/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await self.json()).toMatchObject(linksOf(base, id));
  });
});

describe("PUBLIC_URL and TRUST_PROXY settings", () => {
  it("reads them, dropping a trailing slash", () => {
    expect(loadConfig({})).toMatchObject({ publicUrl: undefined, trustProxy: false });
    expect(loadConfig({ PUBLIC_URL: "https://tv.example.com/gw/", TRUST_PROXY: "true" })).toMatchObject({ publicUrl: "https://tv.example.com/gw", trustProxy: true });
  });

  it.each(["tv.example.com", "ftp://tv.example.com", "https://tv.example.com/?q=1", "https://tv.example.com/#x"])("refuses PUBLIC_URL=%s", (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
  });

  it("refuses a JOB_FILE_RETENTION_HOURS below 1", () => {
    expect(loadConfig({}).jobFileRetentionHours).toBe(168);
    expect(() => loadConfig({ JOB_FILE_RETENTION_HOURS: "0" })).toThrow(/JOB_FILE_RETENTION_HOURS/);
  });
});
