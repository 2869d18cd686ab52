// GraphiQL as a person uses it: Debian's headless Chromium, driven by playwright-core, opens
// /graphiql, types a bearer token into the headers editor, runs a schedules query and sees the
// answer. Every request the page makes must stay on 127.0.0.1 (no CDN). Then, on a freshly seeded
// demo, every example of the panel is opened and run as a newcomer would: none errs, the reads
// answer data, and the demo's schedules are as they were. One browser launch.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_SCHEDULE_MARK } from "../../src/server/graphiql/example-variables.js";
import { selectExamples } from "../../src/server/graphiql/examples.js";
import type { GraphiQLPageConfig } from "../../src/server/graphiql/page-config.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { type GraphQLClient, makeClient, orgClient, useTestService } from "../helpers/service.js";

const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = new URL("../../test-artifacts/", import.meta.url);
const chromiumMissing = !existsSync(CHROMIUM);
if (chromiumMissing) {
  process.stderr.write(`graphiql-browser.test.ts skipped: ${CHROMIUM} is absent (apt-get install -y chromium)\n`);
}

describe.skipIf(chromiumMissing)(`GraphiQL in headless Chromium${chromiumMissing ? ` (skipped: ${CHROMIUM} is absent)` : ""}`, () => {
  const t = useTestService();
  let context: BrowserContext;
  let page: Page;
  let userDataDir: string;
  const requests: { url: string; method: string; headers: Record<string, string> }[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), "pgw-chromium-"));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
      viewport: { width: 1400, height: 900 },
    });
    // Context-wide, so that requests from the Monaco workers are seen too.
    context.on("request", (request) => requests.push({ url: request.url(), method: request.method(), headers: request.headers() }));
    context.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
  });

  afterAll(async () => {
    // On failure too: the picture says what the page showed.
    mkdirSync(ARTIFACTS, { recursive: true });
    await page?.screenshot({ path: new URL("graphiql.png", ARTIFACTS).pathname }).catch(() => {});
    await context?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  /** Replaces the text of the Monaco editor inside `container`. */
  async function setEditorText(container: string, text: string): Promise<void> {
    await page.locator(`${container} .monaco-editor .view-lines`).first().click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    // insertText is one input event: Monaco's bracket and quote auto-closing does not interfere.
    await page.keyboard.insertText(text);
  }

  it("runs a schedules query with a bearer token and shows the answer, with no request leaving 127.0.0.1", async () => {
    const { org, gql } = await orgClient(t);
    const name = `Breakfast-${org}`;
    await gql.data(`mutation { createSchedule(input: { name: "${name}", channel: "news-1" }) { id } }`);
    const token = await t.token(org, "viewer");

    const response = await page.goto(`${t.url}/graphiql`);
    expect(response?.status()).toBe(200);
    await page.locator(".graphiql-query-editor .monaco-editor").waitFor({ timeout: 30_000 });

    // AUTH_SECRET is set here: the headers editor starts empty (only the embedded default prefills).
    const pageConfig = JSON.parse((await page.locator("#graphiql-config").textContent()) ?? "{}");
    expect(pageConfig.headers).toBe("");

    // The examples panel lists exactly the examples the schema can run.
    const expected = selectExamples(await buildGraphQLSchema()).shown.map((e) => e.title);
    await expect.poll(() => page.locator(".pgw-example").allTextContents()).toEqual(expected);

    // A person pastes a token into the headers editor, opens the "List schedules" example (a new
    // tab that keeps the headers) and runs it.
    await page.getByRole("button", { name: "Headers", exact: true }).click();
    await setEditorText(".graphiql-editor-tool .graphiql-editor:not(.hidden)", JSON.stringify({ Authorization: `Bearer ${token}` }));
    await page.locator(".pgw-example", { hasText: "List schedules" }).click();
    // The tab takes its title from the operation name once GraphiQL has parsed the new text.
    await page.locator(".graphiql-tab-active", { hasText: "Schedules" }).waitFor();
    await page.locator(".graphiql-execute-button").click();

    const answer = page.locator(".graphiql-response .monaco-editor .view-lines");
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain(name);
    const text = ((await answer.textContent()) ?? "").replace(/\u00a0/g, " ");
    expect(text).toContain('"totalElements": 1');
    expect(text).not.toContain("errors");

    // The operation went to our /graphql with the token and the CSRF-prevention header.
    const posts = requests.filter((r) => r.method === "POST" && r.url === `${t.url}/graphql`);
    const ours = posts.find((r) => r.headers.authorization === `Bearer ${token}`);
    expect(ours, JSON.stringify(posts.map((p) => p.headers))).toBeDefined();
    expect(ours!.headers["apollo-require-preflight"]).toBe("true");

    // Nothing left the machine: every network request went to the test service.
    expect(requests.length).toBeGreaterThan(5);
    const outside = requests
      .map((r) => new URL(r.url))
      .filter((u) => !(u.protocol === "data:" || u.protocol === "blob:" || u.hostname === "127.0.0.1"))
      .map((u) => u.href);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  describe("every example on a fresh demo (embedded default)", () => {
    const demo = useTestService({ seedDemo: true, authSecret: undefined });

    /** The demo's own schedules as they stand: what no example may change. */
    async function demoState(gql: GraphQLClient) {
      const { schedules } = await gql.data(`{ schedules(size: 100, sort: ["id,asc"]) {
        content { id name version archiveStatus startDate finishDate events(size: 1) { totalElements } } } }`);
      return (schedules.content as { name: string }[]).filter((s) => !s.name.includes(EXAMPLE_SCHEDULE_MARK));
    }

    /** Some value of the answer is not empty: a non-empty string or list, a number other than 0, true. */
    function hasData(value: unknown): boolean {
      if (Array.isArray(value)) return value.length > 0;
      if (value && typeof value === "object") return Object.values(value).some(hasData);
      return value === true || (typeof value === "number" && value !== 0) || (typeof value === "string" && value !== "");
    }

    it("runs every example without an error, in reverse then in page order; reads answer data; the demo is unchanged", { timeout: 300_000 }, async () => {
      const response = await page.goto(`${demo.url}/graphiql`);
      expect(response?.status()).toBe(200);
      await page.locator(".graphiql-query-editor .monaco-editor").waitFor({ timeout: 30_000 });
      const pageConfig = JSON.parse((await page.locator("#graphiql-config").textContent()) ?? "{}") as GraphiQLPageConfig;
      const token = (JSON.parse(pageConfig.headers) as { Authorization: string }).Authorization.replace(/^Bearer /, "");
      const gql = makeClient(demo.url, token);
      const before = await demoState(gql);
      expect(before.length).toBe(6);
      expect(pageConfig.examples.length).toBeGreaterThan(15);

      const failures: string[] = [];
      const ordered = [...pageConfig.examples].reverse().concat(pageConfig.examples);
      for (const [i, example] of ordered.entries()) {
        const pass = i < pageConfig.examples.length ? "reverse order" : "page order";
        const operationName = /^(?:query|mutation) (\w+)/.exec(example.query)![1];
        await page.locator(".pgw-example").filter({ hasText: new RegExp(`^${example.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).click();
        if (example.variables.includes("{{")) {
          // A status under the example says how filling in its variables went.
          const status = page.locator(`.pgw-examples-status[data-example="${example.title}"]`);
          const settled = async () => (await status.count()) === 1 && (await status.getAttribute("data-state")) !== "filling";
          await expect.poll(settled, { timeout: 20_000 }).toBe(true);
          const state = await status.getAttribute("data-state");
          if (state !== "filled") {
            failures.push(`${pass}: ${example.title}: variables not filled in: ${await status.textContent()}`);
            continue;
          }
        }
        await page.locator(".graphiql-tab-active", { hasText: operationName }).waitFor();
        const answered = page.waitForResponse((r) => r.url() === `${demo.url}/graphql` && r.request().method() === "POST" && JSON.parse(r.request().postData() ?? "{}").operationName === operationName);
        await page.locator(".graphiql-execute-button").click();
        const body = (await (await answered).json()) as { data?: Record<string, unknown>; errors?: unknown[] };
        if (body.errors) failures.push(`${pass}: ${example.title}: ${JSON.stringify(body.errors)}`);
        else if (example.read) {
          const empty = Object.entries(body.data ?? {}).filter(([, value]) => !hasData(value)).map(([field]) => field);
          if (empty.length) failures.push(`${pass}: ${example.title}: no data in ${empty.join(", ")}`);
        }
      }
      expect({ failures, demo: await demoState(gql) }).toEqual({ failures: [], demo: before });
      expect(problems).toEqual([]);
    });
  });
});
