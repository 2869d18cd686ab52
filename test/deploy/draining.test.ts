// A server told to stop first answers /readyz 503 "draining" for SHUTDOWN_DRAIN_MS while it still
// serves requests, so that a balancer checking /readyz takes it out of rotation before it stops
// accepting connections.
import { describe, expect, it } from "vitest";
import { useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService({ shutdownDrainMs: 1500 });

describe("draining on shutdown", () => {
  it("answers /readyz 503 draining, and still serves requests, before it stops accepting", async () => {
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    const stopped = t.service.stop();
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "draining", reason: "the server is shutting down" });
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    await stopped;
  });
});
