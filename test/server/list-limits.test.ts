// Every list a request hands an argument has a length limit (src/server/limits/list-limits.ts): MAX_LIST_LENGTH,
// or the higher one of its schema coordinate where a list may legitimately be long (telemetry
// batches, bulk event inputs). Refused before any resolver runs, literal or variable, however deep
// in input objects; and no statement binds one parameter per item of a caller's list (`= any($1)`).
import fc from "fast-check";
import {
  graphqlSync,
  getIntrospectionQuery,
  parse,
  type GraphQLSchema,
  type IntrospectionQuery,
  type IntrospectionInputTypeRef,
  type IntrospectionInputValue,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { listLimits } from "../../src/server/limits/list-limits.js";
import { requestChecks, type RequestChecks } from "../../src/server/limits/request-checks.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { appError, orgViewer, useServices } from "../helpers/services.js";

const t = useTestService();
const bed = useServices();
const config = loadConfig({});
const LIMIT = config.maxListLength;

const DELETE = `mutation($ids: [ID!]!) { deleteSchedules(ids: $ids) { id deleted } }`;
const CREATE = `mutation($name: String!) { createSchedule(input: { name: $name }) { id } }`;
const IDS = `{ schedules(size: 100) { content { id } } }`;
const ids = (n: number, from = 900_000_000) => Array.from({ length: n }, (_, i) => String(from + i));

describe("MAX_LIST_LENGTH over HTTP", () => {
  it("refuses 100,000 ids to deleteSchedules at once, naming the argument, its length and the limit; nothing is deleted", async () => {
    const { gql } = await orgClient(t);
    const kept = (await gql.data(CREATE, { name: "kept" })).createSchedule.id as string;
    const started = performance.now();
    const result = await gql.request(DELETE, { ids: [kept, ...ids(99_999)] });
    const took = performance.now() - started;
    expect(result.status).toBe(400);
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors!;
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "deleteSchedules(ids)", limit: "MAX_LIST_LENGTH", maxLength: LIMIT });
    expect(error.message).toContain("deleteSchedules(ids)");
    expect(error.message).toContain("100000");
    expect(error.message).toContain(String(LIMIT));
    expect(error.message).toContain("MAX_LIST_LENGTH");
    // Once 3–7 s and INTERNAL_SERVER_ERROR: now refused before any statement runs.
    expect(took).toBeLessThan(3000);
    expect((await gql.data(IDS)).schedules.content.map((s: { id: string }) => s.id)).toEqual([kept]);
  });

  it("takes a list exactly at the limit end to end, and refuses one more", async () => {
    const { gql } = await orgClient(t);
    const made: string[] = [];
    for (const name of ["a", "b", "c"]) made.push((await gql.data(CREATE, { name })).createSchedule.id);
    // LIMIT distinct ids, three of them existing: all or nothing, NOT_FOUND naming the others.
    const missing = await gql.error(DELETE, { ids: [...made, ...ids(LIMIT - 3)] });
    expect(missing.extensions.code).toBe("NOT_FOUND");
    expect((await gql.data(IDS)).schedules.content).toHaveLength(3);
    const over = await gql.error(DELETE, { ids: [...made, ...ids(LIMIT - 2)] });
    expect(over.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "MAX_LIST_LENGTH", maxLength: LIMIT });
    // LIMIT ids naming the three again and again: deleted.
    const repeated = Array.from({ length: LIMIT }, (_, i) => made[i % 3]);
    expect((await gql.data(DELETE, { ids: repeated })).deleteSchedules.map((s: { id: string }) => s.id)).toEqual(made);
    expect((await gql.data(IDS)).schedules.content).toHaveLength(0);
  });

  it("checks a literal list in the query text as well as a variable", async () => {
    const { gql } = await orgClient(t);
    const literal = (n: number) => `mutation { deleteSchedules(ids: [${ids(n).map((id) => `"${id}"`).join(",")}]) { id } }`;
    const error = await gql.error(literal(LIMIT + 1));
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "deleteSchedules(ids)", limit: "MAX_LIST_LENGTH", maxLength: LIMIT });
    expect(error.message).toContain(String(LIMIT + 1));
    expect((await gql.error(literal(LIMIT))).extensions.code).toBe("NOT_FOUND");
    // A variable inside a literal list, and a literal list inside a variable's default.
    const inside = await gql.error(`mutation($a: ID!) { deleteSchedules(ids: [${ids(LIMIT).map((id) => `"${id}"`).join(",")}, $a]) { id } }`, { a: "1" });
    expect(inside.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "deleteSchedules(ids)" });
    const byDefault = `mutation($ids: [ID!]! = [${ids(LIMIT + 1).map((id) => `"${id}"`).join(",")}]) { deleteSchedules(ids: $ids) { id } }`;
    expect((await gql.error(byDefault)).extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "MAX_LIST_LENGTH" });
    expect((await gql.error(byDefault, { ids: ["1"] })).extensions.code).toBe("NOT_FOUND");
  });

  it("follows input objects and lists of them, in variables and literals, and fragments", async () => {
    const { gql } = await orgClient(t);
    const id = (await gql.data(CREATE, { name: "nested" })).createSchedule.id as string;
    const signals = (n: number) => Array.from({ length: n }, () => ({ duration: 1000 }));
    const event = (n: number) => ({ onAirTime: "2026-06-01T00:00:00Z", duration: 60_000, title: "E", scte35Signals: signals(n) });
    const BULK = `mutation($id: ID!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $id, version: 1, input: $input) { content { version } } }`;
    const deep = await gql.error(BULK, { id, input: { created: [event(1), event(LIMIT + 1)] } });
    expect(deep.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "bulkEditEvents(input).created[1].scte35Signals", limit: "MAX_LIST_LENGTH", maxLength: LIMIT });
    // The variable sits inside an object literal, behind a fragment.
    const spread = `mutation($id: ID!, $s: [SCTE35SignalInput!]) { ...F } fragment F on Mutation { bulkEditEvents(scheduleId: $id, version: 1, input: { created: [{ onAirTime: "2026-06-01T00:00:00Z", duration: 1000, scte35Signals: $s }] }) { content { version } } }`;
    expect((await gql.error(spread, { id, s: signals(LIMIT + 1) })).extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "bulkEditEvents(input).created[0].scte35Signals" });
    expect((await gql.request(spread, { id, s: signals(2) })).errors).toBeUndefined();
    // A bulk event input may be longer than MAX_LIST_LENGTH, up to its own limit.
    const bulkLimit = listLimits(config).of("BulkEditInput.created");
    expect(bulkLimit).toBeGreaterThan(LIMIT);
    const many = await gql.error(BULK, { id, input: { created: Array.from({ length: bulkLimit + 1 }, () => ({ onAirTime: "2026-06-01T00:00:00Z", duration: 1 })) } });
    expect(many.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "bulkEditEvents(input).created", maxLength: bulkLimit });
  });

  it("refuses on the known-operations path as on Apollo's", async () => {
    const { gql } = await orgClient(t);
    const query = `query($s: [String!]) { schedules(filter: { statuses: $s }) { totalElements } }`;
    for (let i = 0; i < 3; i++) expect((await gql.request(query, { s: ["DRAFT"] })).errors).toBeUndefined();
    const error = await gql.error(query, { s: Array.from({ length: LIMIT + 1 }, () => "DRAFT") });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "schedules(filter).statuses", limit: "MAX_LIST_LENGTH", maxLength: LIMIT });
    expect((await gql.request(query, { s: Array.from({ length: LIMIT }, () => "DRAFT") })).errors).toBeUndefined();
  });
});

