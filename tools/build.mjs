// Builds the service to JavaScript: every module of src/ (but the GraphiQL browser entry, which
// src/server/graphiql/build.ts bundles) transpiled one to one into dist/, at the same depth, so
// that paths read at run time relative to a module (`new URL("../../drizzle", import.meta.url)`:
// migrations, public/graphiql) resolve from dist/ as from src/. Not bundled: each module keeps its
// own import.meta.url. `npm install` / `npm ci` run it through `prepare`; `npm run build` by hand.
// bin/playout-gateway.mjs runs dist/ and falls back to the sources (tsx) when it is missing or stale.
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const srcDir = join(root, "src");
// `--out=<name>`: another folder beside src/ (the build test's, so that it never touches the dist/
// that the other tests' commands run); the same depth keeps the paths read at run time right.
const outName = process.argv.find((a) => a.startsWith("--out="))?.slice(6) ?? "dist";
if (!/^dist[\w.-]*$/.test(outName)) throw new Error(`--out must name a folder beside src/ starting with "dist", not ${outName}`);
const outDir = join(root, outName);
const BROWSER_DIR = join(srcDir, "server", "graphiql", "browser");

/** Every .ts module under `dir` (the browser entry excluded). */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === BROWSER_DIR ? [] : modules(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

async function main() {
  const started = performance.now();
  let esbuild;
  try {
    // A devDependency; a production install (`--omit=dev`) still has the copy tsx depends on.
    esbuild = await import("esbuild");
  } catch {
    process.stdout.write("Service not built: esbuild is not installed; `playout-gateway` runs the TypeScript sources through tsx (slower start).\n");
    return;
  }
  const entryPoints = modules(srcDir);
  rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outbase: srcDir,
    outdir: outDir,
    bundle: false,
    platform: "node",
    format: "esm",
    target: "node20",
    // experimentalDecorators and useDefineForClassFields: type-graphql's legacy decorators, as tsc and tsx compile them.
    tsconfig: join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  // Marks dist/ as an ES module tree wherever it is copied (the root package.json says so too).
  writeFileSync(join(outDir, "package.json"), '{ "type": "module" }\n');
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`Service built in ${ms} ms: ${entryPoints.length} modules in ${relative(root, outDir)}/\n`);
}

main().catch((error) => {
  process.stderr.write(`Service build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
