// Each server process of the benchmark answers its statement count on a side port (PEERS_STATS_PORT),
// so that statements per request are counted at the driver of each peer, not guessed from outside;
// the same port starts and stops V8's sampling profiler in the process (`/profile/start`,
// `/profile/stop` answering the profile), so that a profile holds the load and nothing of the start.
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";

/** Microseconds between samples. */
const SAMPLING_INTERVAL_US = 200;

export function serveStats(count: () => number): void {
  const port = Number(process.env.PEERS_STATS_PORT);
  if (!port) return;
  let session: Session | undefined;
  createServer((req, res) => {
    const answer = async () => {
      if (req.url === "/profile/start") {
        session = new Session();
        session.connect();
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
        await session.post("Profiler.start");
        return "{}";
      }
      if (req.url === "/profile/stop" && session) {
        const { profile } = await session.post("Profiler.stop");
        session.disconnect();
        session = undefined;
        return JSON.stringify(profile);
      }
      return JSON.stringify({ statements: count() });
    };
    answer().then(
      (body) => res.end(body),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  }).listen(port, "127.0.0.1");
}

/** The line the harness waits for on stdout. */
export const announceReady = (port: number) => process.stdout.write(`ready ${port}\n`);
