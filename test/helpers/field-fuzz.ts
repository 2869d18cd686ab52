// Schema-driven fuzzing of every root field: the arguments of each query and mutation are generated
// from their GraphQL types (scalars, enums, input objects, lists, non-null), as plausible values
// (real ids of seeded records, valid dates) and hostile ones (the longest allowed list and one more,
// NUL and control characters, lone surrogates, extreme numbers, empty and over-long strings, inputs
// deeper than MAX_INPUT_DEPTH, `__proto__` and `constructor` keys, wrong types), sent as variables
// or as literals in the query text, uploads as multipart, with each caller's token. Every answer is
// checked (checkAnswer): never HTTP 5xx, a JSON body, never INTERNAL_SERVER_ERROR, a code on every
// error, within the request budget, no error-level log line, and nothing written by a mutation that
// answered an error (when the caller hands a database fingerprint).
//
// The root fields come from the schema itself (the app's builder, or introspection of a running
// service), so a field added tomorrow is fuzzed the day it is added. The cases are drawn with
// fast-check from a seed (per field: the seed and the field's name), so a failure reproduces with
// the same seed: `FIELD_FUZZ_SEED=<seed> FIELD_FUZZ_RUNS=<n>`.
//
// Used by test/security/field-fuzz.test.ts (quick mode) and meant for bench/attack.ts (a longer
// mode): `runFieldFuzz({ url, tokens, runsPerField, seed, onResult })`.
import fc from "fast-check";
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";

export type FuzzRole = "none" | "viewer" | "editor" | "admin";
export const FUZZ_ROLES: FuzzRole[] = ["none", "viewer", "editor", "admin"];

export interface FuzzLimits {
  /** MAX_LIST_LENGTH: the longest list argument the service accepts. */
  maxListLength: number;
  /** MAX_STRING_LENGTH: UTF-8 bytes of a text argument. */
  maxStringLength: number;
  /** MAX_INPUT_DEPTH: nesting of a variable or literal. */
  maxInputDepth: number;
  /** REQUEST_TIMEOUT_MS: every answer must come within it (plus `marginMs`). */
  requestTimeoutMs: number;
  /**
   * The limit of the list at a schema coordinate (`Mutation.deleteEvents(ids:)`, `EventCriteriaInput.ids`),
   * where the service allows some lists more than MAX_LIST_LENGTH (src/server/limits/list-limits.ts); default
   * maxListLength everywhere.
   */
  listLimitOf?: (coordinate: string) => number;
}

/** The limits of a configuration (src/config.ts's Config, or loadConfig()); MAX_LIST_LENGTH 1000 where the config has none yet. */
export function limitsOf(config: Record<string, unknown>): FuzzLimits {
  const num = (key: string, fallback: number) => (typeof config[key] === "number" ? (config[key] as number) : fallback);
  return {
    maxListLength: num("maxListLength", 1000),
    maxStringLength: num("maxStringLength", 2000),
    maxInputDepth: num("maxInputDepth", 32),
    requestTimeoutMs: num("requestTimeoutMs", 30_000),
  };
}

/** Real records the plausible values name (ids of a seeded organization). */
export interface FuzzRecords {
  organization: string;
  scheduleIds: string[];
  eventIds: string[];
  changeSetIds: string[];
  jobIds: string[];
  assetIds: string[];
  /** The current versions of the seeded schedules (what a `version` argument plausibly is). */
  versions?: number[];
}

/** A field the fuzz sends arguments to: a root field, or a field with arguments below the root (reached by queries). */
export interface RootField {
  operation: "query" | "mutation";
  /** `createEvent` for a root field, `Schedule.atVersion` for a field below the root. */
  name: string;
  field: GraphQLField<unknown, unknown>;
  /** The type that holds the field (Query, Mutation, Schedule, …): its schema coordinate is `parentType.name(arg:)`. */
  parentType: string;
  /** The fields from the root down to the field's parent, their arguments plausible (none for a root field). */
  via?: GraphQLField<unknown, unknown>[];
}

/** Every root field of the schema: the queries, then the mutations (subscriptions: none in this service). */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const out: RootField[] = [];
  for (const [operation, type] of [["query", schema.getQueryType()], ["mutation", schema.getMutationType()]] as const) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) out.push({ operation, name: field.name, field, parentType: type.name });
  }
  return out;
}

/**
 * Every field with arguments below the root, each with the shortest way a query reaches it
 * (`schedule(id) { atVersion(version) }`): their arguments are attacked the same way. A root field
 * answering one record is preferred to a list, so that the field is reached with a real record.
 */
