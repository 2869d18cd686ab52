// The one CSV writer of the service: every CSV it writes (as-run reconciliation today, any export
// later) builds its cells here. Text that a spreadsheet would read as a formula (it begins with
// =, +, -, @, tab or carriage return) is neutralized as OWASP recommends: prefixed with a single
// quote and quoted, so that a title or an id a caller sent never runs in an operator's
// spreadsheet. Numbers the service computes are written as they are (a negative deviation stays
// a number).

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for null, numbers as they are, text quoted when needed and neutralized when it looks like a formula. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One line of cells, ended by CR LF (RFC 4180). */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}
