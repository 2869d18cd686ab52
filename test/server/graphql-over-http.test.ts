// graphql-http's audit suite of the GraphQL over HTTP specification, run against the service with a
// token: every MUST passes, and every SHOULD passes or is a deliberate choice written down in
// docs/CLIENTS.md ("Errors"): documents that do not parse or validate, and variables that do not
// fit, are answered 400 whatever the Accept header, as Apollo Server answers them.
import { serverAudits } from "graphql-http";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

/** SHOULDs answered otherwise on purpose (docs/CLIENTS.md "Errors"), by audit id. */
const DELIBERATE: Record<string, string> = {
  "572B": "400 on document parsing failure with Accept: application/json",
  FDE2: "400 on document validation failure with Accept: application/json",
  "7B9B": "400 on variable coercion failure with Accept: application/json",
};

describe("GraphQL over HTTP (graphql-http's serverAudits)", () => {
  it("passes every MUST, and every SHOULD but the documented ones", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    const audits = serverAudits({
      url: `${t.url}/graphql`,
      fetchFn: (input: string | URL | Request, init: RequestInit = {}) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: `Bearer ${token}` } }),
    });
    expect(audits.length).toBeGreaterThan(40);
    const failed: string[] = [];
    const deliberate: string[] = [];
    for (const audit of audits) {
      const result = await audit.fn();
      if (result.status === "ok") continue;
      const line = `${audit.id} ${audit.name}: ${result.reason}`;
      if (result.status === "warn" && DELIBERATE[audit.id]) deliberate.push(audit.id);
      else failed.push(line);
    }
    expect(failed).toEqual([]);
    // A deliberate exception that starts passing should leave the list.
    expect(deliberate.sort()).toEqual(Object.keys(DELIBERATE).sort());
  });
});
