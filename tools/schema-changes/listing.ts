// The table of accepted breaking changes in docs/SCHEMA-CHANGES.md ("Listed breaking changes"), and
// the deprecation a listed removal must have gone through. docs/SCHEMA-CHANGES.md describes the
// format; tools/check-schema-changes.ts uses both.
import { ChangeType } from "@graphql-inspector/core";
import { getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, type GraphQLField, type GraphQLInputField, type GraphQLSchema } from "graphql";

export const LISTING_HEADING = "Listed breaking changes";
export const LISTING_COLUMNS = ["Coordinate", "Change", "Deprecated in", "Removed on", "Why"] as const;
/** How long a field stays deprecated before it may go (docs/SCHEMA-CHANGES.md "How long a deprecated field stays"). */
export const MIN_DEPRECATION_DAYS = 90;
/** Removals: each must have been @deprecated (a type: every use of it) in the base and since the commit listed. */
export const REMOVALS: ReadonlySet<string> = new Set([ChangeType.FieldRemoved, ChangeType.InputFieldRemoved, ChangeType.FieldArgumentRemoved, ChangeType.EnumValueRemoved, ChangeType.TypeRemoved]);
const KNOWN_CHANGES: ReadonlySet<string> = new Set(Object.values(ChangeType));

export interface Listing {
  /** 1-based line in the document. */
  line: number;
  /** A schema coordinate as @graphql-inspector/core writes a change's path: `Type`, `Type.field`, `Type.field.argument`, `Enum.VALUE`. */
  coordinate: string;
  /** @graphql-inspector/core's change type, e.g. FIELD_REMOVED. */
  change: string;
  /** The commit (or tag) whose schema.graphql first carried the deprecation, or "none". */
  deprecatedIn: string;
  removedOn: string;
  why: string;
}

export interface ParsedListings {
  listings: Listing[];
  /** Rows or a table that do not follow the format: each fails the check. */
  problems: string[];
}

const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim().replace(/^`(.*)`$/, "$1"));

/** The rows of the "Listed breaking changes" table; fenced code blocks (examples) are not read. */
export function parseListings(markdown: string, file = "docs/SCHEMA-CHANGES.md"): ParsedListings {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${LISTING_HEADING}`);
  if (start < 0) return { listings: [], problems: [`${file} has no "## ${LISTING_HEADING}" section`] };
  const listings: Listing[] = [];
  const problems: string[] = [];
  let fenced = false;
  let header: string[] | null = null;
  for (let index = start + 1; index < lines.length; index++) {
    const text = lines[index];
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced || !text.trim().startsWith("|")) {
      if (!fenced && /^#{1,2}\s/.test(text)) break;
      continue;
    }
    const line = index + 1;
    const row = cells(text);
    if (!header) {
      header = row;
      if (row.join("|") !== LISTING_COLUMNS.join("|")) problems.push(`${file}:${line}: the table's columns must be ${LISTING_COLUMNS.join(", ")}`);
      continue;
    }
    if (row.every((cell) => /^:?-+:?$/.test(cell))) continue;
    const [coordinate = "", change = "", deprecatedIn = "", removedOn = "", why = ""] = row;
    const wrong = (what: string) => problems.push(`${file}:${line}: ${what}`);
    if (row.length !== LISTING_COLUMNS.length) wrong(`${row.length} cells, the table has ${LISTING_COLUMNS.length}`);
    else if (!/^[_A-Za-z]\w*(\.[_A-Za-z]\w*){0,2}$/.test(coordinate)) wrong(`"${coordinate}" is not a schema coordinate (Type, Type.field or Type.field.argument)`);
    else if (!KNOWN_CHANGES.has(change)) wrong(`"${change}" is not a change type of @graphql-inspector/core (FIELD_REMOVED, …)`);
    else if (!/^\S+$/.test(deprecatedIn)) wrong(`"Deprecated in" must be a commit, a tag or "none"`);
    else if (REMOVALS.has(change) && deprecatedIn === "none") wrong(`${coordinate}: a removal names the commit that deprecated it ("none" is only for changes that cannot be deprecated)`);
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(removedOn)) wrong(`"Removed on" must be a date, YYYY-MM-DD`);
    else if (!why) wrong(`${coordinate}: "Why" is empty`);
    else listings.push({ line, coordinate, change, deprecatedIn, removedOn, why });
  }
  if (!header) problems.push(`${file}: the "${LISTING_HEADING}" section holds no table`);
  return { listings, problems };
}

/**
 * Whether the thing at `coordinate` is deprecated in `schema`: "deprecated", "not deprecated", or
 * "absent". A type cannot be deprecated itself: it counts as deprecated when every field, argument
 * and input field of the other types that uses it is deprecated and no union or object type outside
 * `goingWith` (types removed in the same change) holds it.
 */
export function deprecationIn(schema: GraphQLSchema, coordinate: string, goingWith: ReadonlySet<string> = new Set()): "deprecated" | "not deprecated" | "absent" {
  const [typeName, member, argument] = coordinate.split(".");
  const type = schema.getType(typeName);
  if (!type) return "absent";
  const state = (reason: string | null | undefined) => (reason != null ? "deprecated" : "not deprecated");
  if (member === undefined) return undeprecatedUses(schema, typeName, goingWith).length === 0 ? "deprecated" : "not deprecated";
  if (isEnumType(type)) {
    const value = type.getValue(member);
    return value && argument === undefined ? state(value.deprecationReason) : "absent";
  }
  if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) return "absent";
  const field = type.getFields()[member];
  if (!field) return "absent";
  if (argument === undefined) return state(field.deprecationReason);
  const arg = "args" in field ? field.args.find((a) => a.name === argument) : undefined;
  return arg ? state(arg.deprecationReason) : "absent";
}

/** The places of `schema` outside `goingWith` that use the type `typeName` and are not deprecated. */
export function undeprecatedUses(schema: GraphQLSchema, typeName: string, goingWith: ReadonlySet<string> = new Set()): string[] {
  const uses: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__") || type.name === typeName || goingWith.has(type.name)) continue;
    if (isUnionType(type) && type.getTypes().some((member) => member.name === typeName)) uses.push(`${type.name} (union member)`);
    if ((isObjectType(type) || isInterfaceType(type)) && type.getInterfaces().some((i) => i.name === typeName)) uses.push(`${type.name} (implements it)`);
    if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields()) as (GraphQLField<unknown, unknown> | GraphQLInputField)[]) {
      if (field.deprecationReason != null) continue;
      if (getNamedType(field.type).name === typeName) uses.push(`${type.name}.${field.name}`);
      for (const arg of "args" in field ? field.args : []) {
        if (arg.deprecationReason == null && getNamedType(arg.type).name === typeName) uses.push(`${type.name}.${field.name}.${arg.name}`);
      }
    }
  }
  return uses;
}
