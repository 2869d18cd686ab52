#!/usr/bin/env node
// Runs the CLI in this very process (a process manager's SIGTERM reaches the server itself): the
// JavaScript build in dist/ (tools/build.mjs, run by `npm install`), else the TypeScript sources
// through tsx's loader (seconds slower to start) when the build is missing or older than src/, or
// when PLAYOUT_GATEWAY_SOURCES=1 (the tests, which run the sources).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
const built = new URL("dist/cli/index.js", root);
const sources = fileURLToPath(new URL("src", root));

/** The newest modification time of the modules under `dir`, ms. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why the sources run instead of the build, or "" to run the build. */
function reasonForSources() {
  if (process.env.PLAYOUT_GATEWAY_SOURCES === "1") return "";
  if (!existsSync(built)) return "no build in dist/";
  if (existsSync(sources) && newestSource(sources) > statSync(built).mtimeMs) return "the build in dist/ is older than src/";
  return null;
}

const reason = reasonForSources();
if (reason === null) {
  await import(built.href);
} else {
  if (reason) process.stderr.write(`playout-gateway: ${reason} (\`npm run build\` makes it); running the TypeScript sources through tsx, which starts slower\n`);
  const { register } = await import("tsx/esm/api");
  // The project's tsconfig (decorators), wherever the command is run from.
  register({ tsconfig: fileURLToPath(new URL("tsconfig.json", root)) });
  await import(new URL("src/cli/index.ts", root).href);
}
