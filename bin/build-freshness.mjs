// Whether the JavaScript build in dist/ can run in place of the TypeScript sources: it exists and
// no module under src/ is newer. Shared by the launcher (bin/playout-gateway.mjs) and the tests
// that spawn it (they run the build when it is current, the sources otherwise).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
export const BUILT_CLI = new URL("dist/cli/index.js", root);
/** The built module the launcher runs the command line from (runProgram), beside BUILT_CLI. */
export const BUILT_PROGRAM = new URL("dist/cli/program.js", root);
const sources = fileURLToPath(new URL("src", root));

/** The newest modification time of the modules under `dir`, ms. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why the build cannot run ("no build in dist/", "the build in dist/ is older than src/"), or null when it can. */
export function staleBuildReason() {
  if (!existsSync(BUILT_CLI) || !existsSync(BUILT_PROGRAM)) return "no build in dist/";
  if (existsSync(sources) && newestSource(sources) > statSync(BUILT_CLI).mtimeMs) return "the build in dist/ is older than src/";
  return null;
}
