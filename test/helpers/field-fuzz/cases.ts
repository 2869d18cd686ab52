// The cases of the field fuzz (field-fuzz.ts): per field and caller, arguments drawn from the seed
// (values.ts), written as the operation a client sends (variables or literals, an upload as
// multipart), every list argument also at its limit + 1.
import fc from "fast-check";
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { FUZZ_ROLES, type FuzzLimits, type FuzzRecords, type FuzzRole, type RootField } from "./fields.js";
import { coherent, hostile, plausible, type Ctx, type Gen } from "./values.js";

export interface FuzzUpload {
  name: string;
  content: string;
}

export interface FuzzCase {
  field: string;
  operation: "query" | "mutation";
  role: FuzzRole;
  /** Index of the case among the field's cases for this role (with the seed, what reproduces it). */
  index: number;
  /** The schema coordinate of each argument (`Mutation.createEvent(input:)`). */
  coordinates: Record<string, string>;
  /** The type of each argument. */
  argTypes: Record<string, GraphQLInputType>;
  /** Names of the arguments given hostile values (none: a plausible case). */
  hostileArgs: string[];
  /** The arguments (those left out are absent). */
  args: Record<string, unknown>;
  /** Arguments written as literals in the query text rather than sent as variables. */
  literalArgs: string[];
  /** The file of an Upload argument (named `uploadArg`): sent as a multipart request. */
  upload?: FuzzUpload;
  uploadArg?: string;
  query: string;
  variables: Record<string, unknown>;
}

const UPLOADS: FuzzUpload[] = [
  { name: "day.csv", content: "onAirTime,duration,title\n2026-03-01T06:00:00Z,60000,Fuzz\n" },
  { name: "day.json", content: JSON.stringify({ name: "fuzz", events: [{ onAirTime: "2026-03-01T06:00:00Z", duration: 60000, title: "Fuzz" }] }) },
  { name: "asrun.csv", content: "entryId,actualStart,actualDurationMs,status,deviceId\nr1,2026-03-01T06:00:00Z,60000,AIRED,px-1\n" },
  { name: "empty.csv", content: "" },
  { name: "nul.csv", content: "onAirTime,duration,title\n2026-03-01T06:00:00Z,60000,a\u0000b\n" },
  { name: "bad.csv", content: "onAirTime,duration,title\nnot-a-date,-1e308,\ud800\n2026-03-01T06:00:00Z,99999999999999999999,x\n" },
  { name: "deep.json", content: "[".repeat(5000) + "]".repeat(5000) },
  { name: "proto.json", content: '{"__proto__":{"polluted":true},"events":[{"constructor":{"prototype":{"x":1}}}]}' },
  { name: "bad.xml", content: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><tv><programme start="x">&b;</programme></tv>' },
  { name: "binary.bin", content: "\u00ff\u00fe\u0000\u0001PK\u0003\u0004" },
];

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** `value` written as a GraphQL literal of `type` (undefined when GraphQL has no literal for it, e.g. a key that is not a name). */
export function toLiteral(value: unknown, type?: GraphQLInputType): string | undefined {
  if (type && isNonNullType(type)) return toLiteral(value, type.ofType);
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) {
    const inner = type && isListType(type) ? type.ofType : undefined;
    const items = value.map((item) => toLiteral(item, inner));
    return items.includes(undefined) ? undefined : `[${items.join(", ")}]`;
  }
  if (type && isListType(type)) return toLiteral(value, type.ofType);
  if (typeof value === "object") {
    const fields = type && isInputObjectType(type) ? type.getFields() : {};
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      if (!NAME.test(key)) return undefined;
      const inner = toLiteral((value as Record<string, unknown>)[key], fields[key]?.type);
      if (inner === undefined) return undefined;
      parts.push(`${key}: ${inner}`);
    }
    return `{${parts.join(", ")}}`;
  }
  if (typeof value === "string") {
    if (type && isEnumType(type) && NAME.test(value) && !["true", "false", "null"].includes(value)) return value;
    return JSON.stringify(value);
  }
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === "boolean") return String(value);
  return undefined;
}