export function nestedFields(schema: GraphQLSchema): RootField[] {
  const query = schema.getQueryType();
  if (!query) return [];
  const single = (f: GraphQLField<unknown, unknown>) => (String(f.type).includes("[") ? 1 : 0);
  const routes = new Map<string, GraphQLField<unknown, unknown>[]>();
  let frontier: GraphQLField<unknown, unknown>[][] = [...Object.values(query.getFields())].sort((a, b) => single(a) - single(b)).map((f) => [f]);
  while (frontier.length) {
    const next: GraphQLField<unknown, unknown>[][] = [];
    for (const path of frontier) {
      const type = getNamedType(path[path.length - 1].type);
      if (!isObjectType(type) || routes.has(type.name) || path.length > 6) continue;
      routes.set(type.name, path);
      for (const f of Object.values(type.getFields())) if (isObjectType(getNamedType(f.type))) next.push([...path, f]);
    }
    frontier = next;
  }
  const out: RootField[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || type === query || type === schema.getMutationType()) continue;
    const via = routes.get(type.name);
    for (const field of Object.values(type.getFields())) {
      if (field.args.length && via) out.push({ operation: "query", name: `${type.name}.${field.name}`, field, via, parentType: type.name });
    }
  }
  return out;
}

/** Fields with arguments that no query reaches (the fuzz cannot send them: they should be none). */
export function unreachableFields(schema: GraphQLSchema): string[] {
  const reached = new Set(nestedFields(schema).map((f) => f.name));
  const out: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || type === schema.getQueryType() || type === schema.getMutationType()) continue;
    for (const field of Object.values(type.getFields())) if (field.args.length && !reached.has(`${type.name}.${field.name}`)) out.push(`${type.name}.${field.name}`);
  }
  return out;
}

/** The schema of a running service, by introspection (which needs a token unless PUBLIC_INTROSPECTION is on). */
export async function introspectSchema(url: string, token?: string): Promise<GraphQLSchema> {
  const response = await fetch(url + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const body = (await response.json()) as { data?: IntrospectionQuery; errors?: unknown };
  if (!body.data) throw new Error(`introspection failed: ${JSON.stringify(body.errors)}`);
  return buildClientSchema(body.data);
}

// ---------------------------------------------------------------------------------------------
// Values

const T0 = Date.parse("2026-03-01T06:00:00.000Z");
const SCTE35_SAMPLE = "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg==";

/** An object whose own keys include `__proto__` (an object literal would set the prototype instead). */
function withOwnKeys(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
}

const PROTO_KEYS = () =>
  withOwnKeys({}, { __proto__: { polluted: true, isAdmin: true }, constructor: { prototype: { polluted: true } }, prototype: { polluted: true } });

/** Arrays (or objects) nested `depth` levels deep, built without recursion. */
function deepValue(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = kind === "array" ? [] : { leaf: 1 };
  for (let i = 1; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

function hostileStrings(limits: FuzzLimits): fc.Arbitrary<string> {
  const over = limits.maxStringLength + 1;
  return fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\u0001\u0002\u001b[31m\u007f",
      "\t\r\n",
      "\u0085\u2028\u2029\ufeff",
      "\ud800",
      "\udfff",
      "a\ud800b\udc00",
      "x".repeat(over),
      "é".repeat(Math.ceil(over / 2)), // as many bytes as `over`, in half as many characters
      "😀".repeat(Math.ceil(over / 4)),
      "__proto__",
      "constructor",
      "toString",
      "'; drop table schedules; --",
      "%_\\'\"",
      "null",
      "-1",
      "1e308",
      "NaN",
      "../../../etc/passwd",
      "0000-00-00T00:00:00Z",
      "1899-12-31T23:59:59.999Z",
      "1900-01-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
      "+275760-09-13T00:00:00.000Z",
      "-271821-04-20T00:00:00.000Z",
      "2026-02-30T00:00:00Z",
      "2026-03-01T06:00:00+14:00",
      "2026-03-01",
      "24:00:00:00",
      "99:99:99;99",
      "00:00:00:-1",
      "23:59:59:99",
      "*",
      "00000000-0000-0000-0000-000000000000",
      "Mars/Olympus_Mons",
      "Etc/GMT-14",
      "UTC+25:00",
      "24:00",
      "-01:00",
      "06:60",
      "\u0661\u0662",
    ),
    fc.string({ unit: "binary", maxLength: 24 }),
  );
}

const OUT_OF_EVERY_DOMAIN = [1e308, -1e308, 1e21, -1e21, 5e-324];

/** Extreme numbers, mostly inside the scalar's own domain (so they reach the resolvers), some outside it. */
function hostileNumbers(scalar = "Float"): fc.Arbitrary<number> {
  const inside =
    scalar === "Int"
      ? [2 ** 31 - 1, -(2 ** 31), -1, 0, 1, 2 ** 30, -(2 ** 30)]
      : scalar === "SafeInt"
        ? [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, 2 ** 52, -1, 0, 8.64e15, -8.64e15, 8.64e15 + 1]
        : [Number.MAX_VALUE, -Number.MAX_VALUE, -0, 5e-324, 1e308, -1e308, 0.1, -1, 1e-7, 2 ** 53 + 1];
  const outside = scalar === "Int" ? [2 ** 31, -(2 ** 31) - 1, 0.5, -0.5, 2 ** 53 + 1, ...OUT_OF_EVERY_DOMAIN] : scalar === "SafeInt" ? [2 ** 53 + 2, -(2 ** 53) - 2, 0.5, ...OUT_OF_EVERY_DOMAIN] : [];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...inside), weight: 4 },
    ...(outside.length ? [{ arbitrary: fc.constantFrom(...outside), weight: 2 }] : []),
    { arbitrary: scalar === "Float" ? fc.double({ noNaN: true, noDefaultInfinity: true }) : fc.integer({ min: scalar === "Int" ? -(2 ** 31) : Number.MIN_SAFE_INTEGER, max: scalar === "Int" ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER }), weight: 1 },
  );
}

