// The request checks run once per document where they depend on it alone (src/server/limits/request-checks.ts):
// a document asked again, with other variables or without a token, is judged as the first time.
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService({ maxQueryCost: 2000, maxTokens: 200 });

describe("request checks kept per document", () => {
  it("prices the same document anew for each size variable, and again for one seen before", async () => {
    const { gql } = await orgClient(t);
    const query = `query($n: Int) { schedules(size: $n) { content { events(size: $n) { content { id } } } } }`;
    for (let i = 0; i < 2; i++) {
      expect((await gql.request(query, { n: 10 })).errors).toBeUndefined();
      const refused = await gql.error(query, { n: 100 });
      expect(refused).toMatchObject({ extensions: { code: "QUERY_TOO_COMPLEX", limit: "cost" } });
      expect(refused.message).toMatch(/estimated cost 10201 is above the limit of 2000/);
      // Absent: the field's default size (20), not the null of an explicit null.
      expect((await gql.request(query, {})).errors).toBeUndefined();
    }
  });

  it("prices an @include condition by its variable", async () => {
    const { gql } = await orgClient(t);
    const query = `query($big: Boolean!) { schedules(size: 10) { content { id } } big: schedules(size: 100) @include(if: $big) { content { events(size: 100) { content { id } } } } }`;
    for (let i = 0; i < 2; i++) {
      expect((await gql.request(query, { big: false })).errors).toBeUndefined();
      expect((await gql.error(query, { big: true })).extensions.code).toBe("QUERY_TOO_COMPLEX");
    }
  });

  it("checks the variables' text every time, the document's text as the first time", async () => {
    const { gql } = await orgClient(t);
    const query = `query($name: String) { assets(name: $name) { totalElements } }`;
    for (let i = 0; i < 2; i++) {
      expect((await gql.request(query, { name: "ok" })).errors).toBeUndefined();
      expect(await gql.error(query, { name: "n\u0000ul" })).toMatchObject({ extensions: { code: "BAD_USER_INPUT", argument: "$name" } });
      const literal = await gql.error(`{ assets(name: "n\u0001ul") { totalElements } }`);
      expect(literal).toMatchObject({ extensions: { code: "BAD_USER_INPUT", argument: "assets(name)" } });
    }
  });

  it("names the first offending text deep in a list of inputs, value or key", async () => {
    const { gql } = await orgClient(t);
    const query = `mutation($b: TelemetryBatchInput!) { ingestTelemetry(batch: $b) { playoutSamples } }`;
    const sample = (extra: Record<string, unknown> = {}) => ({ playoutId: "p", time: "2026-06-01T00:00:00Z", intervalSeconds: 60, ...extra });
    const bad = { b: { playoutSamples: [sample(), sample(), sample({ playoutId: "p\u0007" }), sample({ playoutId: "q\u0000" })] } };
    expect(await gql.error(query, bad)).toMatchObject({ extensions: { code: "BAD_USER_INPUT", argument: "$b.playoutSamples[2].playoutId" } });
    const badKey = { b: { playoutSamples: [sample(), { ...sample(), ["k\u0001"]: 1 }] } };
    expect(await gql.error(query, badKey)).toMatchObject({ extensions: { code: "BAD_USER_INPUT", argument: "$b.playoutSamples[1].k\u0001" } });
  });

  it("asks for a token to read the schema each time, though the document was answered before with one", async () => {
    const { gql } = await orgClient(t);
    const query = `{ __schema { queryType { name } } }`;
    for (let i = 0; i < 2; i++) {
      expect((await gql.request(query)).errors).toBeUndefined();
      expect((await t.client().error(query)).extensions.code).toBe("UNAUTHENTICATED");
    }
  });

  it("counts tokens of each text, the same text refused again", async () => {
    const { gql } = await orgClient(t);
    const long = `{ ${Array.from({ length: 120 }, (_, i) => `a${i}: __typename`).join(" ")} }`;
    for (let i = 0; i < 2; i++) {
      expect((await gql.error(long)).extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "tokens" });
      expect((await gql.request(`{ __typename }`)).errors).toBeUndefined();
    }
  });
});
