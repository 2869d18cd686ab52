// The public surface of the composition root, for the CLI and src/main.ts (lint: eslint.config.js "boundaries").
export { printGraphQLSchema } from "./graphql/schema.js";
export { embeddedSecret, signToken, verifyToken } from "./identity/tokens.js";
export { createJobRegistry } from "./job-handlers.js";