function deepInputs(limits: FuzzLimits): fc.Arbitrary<unknown> {
  return fc.constantFrom(
    deepValue(limits.maxInputDepth + 1, "array"),
    deepValue(limits.maxInputDepth + 1, "object"),
    deepValue(limits.maxInputDepth * 4, "object"),
  );
}

/** Values of the wrong type for anything: the hostile fallback of every kind. */
function wrongTypes(limits: FuzzLimits): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(true, false, {}, [], { a: 1 }, [1, "a", null], "text", 7, -1, 1e308),
    fc.constant(null).map(() => PROTO_KEYS()),
    deepInputs(limits),
  );
}

function isoAround(range = 30): fc.Arbitrary<string> {
  return fc.integer({ min: -range * 24, max: range * 24 }).map((hours) => new Date(T0 + hours * 3_600_000).toISOString());
}

interface Ctx {
  /** The root field's name. */
  field: string;
  /** The argument's or input field's name. */
  name: string;
  /** The input object type holding it (none for an argument). */
  parent?: string;
  depth: number;
  /** An argument of a field on the way to the fuzzed one: the first real record, always. */
  via?: boolean;
}

function idPool(ctx: Ctx, records: FuzzRecords): string[] {
  const name = ctx.name.toLowerCase();
  if (name.includes("changeset")) return records.changeSetIds;
  if (name.includes("event") || name === "deleted" || (name === "ids" && /event|criteria|delete/i.test(ctx.field + (ctx.parent ?? "")) && !/schedules$/i.test(ctx.field))) return records.eventIds;
  if (name.includes("schedule")) return records.scheduleIds;
  if (ctx.parent === "EventInput" || /^(Event|SecondaryEvent)/.test(ctx.parent ?? "")) return records.eventIds;
  if (/job/i.test(ctx.field)) return records.jobIds;
  if (/changeset/i.test(ctx.field)) return records.changeSetIds;
  return records.scheduleIds;
}

function plausibleScalar(scalar: string, ctx: Ctx, records: FuzzRecords): fc.Arbitrary<unknown> {
  const name = ctx.name;
  const anyId = [...records.scheduleIds, ...records.eventIds, ...records.changeSetIds, ...records.jobIds];
  switch (scalar) {
    case "ID": {
      const pool = idPool(ctx, records);
      if (ctx.via) return fc.constant(pool[0] ?? "1");
      return fc.oneof(
        { arbitrary: fc.constantFrom(...(pool.length ? pool : ["1"])), weight: 6 },
        { arbitrary: fc.constantFrom(...(anyId.length ? anyId : ["1"])), weight: 1 },
        { arbitrary: fc.uuid(), weight: 1 },
      );
    }
    case "String":
      if (/^organi[sz]ation(Id)?s?$/.test(name) && ctx.via) return fc.constant(records.organization);
      if (/^(broadcastDate|date)$/.test(name)) return fc.constantFrom("2026-03-01", "2026-02-28");
      if (/^organi[sz]ation(Id)?s?$/.test(name)) return fc.oneof({ arbitrary: fc.constant(records.organization), weight: 5 }, { arbitrary: fc.constant("someone-else"), weight: 1 });
      if (name === "timeZone") return fc.constantFrom("Europe/London", "UTC", "America/New_York", "Asia/Kolkata");
      if (name === "broadcastDayStart") return fc.constantFrom("06:00", "00:00", "05:30");
      if (name === "scriptId") return fc.constantFrom("csv", "json", "xmltv", "bxf");
      if (name === "fileName") return fc.constantFrom("fuzz.csv", "fuzz.json", "fuzz.xml");
      if (name === "assetId" || name === "mediaId") return fc.constantFrom(...(records.assetIds.length ? records.assetIds : ["A-1"]), "A-missing");
      if (name === "ip") return fc.constantFrom("10.0.0.1", "::1");
      if (name === "data") return fc.constant(SCTE35_SAMPLE);
      if (name === "onAirLocal") return fc.constantFrom("2026-03-01T06:00:00", "2026-03-01 07:30:00.000");
      if (name === "sort") return fc.constantFrom("name", "startDate,desc", "-finishDate");
      if (name === "language" || name === "languageCode") return fc.constantFrom("en", "fr");
      if (name === "color") return fc.constantFrom("#ff0000", "red");
      if (/time$/i.test(name) || name === "txdate") return isoAround();
      return fc.oneof({ arbitrary: fc.constantFrom("fuzz", "Morning News", "News at Six"), weight: 3 }, { arbitrary: fc.string({ maxLength: 16 }), weight: 1 });
    case "DateTime":
      return isoAround();
    case "Int":
      if (/version/i.test(name) && ctx.via) return fc.constant(name === "fromVersion" ? 1 : (records.versions?.[0] ?? 1));
      if (/version/i.test(name)) return fc.oneof({ arbitrary: fc.constantFrom(...(records.versions?.length ? records.versions : [1])), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 6 }), weight: 1 });
      if (name === "page" || name === "pageNumber") return fc.integer({ min: 0, max: 3 });
      if (/size|limit/i.test(name)) return fc.integer({ min: 1, max: 50 });
      if (name === "days") return fc.integer({ min: -3, max: 3 });
      if (name === "toleranceMs") return fc.integer({ min: 0, max: 60_000 });
      return fc.integer({ min: 0, max: 100 });
    case "SafeInt":
      if (/milliseconds|shift|deviation|offset/i.test(name)) return fc.integer({ min: -3_600_000, max: 3_600_000 });
      if (/duration|som|eom|timecode/i.test(name)) return fc.integer({ min: 0, max: 3_600_000 });
      return fc.integer({ min: 0, max: 100_000 });
    case "Float":
      if (/fps|frameRate/i.test(name)) return fc.constantFrom(25, 29.97, 30, 50, 59.94);
      return fc.double({ min: 0, max: 100, noNaN: true });
    case "Boolean":
      return fc.boolean();
    case "Timecode":
      return fc.constantFrom("00:00:10:00", "00:01:00:00", "00:00:00;02");
    case "JSON":
    case "JSONObject":
      return fc.constantFrom({ note: "fuzz" }, { a: 1, b: [1, 2] }, {});
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/**
 * Values inside an argument's own domain that its rules may not expect, by the argument's name: a
 * time that a clock change skips or repeats, a day that does not exist, a cue cut short, a pattern
 * of LIKE, a timecode past the rate. Null when the name has none.
 */
