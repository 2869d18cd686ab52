// Events of a JSON file are checked against the GraphQL EventInput type itself, so that a file
// accepts exactly what createEvent accepts (enums, scalars, nested inputs), with the path named.
// One difference, the rule of every import format (formats/times.ts): a DateTime without a zone is
// read in the schedule's zone (UTC unless the file's schedule names one).
import {
  coerceInputValue,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { badInput } from "../common/errors.js";
import type { EventInput } from "../events/index.js";
import type { EventCoercer } from "./formats/json.js";

export type { EventCoercer } from "./formats/json.js";
import { instantInZone, parseIsoInstant } from "./formats/times.js";

/** The value with every zone-less DateTime string in it (at any depth) made an instant of `zone`; `path` names a skipped local time. */
function zonelessIn(value: unknown, type: GraphQLInputType, zone: string, path: string): unknown {
  const inner = getNullableType(type);
  if (value === null || value === undefined) return value;
  if (isListType(inner)) return Array.isArray(value) ? value.map((v, i) => zonelessIn(v, inner.ofType, zone, `${path}[${i}]`)) : zonelessIn(value, inner.ofType, zone, path);
  if (isScalarType(inner)) {
    if (inner.name !== "DateTime" || typeof value !== "string") return value;
    const parsed = parseIsoInstant(value);
    if (!parsed || parsed.zoned) return value;
    const instant = instantInZone(parsed, zone);
    if (instant === null) throw badInput(`${path}: "${value}" does not exist in ${zone}: the clocks skip it`);
    return new Date(instant).toISOString();
  }
  if (isInputObjectType(inner) && typeof value === "object" && !Array.isArray(value)) {
    const fields = inner.getFields();
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) out[key] = fields[key] ? zonelessIn(v, fields[key].type, zone, `${path}.${key}`) : v;
    return out;
  }
  return value;
}

export function eventCoercer(schema: GraphQLSchema): EventCoercer {
  const type = schema.getType("EventInput");
  if (!isInputObjectType(type)) throw new Error("the schema has no EventInput input type");
  return (value, at, zone = "UTC") => {
    let failure: string | null = null;
    const coerced = coerceInputValue(zonelessIn(value, type, zone, at), type, (path, _invalid, error) => {
      failure ??= `${[at, ...path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`))].join("").replace(/\.\[/g, "[")}: ${error.message}`;
    });
    if (failure) throw badInput(failure);
    return coerced as EventInput;
  };
}

/**
 * Where the slice gets the coercer of the process's executable schema: built where the schema is
 * built (src/server/graphql/schema.ts) and handed in, as the schema imports every resolver, this slice's among them.
 */
export type EventCoercerSource = () => Promise<EventCoercer>;
