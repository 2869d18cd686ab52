#!/usr/bin/env node
// Runs the TypeScript CLI in this very process through tsx's loader, so that `npx playout-gateway`
// works without a build step and a process manager's SIGTERM reaches the server itself (a child
// process in between would have to forward it).
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// The project's tsconfig (decorators), wherever the command is run from.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
await import(new URL("../src/cli/index.ts", import.meta.url).href);
