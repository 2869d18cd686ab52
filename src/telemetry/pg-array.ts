// PostgreSQL array literals, so that a column of a whole batch travels as one text parameter
// (`$1::text[]`) and unnest() turns the columns back into rows: cheaper to build and to parse than
// JSON with a key per value. Pure.

/** `{"a","b\"c",NULL}`: every element quoted, backslashes and quotes escaped. */
export function textArray(values: readonly (string | null | undefined)[]): string {
  return `{${values.map((v) => (v === null || v === undefined ? "NULL" : `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)).join(",")}}`;
}

/** `{1,2.5,NULL}`; non-finite numbers become NULL (GraphQL never sends them). */
export function numberArray(values: readonly (number | null | undefined)[]): string {
  return `{${values.map((v) => (v === null || v === undefined || !Number.isFinite(v) ? "NULL" : String(v))).join(",")}}`;
}