function namedHostile(scalar: string, ctx: Ctx): fc.Arbitrary<unknown> | null {
  const name = ctx.name;
  if (scalar === "String" && name === "data") {
    const sample = Buffer.from(SCTE35_SAMPLE, "base64");
    return fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map(toBase64),
      fc.integer({ min: 0, max: sample.length - 1 }).map((n) => toBase64(sample.subarray(0, n))),
      fc.tuple(fc.integer({ min: 0, max: sample.length - 1 }), fc.integer({ min: 0, max: 255 })).map(([i, b]) => {
        const copy = Uint8Array.from(sample);
        copy[i] = b;
        return toBase64(copy);
      }),
      fc.uint8Array({ minLength: 3, maxLength: 40 }).map((bytes) => toBase64(Uint8Array.from([0xfc, 0x30, bytes.length, ...bytes]))),
      fc.constantFrom("", "====", "FC30", "0xFC3011", "/DA=", "/DAR//////////////////////8="),
    );
  }
  if (scalar === "String" && /^(onAirLocal)$/.test(name)) return fc.constantFrom("2026-03-29T01:30:00", "2026-10-25T01:30:00", "2026-02-30T00:00:00", "0000-01-01T00:00:00", "9999-12-31T23:59:59.999", "2026-03-01T24:00:00", "2026-03-01T06:00", "2026-03-01");
  if (scalar === "String" && /^(date|broadcastDate|txdate)$/.test(name)) return fc.constantFrom("2026-03-29", "2026-10-25", "2026-02-30", "0000-01-01", "1899-12-31", "9999-12-31", "275760-09-13", "2026-3-1", "2026-03-01T00:00:00Z");
  if (scalar === "String" && name === "timeZone") return fc.constantFrom("Pacific/Kiritimati", "Pacific/Pago_Pago", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Etc/GMT+12", "EST5EDT", "Europe/Dublin", "UTC", "utc", "GMT0", "Africa/Casablanca");
  if (scalar === "String" && name === "broadcastDayStart") return fc.constantFrom("23:59", "00:00", "01:30", "02:30", "24:00", "6:00", "06:00:00");
  if (scalar === "String" && /^(term|name|nameSubString|graphicsProject|title)$/.test(name)) return fc.constantFrom("%", "_", "\\", "%%_\\%", "[a-z]*", "(?:", "*", "' or 1=1 --");
  if (scalar === "String" && name === "sort") return fc.constantFrom("unknown", "name,asc,desc", ",", "name;drop", "-", "startDate,DESC", "id", "organization");
  if (scalar === "String" && name === "ip") return fc.constantFrom("999.1.1.1", "::ffff:10.0.0.1", "10.0.0.1/8", "", "fe80::1%eth0");
  if (scalar === "String" && (name === "includeData" || name === "statuses")) return fc.constantFrom("", "unknown", "ALL", "cpu", "playback");
  if (scalar === "Timecode") return fc.constantFrom("00:00:00;00", "00:01:00;00", "00:01:00;02", "23:59:59:29", "00:00:00:30", "00:00:00:99", "99:59:59:59", "00:00:00:00", "-00:00:01:00");
  if (scalar === "Float" && /fps|frameRate/i.test(name)) return fc.constantFrom(23.976, 24, 29.97, 59.94, 119.88, 300, 0.001, 1e-9, 1000, 29.970029970029973, -25);
  if (scalar === "DateTime") return fc.constantFrom("2026-03-29T01:30:00Z", "2026-03-29T00:59:59.999Z", "2026-10-25T01:00:00Z", "1900-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "2026-03-01T06:00:00.0005Z");
  if (scalar === "SafeInt" && /duration|som|eom|timecode/i.test(name)) return fc.constantFrom(0, 1, -1, 86_400_000 * 366, 8.64e15, Number.MAX_SAFE_INTEGER);
  if (scalar === "Int" && /size|limit/i.test(name)) return fc.constantFrom(0, -1, 1, 1000, 1001, 100_000, 2 ** 31 - 1);
  if (scalar === "Int" && /page/i.test(name)) return fc.constantFrom(-1, 0, 2 ** 31 - 1, 1_000_000);
  if (scalar === "Int" && /version/i.test(name)) return fc.constantFrom(-1, 0, 2 ** 31 - 1);
  if (scalar === "SafeInt" && /milliseconds|shift|deviation|offset/i.test(name)) return fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 8.64e15, -8.64e15, 1);
  if (scalar === "Int" && name === "days") return fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 3_000_000, -3_000_000, 36_500);
  return null;
}