/** What the answer selects: `__typename` and the scalar fields that need no argument (none for a scalar answer). */
export function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  if (isLeafType(named)) return "";
  if (!isObjectType(named)) return "{ __typename }";
  const leaves = Object.values(named.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined))
    .map((f) => f.name);
  return `{ __typename ${leaves.join(" ")} }`;
}

/** The operation of a case: its text and variables. */
export function operationOf(
  root: RootField,
  args: Record<string, unknown>,
  literalArgs: string[],
  upload: boolean,
  /** The arguments of each field of root.via (required ones only: plausible, written as literals). */
  viaArgs: Record<string, unknown>[] = [],
): { query: string; variables: Record<string, unknown> } {
  const defs: string[] = [];
  const uses: string[] = [];
  const variables: Record<string, unknown> = {};
  for (const arg of root.field.args) {
    if (!(arg.name in args)) continue;
    const value = args[arg.name];
    const literal = literalArgs.includes(arg.name) ? toLiteral(value, arg.type) : undefined;
    if (literal !== undefined) {
      uses.push(`${arg.name}: ${literal}`);
      continue;
    }
    defs.push(`$${arg.name}: ${String(arg.type)}`);
    uses.push(`${arg.name}: $${arg.name}`);
    variables[arg.name] = upload && isUploadArg(arg) ? null : value;
  }
  const head = `${root.operation} FieldFuzz${defs.length ? `(${defs.join(", ")})` : ""}`;
  let body = `${root.field.name}${uses.length ? `(${uses.join(", ")})` : ""} ${selectionOf(root.field)}`;
  for (const [i, field] of [...(root.via ?? []).entries()].reverse()) {
    const given = viaArgs[i] ?? {};
    const parts = field.args.filter((a) => a.name in given).map((a) => `${a.name}: ${toLiteral(given[a.name], a.type) ?? "null"}`);
    body = `${field.name}${parts.length ? `(${parts.join(", ")})` : ""} { __typename ${body} }`;
  }
  return { query: `${head} { ${body} }`, variables };
}

const isUploadArg = (arg: GraphQLArgument) => getNamedType(arg.type).name === "Upload";

export interface CaseOptions {
  records: FuzzRecords;
  limits: FuzzLimits;
  /** Cases per field and role. */
  runs: number;
  seed: number;
  roles?: FuzzRole[];
}

/** A number of its own for each field, so a field added or removed changes no other field's cases. */
export function fieldSeed(seed: number, field: string): number {
  let h = seed | 0;
  for (let i = 0; i < field.length; i++) h = (Math.imul(h, 31) + field.charCodeAt(i)) | 0;
  return h;
}

