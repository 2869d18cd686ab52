import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Node resolves bare `graphql` to its CommonJS build while Vite would pick the ESM one for our
// sources: two realms of graphql. Pin both to the one Node uses.
const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: { alias: { graphql: require.resolve("graphql") } },
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    pool: "forks",
    // Vitest runs one file at a time on a two-core machine (its default: cores − 1), and the files
    // mostly wait (spawned CLIs and servers, PostgreSQL): two at a time took the suite from 725 s
    // to 517 s there, three 571 s (docs/PERFORMANCE.md "Test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Tests that spawn the CLI or a server process take 20–30 s on a loaded two-core machine.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ["test/global-setup.ts"],
  },
});
