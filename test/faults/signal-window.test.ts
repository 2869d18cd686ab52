// Found replaying issue 11 item 16 from outside: on PostgreSQL, `npm start` SIGTERMed right after
// its "listening" line exited 143 without the service's shutdown (no "stopped" line). The server
// listened and its job worker ran while the start banner still awaited a database query, before
// the signal handlers were installed. A SIGTERM sent as soon as "listening" is logged must run
// the shutdown and exit 0.
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/ports.js";
import { freshDatabase, TEST_SECRET } from "../helpers/service.js";

const onPostgres = !!process.env.DATABASE_URL;
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe.skipIf(!onPostgres)("SIGTERM right after the server listens (PostgreSQL)", () => {
  it("runs the shutdown and exits 0, every time", async () => {
    const database = await freshDatabase(process.env.DATABASE_URL!);
    drops.push(database.drop);
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ["--import", "tsx", "src/cli/index.ts", "serve"], {
        env: { ...process.env, DATABASE_URL: database.url, AUTH_SECRET: TEST_SECRET, PORT: String(await freePort()), HOST: "127.0.0.1", LOG_LEVEL: "info" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal === "SIGTERM" ? 143 : -1))));
      const onData = (chunk: Buffer) => {
        out += chunk;
        if (out.includes('"msg":"listening"') && !child.killed) child.kill("SIGTERM");
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      expect(await exited, out).toBe(0);
      expect(out).toContain('"msg":"stopped"');
    }
  }, 120_000);
});
