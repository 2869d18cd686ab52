// How `npm start` and `npm run worker` run the service (package.json): the build, under the heap
// ceiling of MAX_HEAP_MB. Benches that start the service in a process of its own run it the same way.

/** The node arguments before the command (`serve`, `worker`); run from the repository's root. */
export const AS_NPM_START = [`--max-old-space-size=${process.env.MAX_HEAP_MB ?? 512}`, "bin/playout-gateway.mjs"];
