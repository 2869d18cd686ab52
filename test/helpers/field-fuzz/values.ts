// The values of the field fuzz's arguments (field-fuzz.ts), drawn by fast-check from a GraphQL input
// type: plausible ones (plausible: real ids of the seeded records, valid dates, coherent pairs) and
// hostile ones (hostile: the longest list allowed and one more, NUL and control characters, lone
// surrogates, extreme numbers, over-long and empty strings, inputs past MAX_INPUT_DEPTH,
// `__proto__` and `constructor` keys, wrong types, and values of an argument's own domain its rules
// may not expect, by its name).
import fc from "fast-check";
import { isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType } from "graphql";
import type { FuzzLimits, FuzzRecords } from "./fields.js";

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

export interface Ctx {
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

export interface Gen {
  records: FuzzRecords;
  limits: FuzzLimits;
}

/** A plausible value of `type`: what a well-behaved client might send (it may still be refused, e.g. a foreign organization). */
export function plausible(type: GraphQLInputType, ctx: Ctx, gen: Gen): fc.Arbitrary<unknown> {
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
export function coherent<T extends Record<string, unknown>>(value: T): T {
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
export function hostile(type: GraphQLInputType, ctx: Ctx, gen: Gen): fc.Arbitrary<unknown> {
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
