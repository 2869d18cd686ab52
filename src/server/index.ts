// The public surface of the composition root, for the CLI and src/main.ts (lint: eslint.config.js
// "boundaries"; the rooms inside: tools/import-cycles.ts SERVER_ROOMS).
export { createApp } from "./app.js";
export type { RunningApp } from "./app.js";
export { buildGraphQLSchema, printGraphQLSchema, requestBaseUrl } from "./graphql/index.js";
export { embeddedSecret, signToken, verifyToken } from "./identity/index.js";
export { createJobRegistry } from "./job-handlers.js";
export { isLoopbackHost, mountGraphiQL } from "./graphiql/index.js";
export { startObservability } from "./observability/index.js";
export type { Observability } from "./observability/index.js";