/** Ids that GraphQL's ID accepts (strings and integers) but no record has, some no integer column holds. */
const HOSTILE_IDS = ["0", "-1", "00", "01", " 1", "1 ", "1\n", "+1", "1e3", "0x10", "1.0", "99999999999999999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "2147483648", "\u0661"];

function hostileScalar(scalar: string, limits: FuzzLimits): fc.Arbitrary<unknown> {
  switch (scalar) {
    case "ID":
      return fc.oneof(
        { arbitrary: fc.constantFrom<unknown>(...HOSTILE_IDS), weight: 4 },
        { arbitrary: fc.constantFrom<unknown>(0, -1, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER), weight: 1 },
        { arbitrary: hostileStrings(limits), weight: 2 },
        { arbitrary: wrongTypes(limits), weight: 1 },
      );
    case "Int":
    case "SafeInt":
    case "Float":
      return fc.oneof({ arbitrary: hostileNumbers(scalar), weight: 6 }, { arbitrary: hostileStrings(limits), weight: 1 }, { arbitrary: wrongTypes(limits), weight: 1 });
    case "DateTime":
      return fc.oneof(
        { arbitrary: fc.constantFrom("1900-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z", "2026-03-29T01:30:00+01:00", "2026-03-01T06:00:00.123456789Z"), weight: 3 },
        { arbitrary: hostileStrings(limits), weight: 2 },
        { arbitrary: hostileNumbers("SafeInt"), weight: 1 },
        { arbitrary: wrongTypes(limits), weight: 1 },
      );
    case "Boolean":
      return fc.oneof(fc.constantFrom<unknown>("true", 1, 0, "false"), wrongTypes(limits));
    case "JSON":
    case "JSONObject":
      return fc.oneof(
        fc.constant(null).map(() => PROTO_KEYS()),
        deepInputs(limits),
        hostileStrings(limits).map((s) => ({ [s || "k"]: s })),
        hostileNumbers().map((n) => ({ n, list: [n] })),
        fc.constantFrom<unknown>([], "text", 1, true, { "\u0000": 1 }, { ["k".repeat(limits.maxStringLength + 1)]: 1 }),
      );
    default:
      return fc.oneof({ arbitrary: hostileStrings(limits), weight: 4 }, { arbitrary: hostileNumbers(), weight: 1 }, { arbitrary: wrongTypes(limits), weight: 1 });
  }
}

interface Gen {
  records: FuzzRecords;
  limits: FuzzLimits;
}

/** A plausible value of `type`: what a well-behaved client might send (it may still be refused, e.g. a foreign organization). */
function plausible(type: GraphQLInputType, ctx: Ctx, gen: Gen): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return plausible(type.ofType, ctx, gen);
  if (isListType(type)) return fc.array(plausible(type.ofType, ctx, gen), { maxLength: 3 });
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
  if (isScalarType(type)) return plausibleScalar(type.name, ctx, gen.records);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    const optional = ctx.depth > 5 ? [] : fields.filter((f) => !required.includes(f));
    return fc.subarray(optional, { maxLength: Math.min(3, optional.length) }).chain((chosen) => {
      const members: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of [...required, ...chosen]) members[f.name] = plausible(f.type, { ...ctx, name: f.name, parent: type.name, depth: ctx.depth + 1 }, gen);
      return fc.record(members).map(coherent);
    });
  }
  return fc.constant(null);
}

/** Pairs a client keeps in order or together: from before to (start before finish), period with periodType. */
function coherent<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = { ...value };
  for (const [a, b] of [["from", "to"], ["startDate", "finishDate"], ["loopFrom", "loopTo"], ["startTime", "endTime"], ["startDateFrom", "startDateTo"], ["finishDateFrom", "finishDateTo"], ["dateUpdatedFrom", "dateUpdatedTo"]]) {
    const x = out[a];
    const y = out[b];
    if (typeof x === "string" && typeof y === "string" && x > y) [out[a], out[b]] = [y, x];
  }
  if ("period" in out !== "periodType" in out) {
    delete out.period;
    delete out.periodType;
  }
  return out as T;
}

