// The demo token of the embedded default (an admin token of the demo organization) is prefilled in
// GraphiQL only where nobody else can reach the page: on loopback, or when GRAPHIQL_DEMO_TOKEN says
// so. Elsewhere the page says how to print a token (issue 11, item 10).
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { isLoopbackHost } from "../../src/server/graphiql/route.js";
import type { GraphiQLPageConfig } from "../../src/server/graphiql/page-config.js";
import { useTestService } from "../helpers/service.js";

async function pageConfig(url: string): Promise<GraphiQLPageConfig> {
  const html = await (await fetch(url + "/graphiql")).text();
  const match = /<script id="graphiql-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error("no graphiql-config in the page");
  return JSON.parse(match[1]) as GraphiQLPageConfig;
}

describe("the embedded default listening on every interface", () => {
  const t = useTestService({ authSecret: undefined, host: "0.0.0.0" });

  it("hands out no token and says how to print one", async () => {
    const config = await pageConfig(t.url);
    expect(config.headers).toBe("");
    expect(JSON.stringify(config)).not.toMatch(/eyJ/);
    expect(config.welcome).toContain("npm run token -- --org demo --role admin");
  });
});

describe("the embedded default on every interface with GRAPHIQL_DEMO_TOKEN=true", () => {
  const t = useTestService({ authSecret: undefined, host: "0.0.0.0", graphiqlDemoToken: true });

  it("prefills the demo token, as the setting asks", async () => {
    expect((await pageConfig(t.url)).headers).toMatch(/"Authorization": "Bearer eyJ/);
  });
});

describe("the embedded default on loopback", () => {
  const t = useTestService({ authSecret: undefined, host: "127.0.0.1" });

  it("prefills the demo token", async () => {
    expect((await pageConfig(t.url)).headers).toMatch(/"Authorization": "Bearer eyJ/);
  });
});

describe("a configured AUTH_SECRET", () => {
  const t = useTestService({ host: "127.0.0.1", graphiqlDemoToken: true });

  it("never has a demo token, whatever the settings", async () => {
    const config = await pageConfig(t.url);
    expect(config.headers).toBe("");
    expect(config.welcome).toContain("npm run token -- --org ORG");
  });
});

describe("where the service listens by default", () => {
  it("loopback for the embedded default, every interface with DATABASE_URL", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ DATABASE_URL: "postgres://x@h/db", AUTH_SECRET: "s".repeat(32) }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({}).graphiqlDemoToken).toBe(false);
    expect(loadConfig({ GRAPHIQL_DEMO_TOKEN: "true" }).graphiqlDemoToken).toBe(true);
  });

  it("knows loopback addresses", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "::ffff:127.0.0.1", "LOCALHOST"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "", "192.168.1.5", "example.com", "localhost.example.com", "128.0.0.1"]) expect(isLoopbackHost(host), host).toBe(false);
  });
});
