// How `npm start` and `npm run worker` run the service: the build, with the node flags of
// package.json's start script (the heap ceiling of MAX_HEAP_MB, the young generation's size),
// read from that script so that a bench runs the service exactly as it is deployed.
import { readFileSync } from "node:fs";

const START = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } }).scripts.start;
const SHAPE = /^exec node ((?:--[\w-]+=\S+ )*)bin\/playout-gateway\.mjs serve$/;
const flagsText = SHAPE.exec(START)?.[1];
if (flagsText === undefined) throw new Error(`bench/npm-start.ts: package.json's start script is not \`exec node <flags> bin/playout-gateway.mjs serve\`: ${START}`);

/** The node flags of `npm start`, its `${NAME:-default}` read from the environment as the shell reads them. */
export const NPM_START_NODE_FLAGS = flagsText
  .trim()
  .split(" ")
  .map((flag) => flag.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] || fallback));

/** The node arguments before the command (`serve`, `worker`); run from the repository's root. */
export const AS_NPM_START = [...NPM_START_NODE_FLAGS, "bin/playout-gateway.mjs"];