/** A hostile value of `type`: somewhere in it, a value meant to break something. */
function hostile(type: GraphQLInputType, ctx: Ctx, gen: Gen): fc.Arbitrary<unknown> {
  const { limits } = gen;
  if (isNonNullType(type)) return fc.oneof({ arbitrary: hostile(type.ofType, ctx, gen), weight: 9 }, { arbitrary: fc.constant(null), weight: 1 });
  if (isListType(type)) {
    const item = plausible(type.ofType, ctx, gen);
    return fc.oneof(
      // The longest list allowed, and one more: one plausible item repeated.
      item.map((x) => Array.from({ length: limits.maxListLength + 1 }, () => x)),
      item.map((x) => Array.from({ length: limits.maxListLength }, () => x)),
      fc.tuple(fc.array(item, { maxLength: 2 }), hostile(type.ofType, ctx, gen)).map(([items, bad]) => [...items, bad]),
      hostile(type.ofType, ctx, gen), // a single value where a list is expected (GraphQL coerces it to a list of one)
      deepInputs(limits),
    );
  }
  if (isEnumType(type)) {
    const names = type.getValues().map((v) => v.name);
    return fc.oneof(fc.constantFrom<unknown>("NOT_A_VALUE", names[0].toLowerCase(), ` ${names[0]}`, "", 1, "__proto__"), wrongTypes(limits));
  }
  if (isScalarType(type)) {
    const named = namedHostile(type.name, ctx);
    return named ? fc.oneof({ arbitrary: named, weight: 3 }, { arbitrary: hostileScalar(type.name, limits), weight: 2 }) : hostileScalar(type.name, limits);
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const base = plausible(type, ctx, gen) as fc.Arbitrary<Record<string, unknown>>;
    const oneFieldHostile = fc.constantFrom(...fields).chain((f) =>
      fc.tuple(base, hostile(f.type, { ...ctx, name: f.name, parent: type.name, depth: ctx.depth + 1 }, gen)).map(([obj, bad]) => ({ ...obj, [f.name]: bad })),
    );
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return fc.oneof(
      { arbitrary: oneFieldHostile, weight: 6 },
      { arbitrary: base.map((obj) => withOwnKeys(obj, { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } })), weight: 1 },
      {
        arbitrary: base.map((obj) => {
          const copy = { ...obj };
          if (required.length) delete copy[required[0].name];
          else copy.notAField = 1;
          return copy;
        }),
        weight: 1,
      },
      { arbitrary: wrongTypes(limits), weight: 1 },
    );
  }
  return wrongTypes(limits);
}

// ---------------------------------------------------------------------------------------------
// Cases

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

// ---------------------------------------------------------------------------------------------
// Sending and checking

export interface FuzzAnswer {
  status: number;
  elapsedMs: number;
  /** The body as text (a problem if it is not JSON). */
  text: string;
  body?: { data?: Record<string, unknown> | null; errors?: { message?: string; extensions?: { code?: unknown } }[] };
}

export async function sendCase(url: string, token: string | undefined, c: FuzzCase, requestId: string): Promise<FuzzAnswer> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let init: RequestInit;
  if (c.upload) {
    const uploadArg = c.uploadArg ?? "file";
    const form = new FormData();
    form.set("operations", JSON.stringify({ query: c.query, variables: c.variables }));
    form.set("map", JSON.stringify({ 0: [`variables.${uploadArg}`] }));
    form.set("0", new Blob([c.upload.content]), c.upload.name);
    init = { method: "POST", headers: { "apollo-require-preflight": "true", "x-request-id": requestId, ...auth }, body: form };
  } else {
    init = { method: "POST", headers: { "content-type": "application/json", "x-request-id": requestId, ...auth }, body: JSON.stringify({ query: c.query, variables: c.variables }) };
  }
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(url + "/graphql", init);
    text = await response.text();
  } catch (error) {
    // No answer at all (the connection closed or reset): status 0, the reason as the text.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, elapsedMs: performance.now() - started, text: `no answer: ${String(error)}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}` };
  }
  const elapsedMs = performance.now() - started;
  let body: FuzzAnswer["body"];
  try {
    body = JSON.parse(text) as FuzzAnswer["body"];
  } catch {
    body = undefined;
  }
  return { status: response.status, elapsedMs, text, body };
}

export type ProblemClass = "NO_ANSWER" | "HTTP_5XX" | "NOT_JSON" | "MALFORMED" | "INTERNAL_SERVER_ERROR" | "NO_CODE" | "ERROR_LOGGED" | "TOO_SLOW" | "WRITE_ON_ERROR" | "LIMIT_NOT_ENFORCED";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Why the service must refuse a case's arguments whoever sends them (docs/SECURITY.md "Query
 * limits"): a text over MAX_STRING_LENGTH bytes or holding a control character (keys too), a list
 * over MAX_LIST_LENGTH, lists and objects nested deeper than MAX_INPUT_DEPTH. Null when none applies.
 */
