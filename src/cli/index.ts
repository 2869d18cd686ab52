#!/usr/bin/env node
// The command line: `playout-gateway <command> [options]` (run.ts); npm scripts call the same
// commands. This module runs it as the process's program (program.ts) when loaded:
// `node --import tsx src/cli/index.ts serve`, `tsx watch`, dist/cli/index.js.
import { runProgram } from "./program.js";

await runProgram();
