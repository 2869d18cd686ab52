import { describe, expect, it } from "vitest";
import { uniqueOrg, useTestService } from "../helpers/service.js";

// The same requests through graphql-js and through graphql-jit answer the same.
const jit = useTestService({ executor: "jit" });
const plain = useTestService({ executor: "graphql" });

const QUERY = `query($id: ID!) {
  schedules(sort: ["name,desc"]) { totalElements content { id name fps version startDate archiveStatus deleted } sort { property direction } }
  schedule(id: $id) { id name }
}`;

describe("executors", () => {
  it("answer data and errors identically", async () => {
    const answers = [];
    for (const t of [jit, plain]) {
      const org = uniqueOrg();
      const gql = t.client(await t.token(org));
      const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "x", fps: 50, startDate: "2026-03-01T00:00:00Z" }) { id } }`);
      const ok = await gql.request(QUERY, { id: createSchedule.id });
      const missing = await gql.request(QUERY, { id: "99999999" });
      const invalid = await gql.request(`{ schedules(size: 0) { totalElements } }`);
      const anonymous = await t.client().request(`{ schedules { totalElements } }`);
      const strip = (r: any) => ({ data: r.data && JSON.parse(JSON.stringify(r.data).replace(/"id":"\d+"/g, '"id":"#"').replace(/"dateCreated":"[^"]+"/g, "")), errors: r.errors?.map((e: any) => ({ code: e.extensions.code, message: e.message.replace(/\d{3,}/g, "#"), path: e.path })) });
      answers.push([ok, missing, invalid, anonymous].map(strip));
    }
    expect(answers[0]).toEqual(answers[1]);
    // A lookup by id answers null for a missing record.
    expect(answers[0][1].data.schedule).toBeNull();
    expect(answers[0][1].errors).toBeUndefined();
  });
});