/** Where a list sits: the argument (with the type that holds it), the input fields down to it, the coordinate whose limit applies. */
interface ListPosition {
  rootType: string;
  field: string;
  arg: string;
  argType: string;
  /** The argument a list of input objects (e.g. updateEvents(events)), the list deeper down. */
  argList: boolean;
  /** Input fields from the argument down to the list; `[]` after a name: that field is a list of objects. */
  steps: { name: string; list: boolean }[];
  coordinate: string;
}

const typeText = (ref: IntrospectionInputTypeRef): string =>
  ref.kind === "NON_NULL" ? `${typeText(ref.ofType as IntrospectionInputTypeRef)}!` : ref.kind === "LIST" ? `[${typeText(ref.ofType as IntrospectionInputTypeRef)}]` : ref.name;
const named = (ref: IntrospectionInputTypeRef): { name: string; list: boolean } => {
  let list = false;
  while (ref.kind === "NON_NULL" || ref.kind === "LIST") {
    if (ref.kind === "LIST") list = true;
    ref = ref.ofType as IntrospectionInputTypeRef;
  }
  return { name: ref.name, list };
};

/** Every list position of the schema reachable from a field's argument (one way to each coordinate), found by introspection. */
function listPositions(schema: GraphQLSchema): ListPosition[] {
  const result = graphqlSync({ schema, source: getIntrospectionQuery() });
  const types = new Map((result.data as unknown as IntrospectionQuery).__schema.types.map((type) => [type.name, type]));
  const found = new Map<string, ListPosition>();
  const visit = (base: Omit<ListPosition, "steps" | "coordinate">, value: IntrospectionInputValue, owner: string | null, steps: ListPosition["steps"], seen: Set<string>) => {
    const { name, list } = named(value.type);
    const coordinate = owner === null ? `${base.rootType}.${base.field}(${base.arg}:)` : `${owner}.${value.name}`;
    if (list && !found.has(coordinate)) found.set(coordinate, { ...base, steps, coordinate });
    const type = types.get(name);
    if (type?.kind !== "INPUT_OBJECT" || seen.has(name)) return;
    for (const field of type.inputFields) visit(base, field, name, [...steps, { name: field.name, list: named(field.type).list }], new Set([...seen, name]));
  };
  for (const type of types.values()) {
    if (type.kind !== "OBJECT" || type.name.startsWith("__")) continue;
    for (const field of type.fields) {
      for (const arg of field.args) visit({ rootType: type.name, field: field.name, arg: arg.name, argType: typeText(arg.type), argList: named(arg.type).list }, arg, null, [], new Set());
    }
  }
  return [...found.values()];
}