export function expectedRefusal(c: FuzzCase, limits: FuzzLimits): string | null {
  const limitAt = (coordinate: string | undefined) => (coordinate && limits.listLimitOf?.(coordinate)) || limits.maxListLength;
  const text = (value: string): string | null => {
    const bytes = Buffer.byteLength(value, "utf8");
    if (bytes > limits.maxStringLength) return `a text of ${bytes} bytes (MAX_STRING_LENGTH ${limits.maxStringLength})`;
    return CONTROL.test(value) ? "a control character in a text" : null;
  };
  // Depth is checked before going down, so the walk never goes deeper than MAX_INPUT_DEPTH + 1.
  const walk = (value: unknown, type: GraphQLInputType | undefined, coordinate: string | undefined, depth: number): string | null => {
    const bare = type && isNonNullType(type) ? type.ofType : type;
    if (typeof value === "string") return text(value);
    if (!value || typeof value !== "object") return null;
    if (depth + 1 > limits.maxInputDepth) return `input nested more than ${limits.maxInputDepth} levels (MAX_INPUT_DEPTH)`;
    if (Array.isArray(value)) {
      const limit = bare && isListType(bare) ? limitAt(coordinate) : limits.maxListLength;
      if (value.length > limit) return `a list of ${value.length} at ${coordinate ?? "?"} (its limit ${limit}, MAX_LIST_LENGTH ${limits.maxListLength})`;
      const inner = bare && isListType(bare) ? bare.ofType : undefined;
      for (const item of value) {
        const found = walk(item, inner, coordinate, depth + 1);
        if (found) return found;
      }
      return null;
    }
    const fields = bare && isInputObjectType(bare) ? bare.getFields() : undefined;
    for (const [key, item] of Object.entries(value)) {
      const found = text(key) ?? walk(item, fields?.[key]?.type, fields?.[key] && bare ? `${(bare as { name: string }).name}.${key}` : undefined, depth + 1);
      if (found) return found;
    }
    return null;
  };
  for (const [name, value] of Object.entries(c.args)) {
    const found = walk(value, c.argTypes[name], c.coordinates[name], 0);
    if (found) return found;
  }
  return null;
}

/** Codes of a refusal of the request's input itself (before any resolver ran). */
const INPUT_REFUSALS = new Set(["BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED", "GRAPHQL_PARSE_FAILED", "QUERY_TOO_COMPLEX", "PAYLOAD_TOO_LARGE"]);

export interface FuzzProblem {
  class: ProblemClass;
  detail: string;
}

/** Whether a mutation's answer is an error: errors, and no value for the field. */
export function answeredError(answer: FuzzAnswer, field: string): boolean {
  const errors = answer.body?.errors ?? [];
  return answer.status >= 400 || (errors.length > 0 && (answer.body?.data?.[field] ?? null) === null);
}

/** The checks every answer must pass (the write check is runFieldFuzz's: it needs the database). */
export function checkAnswer(answer: FuzzAnswer, limits: FuzzLimits, marginMs: number, errorLines: string[]): FuzzProblem[] {
  const problems: FuzzProblem[] = [];
  if (answer.status === 0) return [{ class: "NO_ANSWER", detail: `${answer.text} after ${Math.round(answer.elapsedMs)} ms` }, ...errorLines.map((line) => ({ class: "ERROR_LOGGED" as const, detail: line.slice(0, 400) }))];
  if (answer.status >= 500) problems.push({ class: "HTTP_5XX", detail: `HTTP ${answer.status}` });
  if (!answer.body || typeof answer.body !== "object") problems.push({ class: "NOT_JSON", detail: answer.text.slice(0, 200) });
  else {
    const errors = answer.body.errors;
    if (errors !== undefined && !Array.isArray(errors)) problems.push({ class: "MALFORMED", detail: "errors is not a list" });
    if (!("data" in answer.body) && !(Array.isArray(errors) && errors.length)) problems.push({ class: "MALFORMED", detail: "neither data nor errors" });
    for (const error of Array.isArray(errors) ? errors : []) {
      const code = error?.extensions?.code;
      if (typeof code !== "string" || !code) problems.push({ class: "NO_CODE", detail: String(error?.message).slice(0, 200) });
      else if (code === "INTERNAL_SERVER_ERROR") problems.push({ class: "INTERNAL_SERVER_ERROR", detail: String(error?.message).slice(0, 200) });
    }
  }
  if (answer.elapsedMs > limits.requestTimeoutMs + marginMs) problems.push({ class: "TOO_SLOW", detail: `${Math.round(answer.elapsedMs)} ms` });
  for (const line of errorLines) problems.push({ class: "ERROR_LOGGED", detail: line.slice(0, 400) });
  return problems;
}

export interface FuzzResult {
  case: FuzzCase;
  answer: FuzzAnswer;
  codes: string[];
  problems: FuzzProblem[];
}

