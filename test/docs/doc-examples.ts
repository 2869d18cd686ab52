// The ```graphql examples of a Markdown page, as test/docs/examples.test.ts and
// test/docs/operations-examples.test.ts run them. What a block may say in its comment lines:
//
//   # not run                        first line: a schema excerpt, never sent
//   # variables: {...}               the variables of its operation (`# variables(Name): {...}` per
//                                    operation when a block holds several)
//   # answers: {...}                 what the page says the data holds (single-operation blocks)
//   # answers error: CODE[, CODE]    the operation answers these errors (extensions.code), and no other
//   # ask until: {...}               a query asked again (every 100 ms, up to 30 s) until its data holds
//                                    this, as a reader asks about a job until it has finished
//
// In variables, `@version(N)`, `@event(N, K)`, `@lastChangeSet(N)`, `@lastJob`, `@start(N, ±H:MM)`,
// `@schedule(NAME)` and `@template(NAME)` stand for values read from the service when the example
// runs (resolvePlaceholders); N is a schedule's id, or its name (the newest schedule of that name).
import { readFileSync } from "node:fs";
import { parse, print, type OperationDefinitionNode } from "graphql";
import type { GraphQLClient, GraphQLResult } from "../helpers/service.js";

export interface Example {
  file: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  source: string;
}

/** Every ```graphql block of a page but those whose first line is `# not run`, in page order. */
export function examplesOf(file: string, text = readFileSync(file, "utf8")): Example[] {
  const out: Example[] = [];
  const fence = /^```graphql\n([\s\S]*?)^```/gm;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    if (/^#\s*not run/i.test(m[1])) continue;
    out.push({ file, line: text.slice(0, m.index).split("\n").length, source: m[1] });
  }
  return out;
}

/** One operation of a block, ready to send: its text (with the block's fragments) and what the block says of it. */
export interface ExampleOperation {
  name: string | undefined;
  source: string;
  variables: Record<string, unknown>;
  /** `# answers:`: what the data must hold (single-operation blocks only). */
  answers: Record<string, unknown> | undefined;
  /** `# answers error:`: the error codes the operation answers; empty when it must answer none. */
  errors: string[];
  /** `# ask until:`: ask again until the data holds this. */
  until: Record<string, unknown> | undefined;
}

/** A comment line `# key: value` of a block, or undefined. */
function commentLine(source: string, key: string): string | undefined {
  const escaped = key.replace(/[()]/g, "\\$&");
  return new RegExp(`^#\\s*${escaped}:\\s*(.+?)\\s*$`, "m").exec(source)?.[1];
}

/** The operations of a block, each as it is sent alone (GraphiQL sends the one chosen). */
export function operationsOf(example: Example): ExampleOperation[] {
  const document = parse(example.source);
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
  const fragments = document.definitions.filter((d) => d.kind !== "OperationDefinition");
  const single = operations.length === 1;
  return operations.map((operation) => {
    const name = operation.name?.value;
    const variables = commentLine(example.source, name && !single ? `variables(${name})` : "variables");
    const answers = single ? commentLine(example.source, "answers") : undefined;
    const errors = single ? commentLine(example.source, "answers error") : undefined;
    const until = single ? commentLine(example.source, "ask until") : undefined;
    return {
      name,
      source: single ? example.source : print({ ...document, definitions: [operation, ...fragments] }),
      variables: variables ? JSON.parse(variables) : {},
      answers: answers ? JSON.parse(answers) : undefined,
      errors: errors ? errors.split(",").map((code) => code.trim()).filter(Boolean) : [],
      until: until ? JSON.parse(until) : undefined,
    };
  });
}

/**
 * Fills in `@version(N)`, `@event(N, K)`, `@lastChangeSet(N)`, `@lastJob` and `@start(N, ±H:MM)`
 * (schedule N's startDate moved by H hours M minutes) from the service's current state.
 */
export async function resolvePlaceholders(gql: GraphQLClient, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(variables)) {
    let m: RegExpExecArray | null;
    if (typeof value !== "string") out[key] = value;
    else if ((m = /^@version\(([^)]+)\)$/.exec(value))) out[key] = (await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: await scheduleIdOf(gql, m[1]) })).schedule.version;
    else if ((m = /^@schedule\(([^)]+)\)$/.exec(value))) out[key] = await scheduleIdOf(gql, m[1]);
    else if ((m = /^@template\(([^)]+)\)$/.exec(value))) out[key] = newestNamed((await gql.data(`{ scheduleTemplates(size: 1000) { content { id name } } }`)).scheduleTemplates.content, m[1]);
    else if ((m = /^@event\((\d+), *(\d+)\)$/.exec(value))) {
      const { schedule } = await gql.data(`query($id: ID!, $size: Int!) { schedule(id: $id) { events(size: $size) { content { id } } } }`, { id: m[1], size: Number(m[2]) + 1 });
      out[key] = schedule.events.content[Number(m[2])].id;
    } else if ((m = /^@lastChangeSet\(([^)]+)\)$/.exec(value))) {
      const { changeSets } = await gql.data(`query($id: ID!) { changeSets(scheduleId: $id) { id } }`, { id: await scheduleIdOf(gql, m[1]) });
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

/** The id of the record of that name with the highest id. */
function newestNamed(records: { id: string; name: string }[], name: string): string {
  const found = records.filter((r) => r.name === name).sort((a, b) => Number(b.id) - Number(a.id))[0];
  if (!found) throw new Error(`no record named ${name}`);
  return found.id;
}

/** A schedule named by its id, or by its name (the newest of that name). */
async function scheduleIdOf(gql: GraphQLClient, idOrName: string): Promise<string> {
  if (/^\d+$/.test(idOrName)) return idOrName;
  return newestNamed((await gql.data(`{ schedules(size: 1000) { content { id name } } }`)).schedules.content, idOrName);
}

/** Whether `actual` holds everything `expected` says (objects by key, arrays item by item, values equal). */
export function holds(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== "object") return Object.is(actual, expected);
  if (actual === null || typeof actual !== "object") return false;
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => holds(actual[i], item));
  return Object.entries(expected).every(([key, value]) => holds((actual as Record<string, unknown>)[key], value));
}

/** Runs one operation as the page says: asked again while it has an `# ask until:` its data does not hold yet. */
export async function runOperation(gql: GraphQLClient, operation: ExampleOperation, timeoutMs = 30_000): Promise<GraphQLResult> {
  const variables = await resolvePlaceholders(gql, operation.variables);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await gql.request(operation.source, variables);
    if (!operation.until || result.errors?.length || holds(result.data, operation.until) || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The distinct error codes of an answer, sorted. */
export function errorCodes(result: GraphQLResult): string[] {
  return [...new Set((result.errors ?? []).map((error) => error.extensions?.code ?? "(no code)"))].sort();
}

/** The distinct error codes a block's `# answers error:` line names, sorted (none: it must answer no error). */
export function documentedCodes(operation: ExampleOperation): string[] {
  return [...new Set(operation.errors)].sort();
}
