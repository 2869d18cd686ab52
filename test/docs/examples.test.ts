// Every ```graphql example of README.md and docs/*.md runs against a service seeded with the demo
// data, in document order, and answers without errors: the docs stay true.
// An example may carry its variables in a comment line `# variables: {...}` (one per operation,
// `# variables(Name): {...}` when a block holds several operations); a block whose first line is
// `# not run` is skipped (schema excerpts). A line `# answers: {...}` (single-operation blocks)
// is what the page says the answer holds: the data must match it.
import { readdirSync, readFileSync } from "node:fs";
import { parse, print, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { DEMO_ORGANIZATION } from "../../src/seed/demo.js";
import { type GraphQLClient, useTestService } from "../helpers/service.js";

const t = useTestService({ seedDemo: true });

const files = ["README.md", ...readdirSync("docs").filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

interface Example {
  file: string;
  line: number;
  source: string;
}

function examplesOf(file: string): Example[] {
  const text = readFileSync(file, "utf8");
  const out: Example[] = [];
  const fence = /^```graphql\n([\s\S]*?)^```/gm;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    if (/^#\s*not run/i.test(m[1])) continue;
    out.push({ file, line: text.slice(0, m.index).split("\n").length, source: m[1] });
  }
  return out;
}

const examples = files.flatMap(examplesOf);

/**
 * Fills in `@version(N)`, `@event(N, K)`, `@lastChangeSet(N)`, `@lastJob` and `@start(N, ±H:MM)`
 * (schedule N's startDate moved by H hours M minutes) from the service's current state.
 */
async function resolvePlaceholders(gql: GraphQLClient, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(variables)) {
    let m: RegExpExecArray | null;
    if (typeof value !== "string") out[key] = value;
    else if ((m = /^@version\((\d+)\)$/.exec(value))) out[key] = (await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: m[1] })).schedule.version;
    else if ((m = /^@event\((\d+), *(\d+)\)$/.exec(value))) {
      const { schedule } = await gql.data(`query($id: ID!, $size: Int!) { schedule(id: $id) { events(size: $size) { content { id } } } }`, { id: m[1], size: Number(m[2]) + 1 });
      out[key] = schedule.events.content[Number(m[2])].id;
    } else if ((m = /^@lastChangeSet\((\d+)\)$/.exec(value))) {
      const { changeSets } = await gql.data(`query($id: ID!) { changeSets(scheduleId: $id) { id } }`, { id: m[1] });
      out[key] = changeSets.map((c: { id: string }) => c.id).sort((a: string, b: string) => Number(b) - Number(a))[0];
    } else if ((m = /^@start\((\d+), *([+-])(\d+):(\d\d)\)$/.exec(value))) {
      const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { startDate } }`, { id: m[1] });
      const offset = (m[2] === "-" ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4])) * 60_000;
      out[key] = new Date(new Date(schedule.startDate).getTime() + offset).toISOString();
    } else if (value === "@lastJob") out[key] = (await gql.data(`{ jobs { id } }`)).jobs[0].id;
    else out[key] = value;
  }
  return out;
}

describe("documentation examples", () => {
  it("has examples to run", () => {
    expect(examples.length).toBeGreaterThan(5);
  });

  it.each(examples.map((e) => [`${e.file}:${e.line}`, e] as const))("%s runs without errors", async (_name, example) => {
    const gql = t.client(await t.token([DEMO_ORGANIZATION], "admin", "docs"));
    const document = parse(example.source);
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
    for (const operation of operations) {
      const name = operation.name?.value;
      const pattern = new RegExp(`^#\\s*variables${name && operations.length > 1 ? `\\(${name}\\)` : ""}:\\s*(\\{.*\\})\\s*$`, "m");
      const variables = await resolvePlaceholders(gql, JSON.parse(pattern.exec(example.source)?.[1] ?? "{}"));
      // Each operation alone (with the document's fragments), as GraphiQL runs the one chosen.
      const fragments = document.definitions.filter((d) => d.kind !== "OperationDefinition");
      const source = operations.length > 1 ? print({ ...document, definitions: [operation, ...fragments] }) : example.source;
      const result = await gql.request(source, variables);
      expect(result.errors, `${example.file}:${example.line} ${name ?? ""}`).toBeUndefined();
      const answers = /^#\s*answers:\s*(\{.*\})\s*$/m.exec(example.source)?.[1];
      if (answers && operations.length === 1) expect(result.data, `${example.file}:${example.line} ${name ?? ""}`).toMatchObject(JSON.parse(answers));
    }
  });
});
