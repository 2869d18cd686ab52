// Every ```graphql example of README.md and docs/*.md but docs/OPERATIONS.md runs against a service
// seeded with the demo data, in document order, and answers as the page says: without errors, or
// with the errors its `# answers error:` line names; a `# answers:` line is what the data must hold.
// The comment lines a block may carry are described in test/docs/doc-examples.ts. docs/OPERATIONS.md
// has a test of its own, against the service as `npm start` runs it, worker included
// (test/docs/operations-examples.test.ts).
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_ORGANIZATION } from "../../src/seed/demo.js";
import { useTestService } from "../helpers/service.js";
import { documentedCodes, errorCodes, examplesOf, operationsOf, runOperation } from "./doc-examples.js";

const t = useTestService({ seedDemo: true });

const files = ["README.md", ...readdirSync("docs").filter((f) => f.endsWith(".md") && f !== "OPERATIONS.md").map((f) => `docs/${f}`)];

const examples = files.flatMap((file) => examplesOf(file));

describe("documentation examples", () => {
  it("has examples to run", () => {
    expect(examples.length).toBeGreaterThan(5);
  });

  it.each(examples.map((e) => [`${e.file}:${e.line}`, e] as const))("%s runs as the page says", async (_name, example) => {
    const gql = t.client(await t.token([DEMO_ORGANIZATION], "admin", "docs"));
    for (const operation of operationsOf(example)) {
      const where = `${example.file}:${example.line} ${operation.name ?? ""}`;
      const result = await runOperation(gql, operation);
      expect(errorCodes(result), `${where}: ${JSON.stringify(result.errors)}`).toEqual(documentedCodes(operation));
      if (operation.answers) expect(result.data, where).toMatchObject(operation.answers);
    }
  });
});
