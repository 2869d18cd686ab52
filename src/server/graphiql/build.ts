// Bundles the GraphiQL page (src/server/graphiql/browser) with esbuild into public/graphiql, which
// the service serves at /graphiql/assets. `npm install` / `npm ci` run it through the `prepare`
// script; `npm run build:graphiql` runs it by hand. See docs/GRAPHIQL.md.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

export const GRAPHIQL_ASSETS_DIR = fileURLToPath(new URL("../../../public/graphiql/", import.meta.url));

const require = createRequire(import.meta.url);

export interface BuildResult {
  outdir: string;
  files: { name: string; bytes: number }[];
  totalBytes: number;
  milliseconds: number;
}

/** Whether the browser packages (dev dependencies) are installed; a production install has none. */
export function browserPackagesInstalled(): boolean {
  try {
    require.resolve("graphiql/package.json");
    require.resolve("esbuild");
    return true;
  } catch {
    return false;
  }
}

export async function buildGraphiQL(outdir = GRAPHIQL_ASSETS_DIR): Promise<BuildResult> {
  const started = performance.now();
  const { build } = await import("esbuild");
  // Monaco is a dependency of @graphiql/react: resolve its workers from there.
  const fromReact = createRequire(require.resolve("@graphiql/react"));
  rmSync(outdir, { recursive: true, force: true });
  const common = {
    bundle: true,
    minify: true,
    target: "es2022",
    legalComments: "linked",
    logLevel: "warning",
    define: { "process.env.NODE_ENV": '"production"' },
  } as const;
  await Promise.all([
    build({
      ...common,
      entryPoints: { graphiql: fileURLToPath(new URL("./browser/main.ts", import.meta.url)) },
      outdir,
      format: "esm",
      loader: { ".ttf": "file", ".woff": "file", ".woff2": "file" },
    }),
    build({
      ...common,
      entryPoints: {
        "editor.worker": fromReact.resolve("monaco-editor/esm/vs/editor/editor.worker.js"),
        "json.worker": fromReact.resolve("monaco-editor/esm/vs/language/json/json.worker.js"),
        "graphql.worker": fromReact.resolve("monaco-graphql/esm/graphql.worker.js"),
      },
      outdir,
      format: "iife",
    }),
  ]);
  // Served as is to browsers that accept gzip (all do): 7 MB becomes about 2 MB on the wire.
  for (const name of readdirSync(outdir).filter((n) => /\.(js|css)$/.test(n))) {
    writeFileSync(join(outdir, name + ".gz"), gzipSync(readFileSync(join(outdir, name))));
  }
  const files = readdirSync(outdir).map((name) => ({ name, bytes: statSync(join(outdir, name)).size }));
  return { outdir, files, totalBytes: files.reduce((sum, f) => sum + f.bytes, 0), milliseconds: Math.round(performance.now() - started) };
}

async function main(): Promise<void> {
  if (!browserPackagesInstalled()) {
    process.stdout.write("GraphiQL bundle not built: graphiql and esbuild are dev dependencies and are not installed (production install); /graphiql will say so.\n");
    return;
  }
  const result = await buildGraphiQL();
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  process.stdout.write(`GraphiQL bundle built in ${result.milliseconds} ms: ${kib(result.totalBytes)} in ${result.outdir}\n`);
  for (const file of result.files) process.stdout.write(`  ${file.name.padEnd(28)} ${kib(file.bytes)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`GraphiQL bundle failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
