// A TCP proxy between a client and PostgreSQL that holds back the server's answer to COMMIT (and
// everything after it) until the test releases it: a way to see whether a caller waits for its
// COMMIT. It reads the server's side as protocol messages (type byte, 32-bit length).
import net from "node:net";

export interface CommitHoldingProxy {
  url: string;
  /** COMMIT answers held back now. */
  held(): number;
  /** Sends what was held, and stops holding. */
  release(): void;
  close(): Promise<void>;
}

export async function commitHoldingProxy(databaseUrl: string): Promise<CommitHoldingProxy> {
  const target = new URL(databaseUrl);
  let holding = true;
  const releases: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    let pending = Buffer.alloc(0);
    let held: Buffer[] | null = null;
    upstream.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 5) {
        const length = pending.readUInt32BE(1) + 1;
        if (pending.length < length) break;
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        const isCommit = message[0] === 0x43 && message.subarray(5, 11).toString("latin1") === "COMMIT";
        if (isCommit && holding && !held) {
          held = [];
          releases.push(() => {
            if (held) client.write(Buffer.concat(held));
            held = null;
          });
        }
        if (held) held.push(Buffer.from(message));
        else client.write(message);
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    held: () => releases.length,
    release() {
      holding = false;
      for (const release of releases.splice(0)) release();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
