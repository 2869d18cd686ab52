// How heavy GraphiQL is for a browser: bytes on the wire and time until the editors are ready, on a
// cold profile (nothing cached) and on a reload (cached). Needs /usr/bin/chromium and the bundle
// (npm run build:graphiql). Run: npx tsx bench/graphiql.ts [rounds]
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { loadConfig } from "../src/config.js";
import { startService } from "../src/main.js";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const rounds = Number(process.argv[2] ?? 3);

if (!existsSync(CHROMIUM)) {
  process.stderr.write(`${CHROMIUM} is absent: apt-get install -y chromium\n`);
  process.exit(2);
}

const service = await startService({ ...loadConfig({}), port: 0, host: "127.0.0.1", dataDir: "memory://", logLevel: "silent", seedDemo: false, runWorker: false }, { quiet: true });
const url = `http://127.0.0.1:${service.port}/graphiql`;

/** Navigates and waits until the operation editor is drawn and the schema (introspection) has arrived. */
async function load(page: Page, navigate: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const schema = page.waitForResponse((r) => r.url().endsWith("/graphql") && r.request().method() === "POST", { timeout: 120_000 });
  await navigate();
  await page.locator(".graphiql-query-editor .monaco-editor .view-lines").waitFor({ timeout: 120_000 });
  await schema;
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cold: number[] = [];
const warm: number[] = [];
let wireBytes = 0;
let requests = 0;
for (let round = 0; round < rounds; round++) {
  const dir = mkdtempSync(join(tmpdir(), "pgw-bench-chromium-"));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS });
  const page = context.pages()[0] ?? (await context.newPage());
  const sizes: Promise<number>[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    sizes.push(response.request().sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  };
  page.on("response", onResponse);
  cold.push(await load(page, () => page.goto(url)));
  page.off("response", onResponse);
  wireBytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  requests = sizes.length;
  warm.push(await load(page, () => page.reload()));
  await context.close();
  rmSync(dir, { recursive: true, force: true });
}
await service.stop();

process.stdout.write(
  [
    `GraphiQL page load, ${rounds} rounds (median), headless Chromium on 127.0.0.1:`,
    `  cold profile: ${median(cold).toFixed(0)} ms until editors and schema are ready; ${requests} requests, ${(wireBytes / 1024).toFixed(0)} KiB on the wire`,
    `  reload (cached): ${median(warm).toFixed(0)} ms`,
    "",
  ].join("\n"),
);