export interface FieldFuzzOptions {
  /** The service's base URL (no /graphql). */
  url: string;
  /** A token per caller; "none" sends no Authorization header. Roles without a token are not run. */
  tokens: Partial<Record<FuzzRole, string>>;
  /** Cases per root field and role (FIELD_FUZZ_RUNS). */
  runsPerField: number;
  seed: number;
  /** The records plausible values name; a function is asked again before each field (versions move as mutations succeed). */
  records: FuzzRecords | (() => Promise<FuzzRecords>);
  limits: FuzzLimits;
  /** The schema to take the root fields from; else the service's, by introspection with a token. */
  schema?: GraphQLSchema;
  /** Also the fields with arguments below the root (default true). */
  nested?: boolean;
  /** Only these fields (`createEvent`, `Schedule.atVersion`; default all). */
  fields?: string[];
  /** Added to REQUEST_TIMEOUT_MS before an answer counts as too slow (default 5 s). */
  marginMs?: number;
  /** A fingerprint of every table: taken before and after a mutation answered with an error, they must agree. */
  fingerprint?: () => Promise<string>;
  /** The error-level log lines written since the last call (the requests are sent one at a time). */
  drainErrorLog?: () => string[];
  onResult?: (result: FuzzResult) => void;
}

/**
 * The order fields are fuzzed in: root queries, the fields below them, mutations, and the destructive
 * mutations last (delete, archive, discard, cancel, revert, restore), so that the records the
 * others name still exist when they run.
 */
export function fuzzOrder(fields: RootField[]): RootField[] {
  const rank = (f: RootField) => (f.via ? 1 : f.operation === "query" ? 0 : /^(delete|archive|discard|cancel|revert|restore)/.test(f.name) ? 3 : 2);
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/** Sends every case of the chosen root fields, one at a time; answers the results (also handed to onResult as they come). */
export async function runFieldFuzz(options: FieldFuzzOptions): Promise<FuzzResult[]> {
  const schema = options.schema ?? (await introspectSchema(options.url, options.tokens.admin ?? options.tokens.editor ?? options.tokens.viewer));
  const roles = FUZZ_ROLES.filter((r) => r === "none" || options.tokens[r]);
  const all = [...rootFields(schema), ...(options.nested === false ? [] : nestedFields(schema))];
  const chosen = fuzzOrder(all.filter((f) => !options.fields || options.fields.includes(f.name)));
  const marginMs = options.marginMs ?? 5_000;
  const results: FuzzResult[] = [];
  let before: string | undefined;
  for (const root of chosen) {
    const records = typeof options.records === "function" ? await options.records() : options.records;
    const cases = fieldCases(root, { records, limits: options.limits, runs: options.runsPerField, seed: options.seed, roles });
    for (const c of cases) {
      if (c.operation === "mutation" && options.fingerprint && before === undefined) before = await options.fingerprint();
      options.drainErrorLog?.();
      const answer = await sendCase(options.url, options.tokens[c.role], c, `fuzz-${c.field}-${c.role}-${c.index}`);
      const problems = checkAnswer(answer, options.limits, marginMs, options.drainErrorLog?.() ?? []);
      const refusal = expectedRefusal(c, options.limits);
      const codes = [...new Set((answer.body?.errors ?? []).map((e) => String(e?.extensions?.code)))];
      // A caller without a token may be refused as such first (an upload is, before its body is read).
      const refusedAs = (code: string) => INPUT_REFUSALS.has(code) || (c.role === "none" && code === "UNAUTHENTICATED");
      if (refusal && !(answeredError(answer, c.field) && codes.some(refusedAs))) {
        problems.push({ class: "LIMIT_NOT_ENFORCED", detail: `${refusal} was answered ${codes.join(", ") || "with data"}` });
      }
      if (c.operation === "mutation" && options.fingerprint) {
        if (answeredError(answer, c.field)) {
          const after = await options.fingerprint();
          if (after !== before) problems.push({ class: "WRITE_ON_ERROR", detail: `the database changed: ${before} -> ${after}` });
          before = after;
        } else before = undefined; // it wrote: the next mutation takes a new fingerprint first
      }
      const result = { case: c, answer, codes, problems };
      results.push(result);
      options.onResult?.(result);
    }
  }
  return results;
}

/** One line of a problem: enough to reproduce it (field, role, case index, seed) and see it. */
export function describeProblem(result: FuzzResult, seed: number, problem: FuzzProblem): string {
  const c = result.case;
  const args = JSON.stringify(c.args, (_key, value: unknown) => (typeof value === "string" && value.length > 80 ? `${value.slice(0, 40)}…(${value.length} chars)` : Array.isArray(value) && value.length > 5 ? [...value.slice(0, 2), `…(${value.length} items)`] : value));
  return `${problem.class} ${c.field} as ${c.role} (case ${c.index}, seed ${seed}${c.literalArgs.length ? ", literals" : ""}${c.upload ? `, upload ${c.upload.name}` : ""}): ${problem.detail}\n    args ${args.slice(0, 600)}\n    answer HTTP ${result.answer.status} ${result.answer.text.slice(0, 400)}`;
}
