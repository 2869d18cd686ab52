// The rows of a kept statement (planned-select.ts) mapped by a mapper made once for it. drizzle maps
// every row through mapResultRow, which for every value asks again what kind of field it is (`is`,
// a walk up the prototype chain) and walks the field's path with an iterator: a third of a jobs
// page's database work in the server's profile, with the timestamps read by V8's general date
// parser. A kept statement's fields never change, so its mapper picks each field's decoder once;
// an instant is read from PostgreSQL's text by timestamp-text.ts. A statement whose fields nest (a
// join's tables) keeps drizzle's mapper.
import { Column, is, SQL } from "drizzle-orm";
import { PgTimestamp } from "drizzle-orm/pg-core";
import { dateOfTimestampText } from "./timestamp-text.js";
import { objectMaker } from "../common/object-maker.js";

/** What drizzle's prepared queries (postgres.js and PGlite alike) hold of a select's fields. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type Decode = (value: unknown) => unknown;
/** drizzle's decoder of a field (`mapFromDriverValue`); an SQL field's is internal to drizzle. */
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder drizzle would use for `field` (mapResultRow's choice), null for a field it would not map alone. */
function decoderOf(field: unknown): Decode | null {
  if (is(field, PgTimestamp) && field.withTimezone) {
    const general = (value: unknown) => (field as Decoder).mapFromDriverValue(value);
    return (value) => (typeof value === "string" ? dateOfTimestampText(value) : general(value));
  }
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  if (is(field, SQL)) return decodedBy((field as unknown as { decoder: Decoder }).decoder);
  if (is(field, SQL.Aliased)) return decodedBy((field.sql as unknown as { decoder: Decoder }).decoder);
  return null;
}

function decodedBy(decoder: Decoder): Decode {
  return (value) => decoder.mapFromDriverValue(value);
}

/** Rows of values (a select's `.values()`) as objects of the fields' names, each decoded by its field's decoder. */
export function flatRowMapper(fields: { path: string[]; field: unknown }[]): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  if (!fields.length || fields.some((f) => f.path.length !== 1)) return null;
  const names = fields.map((f) => f.path[0]);
  const decoders = fields.map((f) => decoderOf(f.field));
  if (decoders.some((d) => d === null)) return null;
  const decode = decoders as Decode[];
  const width = names.length;
  // Objects of one shape (common/object-maker.ts): a row of more than 16 columns made key by key was a dictionary.
  const make = objectMaker(names);
  return (rows) => {
    const out = new Array<Record<string, unknown>>(rows.length);
    const values: unknown[] = new Array(width);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      for (let i = 0; i < width; i++) {
        const value = row[i];
        values[i] = value === null ? null : decode[i](value);
      }
      out[r] = make(values);
    }
    return out;
  };
}

/**
 * Gives a prepared select of flat fields the mapper above (answers it as it was given). Its joins'
 * nullability (drizzle's joinsNotNullableMap) applies only to nested fields, which keep drizzle's.
 */
export function withFlatRows<P>(prepared: P): P {
  const select = prepared as PreparedSelect;
  if (!select.fields || select.customResultMapper) return prepared;
  const mapper = flatRowMapper(select.fields);
  if (mapper) select.customResultMapper = mapper;
  return prepared;
}
