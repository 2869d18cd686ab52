import { createRequire } from "node:module";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// Node resolves bare `graphql` to its CommonJS build while Vite would pick the ESM one for our
// sources: two realms of graphql. Pin both to the one Node uses.
const require = createRequire(import.meta.url);

// Every embedded database of the run (the shared service, each file's own, the CLI commands the
// tests spawn) starts from one migrated template instead of PGlite's initdb and the migrations
// (src/db/pglite-template.ts). Set here, in the process that starts the global setup and the workers.
process.env.PGLITE_TEMPLATE_DIR ??= join(tmpdir(), "playout-gateway-test-templates");

// Files that change the process itself (its TZ or TMPDIR, fake timers): each in a fresh process.
// Every other file shares its worker's loaded modules with the files before it (isolate: false):
// importing the service anew for each of 200 files cost about a second of each.
const ISOLATED = ["test/io/import-faithful.test.ts", "test/io/import-leaks.test.ts", "test/security/oidc.test.ts", "test/server/token-cache.test.ts"];
const INCLUDE = ["test/**/*.test.ts", "src/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { graphql: require.resolve("graphql") } },
  test: {
    pool: "forks",
    // Vitest runs one file at a time on a two-core machine (its default: cores − 1), and the files
    // mostly wait (spawned CLIs and servers, PostgreSQL): two at a time took the suite from 725 s
    // to 517 s there, three 571 s (docs/PERFORMANCE.md "Test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A test that spawns a server process (or one of the few CLI runs kept as processes) takes 20–30 s on a loaded two-core machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ["test/global-setup.ts"],
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
