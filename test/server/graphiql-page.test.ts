// GraphiQL without a browser: the examples against the real schema, and the page of the embedded
// default, which alone carries the demo token. test/server/graphiql-browser.test.ts drives the page itself.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import type { GraphiQLPageConfig } from "../../src/server/graphiql/page-config.js";
import { fillVariables, placeholdersOf, PROVIDED_FIELDS, type RunOperation } from "../../src/server/graphiql/example-variables.js";
import { EXAMPLES, selectExamples } from "../../src/server/graphiql/examples.js";
import { mountGraphiQL, renderGraphiQLPage } from "../../src/server/graphiql/route.js";
import { createLogger } from "../../src/common/log.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { makeClient, useTestService } from "../helpers/service.js";

function pageConfig(html: string): GraphiQLPageConfig {
  const match = /<script id="graphiql-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error("no graphiql-config in the page");
  return JSON.parse(match[1]) as GraphiQLPageConfig;
}

describe("GraphiQL examples", () => {
  it("every example parses, has one named operation and unique title", () => {
    const titles = new Set<string>();
    for (const example of EXAMPLES) {
      expect(example.query, example.title).toMatch(/^(query|mutation) [A-Z]\w+/);
      expect(titles.has(example.title), example.title).toBe(false);
      titles.add(example.title);
    }
    expect(new Set(EXAMPLES.map((e) => e.area))).toEqual(new Set(["Schedules", "Events", "Validation", "Jobs", "Reporting", "Templates"]));
  });

  it("every example whose fields exist in the running schema validates", async () => {
    const { shown, hidden } = selectExamples(await buildGraphQLSchema());
    expect(hidden.filter((h) => h.invalid).map((h) => `${h.example.title}: ${h.reason}`)).toEqual([]);
    // The schedules area is built: all of its examples are shown.
    const schedules = EXAMPLES.filter((e) => e.area === "Schedules");
    expect(shown.filter((e) => e.area === "Schedules")).toEqual(schedules);
  });

  it("hides an example whose root field or needed field is missing, and flags one that names a wrong field", () => {
    const schema = buildSchema(`
      type Query { schedule(id: ID!): Schedule, ping: String }
      type Schedule { id: ID!, name: String! }
    `);
    const { shown, hidden } = selectExamples(schema, [
      { area: "Schedules", title: "ok", description: "", query: "query Ok { ping }" },
      { area: "Jobs", title: "no root", description: "", query: "query J { job(id: 1) { id } }" },
      { area: "Events", title: "no nested", description: "", query: "query E { schedule(id: 1) { events { id } } }", needs: ["Schedule.events"] },
      { area: "Schedules", title: "typo", description: "", query: "query T { schedule(id: 1) { nmae } }" },
    ]);
    expect(shown.map((e) => e.title)).toEqual(["ok"]);
    expect(hidden.map((h) => [h.example.title, h.invalid])).toEqual([
      ["no root", false],
      ["no nested", false],
      ["typo", true],
    ]);
    expect(hidden[0].reason).toContain("Query.job");
    expect(hidden[1].reason).toContain("Schedule.events");
  });

  it("every {{placeholder}} of the examples names a value the page fills in, and no example names a fixed id", () => {
    for (const example of EXAMPLES) {
      const text = JSON.stringify(example.variables ?? {});
      for (const [name, field] of placeholdersOf(text)) expect(PROVIDED_FIELDS[name] ?? [], `${example.title}: {{${name}.${field}}}`).toContain(field);
      // Ids and versions of the demo differ from one start to the next: they are read, never written in.
      expect(text, example.title).not.toMatch(/"(id|scheduleId|version)":\s*("\d+"|\d+)/);
      expect(example.query, example.title).not.toMatch(/\b(id|scheduleId|version): *"?\d/);
    }
  });

  it("fills in placeholders once per provider: a whole string keeps the value's type, a part is spliced in", async () => {
    const calls: string[] = [];
    const run: RunOperation = async (query) => {
      calls.push(/(?:query|mutation) (\w+)/.exec(query)![1]);
      if (query.includes("ExampleScratch(")) return { schedules: { content: [{ id: "9", name: "GraphiQL example scratch: x", version: 4, validation: { archivedAssets: [] } }] } };
      if (query.includes("ExampleJob")) return { jobs: [{ id: "3" }, { id: "12" }] };
      throw new Error(`unexpected ${query}`);
    };
    const text = JSON.stringify({ id: "{{scratch.id}}", input: { version: "{{scratch.version}}", name: "{{scratch.name}} (renamed)" }, job: "job {{job.id}}", asset: "{{scratch.archivedAsset}}", w: { from: "{{window.from}}", to: "{{window.to}}" } });
    const filled = JSON.parse(await fillVariables(text, run));
    expect(filled).toMatchObject({ id: "9", input: { version: 4, name: "GraphiQL example scratch: x (renamed)" }, job: "job 12", asset: "MEDIA-0007" });
    expect(new Date(filled.w.to).getTime() - new Date(filled.w.from).getTime()).toBe(24 * 3_600_000);
    expect(new Date(filled.w.to).getTime() % 3_600_000).toBe(0);
    expect(calls).toEqual(["ExampleScratch", "ExampleJob"]);
    expect(await fillVariables(`{"a": 1}`, run)).toBe(`{"a": 1}`);
    await expect(fillVariables(`{"a": "{{nothing.id}}"}`, run)).rejects.toThrow(/unknown placeholder/);
  });

  it("embeds the configuration so that no value can close its script element", () => {
    const html = renderGraphiQLPage({ endpoint: "/graphql", assetsPath: "/graphiql/assets/", assetsVersion: "1", headers: "", welcome: "</script><script>alert(1)</script>", examples: [] });
    expect(html).not.toContain("</script><script>alert(1)");
    expect(pageConfig(html).welcome).toBe("</script><script>alert(1)</script>");
  });
});

describe("GraphiQL without its bundle (installed without dev dependencies)", () => {
  it("answers 503 saying how to build it", async () => {
    const assetsDir = mkdtempSync(join(tmpdir(), "pgw-no-bundle-"));
    const app = express();
    mountGraphiQL(app, { schema: await buildGraphQLSchema(), log: createLogger("silent"), assetsDir });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/graphiql`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain("npm run build:graphiql");
    } finally {
      server.close();
      rmSync(assetsDir, { recursive: true, force: true });
    }
  });
});

describe("GraphiQL in the embedded default (no AUTH_SECRET)", () => {
  const t = useTestService({ authSecret: undefined });

  it("prefills the headers editor with the demo token, which works", async () => {
    const response = await fetch(t.url + "/graphiql");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await response.text();
    const config = pageConfig(html);
    const headers = JSON.parse(config.headers) as { Authorization: string };
    const token = headers.Authorization.replace(/^Bearer /, "");
    const result = await makeClient(t.url, token).request("{ schedules { totalElements } }");
    expect(result.errors).toBeUndefined();
    expect(result.data.schedules.totalElements).toBeGreaterThanOrEqual(0);
    // Every script and stylesheet is the service's own.
    for (const [, src] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(src).toMatch(/^(\/graphiql\/assets\/|data:)/);
  });

  it("serves the bundle and the Monaco workers", async () => {
    for (const file of ["graphiql.js", "graphiql.css", "editor.worker.js", "json.worker.js", "graphql.worker.js"]) {
      const response = await fetch(`${t.url}/graphiql/assets/${file}`);
      expect(response.status, file).toBe(200);
      expect((await response.arrayBuffer()).byteLength, file).toBeGreaterThan(1000);
    }
    expect((await fetch(`${t.url}/graphiql/assets/missing.js`)).status).toBe(404);
    // Scripts go gzipped to clients that take it (fetch does, and unpacks), plain to the others.
    const zipped = await fetch(`${t.url}/graphiql/assets/graphiql.js`);
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("content-type")).toMatch(/javascript/);
    const plain = await new Promise<{ encoding?: string; bytes: number }>((resolve, reject) => {
      http.get(`${t.url}/graphiql/assets/graphiql.js`, { headers: { "accept-encoding": "identity" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes }));
      }).on("error", reject);
    });
    expect(plain.encoding).toBeUndefined();
    expect(plain.bytes).toBe((await zipped.arrayBuffer()).byteLength);
  });
});
