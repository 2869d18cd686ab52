// The command line against a service whose only tokens come from its identity provider: without
// AUTH_SECRET on PostgreSQL there is no secret to sign a token with, so --token is required, said
// before anything is sent (and no secret file is written beside DATA_DIR).
import { describe, expect, it } from "vitest";
import { clientOf } from "../../src/cli/remote.js";
import { loadConfig } from "../../src/config.js";

describe("clientOf without a secret", () => {
  const config = loadConfig({ DATABASE_URL: "postgres://db/x", AUTH_JWKS_URL: "https://id.example.com/jwks", AUTH_ISSUER: "https://id.example.com", AUTH_AUDIENCE: "pg", DATA_DIR: "/nonexistent/never-written" });

  it("asks for --token", async () => {
    await expect(clientOf({ org: "demo" }, config)).rejects.toThrow(/--token is required/);
  });

  it("uses the provider's token given", async () => {
    expect((await clientOf({ token: "eyJ.provider.token" }, config)).headers).toEqual({ authorization: "Bearer eyJ.provider.token" });
  });
});