/** `n` items (null: the check counts, coercion comes later), nested as the position's steps say. */
function listValue(position: ListPosition, n: number): unknown {
  let value: unknown = Array.from({ length: n }, () => null);
  for (let i = position.steps.length - 1; i >= 0; i--) {
    value = { [position.steps[i].name]: value };
    // An object inside a list of objects (the field above it, or the argument): one of them.
    if (i > 0 ? position.steps[i - 1].list : position.argList) value = [value];
  }
  return value;
}

const literalOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? `[${value.map(literalOf).join(",")}]` : `{${Object.entries(value as object).map(([k, v]) => `${k}: ${literalOf(v)}`).join(", ")}}`;

/** An operation handing the list to its argument, as one variable or as a literal. */
function operation(position: ListPosition, n: number, form: "variable" | "literal"): { text: string; variables: Record<string, unknown> } {
  const value = listValue(position, n);
  const root = position.rootType === "Mutation" ? "mutation" : "query";
  const call = (argument: string) => `${position.field}(${position.arg}: ${argument})`;
  // A field of another type is reached through an inline fragment on it (the check follows types, it does not validate).
  const selection = (argument: string) => (position.rootType === "Query" || position.rootType === "Mutation" ? call(argument) : `... on ${position.rootType} { ${call(argument)} }`);
  return form === "variable"
    ? { text: `${root}($v: ${position.argType}) { ${selection("$v")} }`, variables: { v: value } }
    : { text: `${root} { ${selection(literalOf(value))} }`, variables: {} };
}

