// Each server process of the benchmark answers its statement count on a side port (PEERS_STATS_PORT),
// so that statements per request are counted at the driver of each peer, not guessed from outside.
import { createServer } from "node:http";

export function serveStats(count: () => number): void {
  const port = Number(process.env.PEERS_STATS_PORT);
  if (!port) return;
  createServer((_req, res) => res.end(JSON.stringify({ statements: count() }))).listen(port, "127.0.0.1");
}

/** The line the harness waits for on stdout. */
export const announceReady = (port: number) => process.stdout.write(`ready ${port}\n`);
