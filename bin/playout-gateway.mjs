#!/usr/bin/env node
// Runs the CLI in this very process (a process manager's SIGTERM reaches the server itself): the
// JavaScript build in dist/ (tools/build.mjs, run by `npm install`), else the TypeScript sources
// through tsx's loader (seconds slower to start) when the build is missing or older than src/, or
// when PLAYOUT_GATEWAY_SOURCES=1 (forces the sources, silently). Either way it is runProgram
// (src/cli/program.ts): runCli with this process's arguments, streams and environment, then its exit.
import { fileURLToPath } from "node:url";
import { BUILT_PROGRAM, staleBuildReason } from "./build-freshness.mjs";

const root = new URL("../", import.meta.url);

/** Why the sources run instead of the build, or "" (silently), or null to run the build. */
function reasonForSources() {
  if (process.env.PLAYOUT_GATEWAY_SOURCES === "1") return "";
  return staleBuildReason();
}

const reason = reasonForSources();
let program;
if (reason === null) {
  program = await import(BUILT_PROGRAM.href);
} else {
  if (reason) process.stderr.write(`playout-gateway: ${reason} (\`npm run build\` makes it); running the TypeScript sources through tsx, which starts slower\n`);
  const { register } = await import("tsx/esm/api");
  // The project's tsconfig (decorators), wherever the command is run from.
  register({ tsconfig: fileURLToPath(new URL("tsconfig.json", root)) });
  program = await import(new URL("src/cli/program.ts", root).href);
}
await program.runProgram(process.argv.slice(2));