describe("every list argument of the schema", () => {
  let schema: GraphQLSchema;
  let checks: RequestChecks;
  let positions: ListPosition[];
  beforeAll(async () => {
    schema = await buildGraphQLSchema();
    checks = requestChecks(schema, config);
    positions = listPositions(schema);
  });

  const refusal = (text: string, variables: Record<string, unknown>) => {
    try {
      checks.lists(parse(text), variables);
      return null;
    } catch (error) {
      return error as { extensions: Record<string, unknown>; message: string };
    }
  };

  it("finds the list arguments, and every higher limit names one of them", () => {
    const coordinates = new Set(positions.map((p) => p.coordinate));
    expect(coordinates.size).toBeGreaterThan(50);
    for (const coordinate of ["Mutation.deleteSchedules(ids:)", "Mutation.restoreSchedules(ids:)", "TelemetryBatchInput.playoutSamples", "BulkEditInput.created", "EventInput.scte35Signals"]) {
      expect(coordinates, coordinate).toContain(coordinate);
    }
    const limits = listLimits(config);
    expect(limits.general).toBe(LIMIT);
    expect(limits.exceptions.size).toBeLessThan(25);
    for (const [coordinate, limit] of limits.exceptions) {
      expect(coordinates, `${coordinate} is no list argument of the schema`).toContain(coordinate);
      expect(limit).toBeGreaterThan(LIMIT);
    }
    // A list no exception names has the general limit.
    expect(limits.of("Mutation.deleteSchedules(ids:)")).toBe(LIMIT);
    expect(limits.of("Some.newArgument(added:)")).toBe(LIMIT);
    // The exceptions follow MAX_LIST_LENGTH up, never below it.
    const raised = listLimits({ maxListLength: 1_000_000 });
    for (const coordinate of limits.exceptions.keys()) expect(raised.of(coordinate)).toBe(1_000_000);
  });

  it("refuses limit + 1 items at every list position, literal or variable, and takes the limit", () => {
    const limits = listLimits(config);
    fc.assert(
      fc.property(fc.constantFrom(...positions), fc.constantFrom("variable" as const, "literal" as const), fc.integer({ min: 1, max: 3 }), (position, form, over) => {
        const limit = limits.of(position.coordinate);
        // Literals are parsed: keep their long lists to the few positions that need them.
        if (form === "literal" && limit > 20_000) form = "variable";
        const { text, variables } = operation(position, limit + over, form);
        const error = refusal(text, variables);
        expect(error, `${position.coordinate} (${form}): ${limit + over} items`).not.toBeNull();
        expect(error!.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "MAX_LIST_LENGTH", maxLength: limit, http: { status: 400 } });
        expect(String(error!.extensions.argument)).toContain(`${position.field}(${position.arg})`);
        expect(error!.message).toContain(String(limit + over));
        const at = operation(position, limit, form);
        expect(refusal(at.text, at.variables), `${position.coordinate} (${form}): ${limit} items`).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("covers every position, each at limit + 1 as a variable", () => {
    const limits = listLimits(config);
    for (const position of positions) {
      const limit = limits.of(position.coordinate);
      const { text, variables } = operation(position, limit + 1, "variable");
      expect(refusal(text, variables)?.extensions, position.coordinate).toMatchObject({ code: "BAD_USER_INPUT", limit: "MAX_LIST_LENGTH", maxLength: limit });
    }
  });

  it("never walks a list past its length: 3,000,000 items are refused at once", () => {
    const huge = new Array(3_000_000).fill({ playoutId: "p" });
    const started = performance.now();
    const error = refusal(`mutation($b: TelemetryBatchInput!) { ingestTelemetry(batch: $b) { playoutSamples } }`, { b: { playoutSamples: huge } });
    expect(error?.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "ingestTelemetry(batch).playoutSamples" });
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("one array parameter, not one placeholder per item", () => {
  // More items than PostgreSQL's 65,535 bind parameters: each statement binds the list as one array.
  const MANY = 70_000;

  it("deleteSchedules and restoreSchedules of 70,000 ids answer NOT_FOUND", async () => {
    const { org, viewer } = orgViewer();
    const made = await bed.services.schedules.create(viewer, { name: "one" }, org);
    const wanted = [made.id, ...ids(MANY)];
    const deleted = await appError(bed.services.schedules.deleteMany(viewer, wanted, org), "NOT_FOUND");
    expect(deleted.message).toContain("900000000");
    await appError(bed.services.archive.restore(viewer, wanted, org), "NOT_FOUND");
    expect((await bed.services.schedules.deleteMany(viewer, [made.id, made.id], org)).map((s) => s.id)).toEqual([made.id]);
  });

  it("lists of 70,000 statuses and organizations filter schedules and jobs", async () => {
    const { org, viewer } = orgViewer();
    await bed.services.schedules.create(viewer, { name: "listed" }, org);
    const statuses = Array.from({ length: MANY }, (_, i) => (i === MANY - 1 ? "DRAFT" : `S${i}`));
    const page = await bed.services.schedules.list(viewer, { filter: { statuses }, organization: org } as never);
    expect(page.content.length).toBeLessThanOrEqual(1);
    const platform = { userId: "ops", orgs: "*" as const, role: "admin" as const };
    const jobs = await bed.services.jobs.list(platform, { organizations: [org, ...ids(MANY)], statuses: Array.from({ length: MANY }, () => "PENDING") } as never);
    expect(jobs).toEqual([]);
  });
});