/** The cases of one root field: per role, the first plausible, the rest mostly hostile; drawn by fast-check from the seed. */
export function fieldCases(root: RootField, options: CaseOptions): FuzzCase[] {
  const gen: Gen = { records: options.records, limits: options.limits };
  const args = root.field.args;
  const uploadArgs = args.filter(isUploadArg);
  const argArb = (arg: GraphQLArgument, bad: boolean) => {
    const ctx: Ctx = { field: root.name, name: arg.name, depth: 0 };
    if (isUploadArg(arg)) return bad ? fc.constantFrom<unknown>("not a file", 1, { name: "x" }, null) : fc.constant(null);
    return bad ? hostile(arg.type, ctx, gen) : plausible(arg.type, ctx, gen);
  };
  const plan = (forcePlausible: boolean) =>
    fc.record({
      hostileArgs: forcePlausible || args.length === 0 ? fc.constant([] as string[]) : fc.subarray(args.map((a) => a.name), { minLength: 1, maxLength: Math.min(2, args.length) }),
      omitted: fc
        .tuple(fc.subarray(args.filter((a) => !isNonNullType(a.type) || a.defaultValue !== undefined).map((a) => a.name)), fc.integer({ min: 0, max: 4 }))
        // A change set draft is named in one case in five: the others edit the schedule itself.
        .map(([omitted, draft]) => (draft === 0 ? omitted.filter((n) => n !== "changeSetId") : [...omitted, "changeSetId"])),
      literals: fc.oneof({ arbitrary: fc.constant(false), weight: 2 }, { arbitrary: fc.constant(true), weight: 1 }),
      upload: fc.constantFrom(...UPLOADS),
    });
  const caseArb = (forcePlausible: boolean) =>
    plan(forcePlausible).chain((p) => {
      const members: Record<string, fc.Arbitrary<unknown>> = {};
      for (const arg of args) {
        const bad = p.hostileArgs.includes(arg.name);
        if (!bad && p.omitted.includes(arg.name)) continue;
        members[arg.name] = argArb(arg, bad);
      }
      return fc.record(members).map((values) => ({ ...p, values: p.hostileArgs.length ? values : coherent(values) }));
    });
  const viaArb = fc.tuple(
    ...(root.via ?? []).map((field) => {
      const members: Record<string, fc.Arbitrary<unknown>> = {};
      for (const arg of field.args) {
        if (isNonNullType(arg.type) && arg.defaultValue === undefined) members[arg.name] = plausible(arg.type, { field: field.name, name: arg.name, depth: 0, via: true }, gen);
      }
      return fc.record(members);
    }),
  );
  const cases: FuzzCase[] = [];
  for (const role of options.roles ?? FUZZ_ROLES) {
    const seed = fieldSeed(options.seed, `${root.name}/${role}`);
    const [viaArgs] = fc.sample(viaArb, { seed, numRuns: 1 }) as Record<string, unknown>[][];
    const drawn = [
      ...fc.sample(caseArb(true), { seed, numRuns: Math.min(1, options.runs) }),
      ...(options.runs > 1 ? fc.sample(fc.oneof({ arbitrary: caseArb(true), weight: 2 }, { arbitrary: caseArb(false), weight: 3 }), { seed: seed + 1, numRuns: options.runs - 1 }) : []),
    ];
    // Every list argument at the longest allowed length plus one, whatever the draw (from an editor):
    // MAX_LIST_LENGTH is checked on every field on every run.
    if (role === (options.roles ?? FUZZ_ROLES).find((r) => r === "editor") && drawn.length) {
      for (const arg of args) {
        const type = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
        if (!isListType(type)) continue;
        const [item] = fc.sample(plausible(type.ofType, { field: root.name, name: arg.name, depth: 1 }, gen), { seed, numRuns: 1 });
        const limit = options.limits.listLimitOf?.(`${root.parentType}.${root.field.name}(${arg.name}:)`) ?? options.limits.maxListLength;
        drawn.push({ ...drawn[0], hostileArgs: [arg.name], literals: false, values: { ...drawn[0].values, [arg.name]: Array.from({ length: limit + 1 }, () => item) } });
      }
    }
    drawn.forEach((d, index) => {
      // An Upload argument left a plain JSON value when it is hostile; otherwise its file goes as multipart.
      const multipart = uploadArgs.length > 0 && uploadArgs.every((a) => !d.hostileArgs.includes(a.name) && a.name in d.values);
      const literalArgs = d.literals ? args.filter((a) => !isUploadArg(a)).map((a) => a.name) : [];
      const { query, variables } = operationOf(root, d.values, literalArgs, multipart, viaArgs);
      cases.push({
        coordinates: Object.fromEntries(args.map((a) => [a.name, `${root.parentType}.${root.field.name}(${a.name}:)`])),
        argTypes: Object.fromEntries(args.map((a) => [a.name, a.type])),
        field: root.name,
        operation: root.operation,
        role,
        index,
        hostileArgs: d.hostileArgs,
        args: d.values,
        literalArgs,
        upload: multipart ? d.upload : undefined,
        uploadArg: multipart ? uploadArgs[0].name : undefined,
        query,
        variables,
      });
    });
  }
  return cases;
}
