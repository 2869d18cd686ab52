// The `Vary` header grown by one field, as express's `res.vary` grows it (the `vary` package's
// rule), for the handlers of the direct route, which have node's response only.
import type { ServerResponse } from "node:http";

/** Adds `field` to the answer's Vary header unless it (or `*`) is there already. */
export function varyOn(res: Pick<ServerResponse, "getHeader" | "setHeader">, field: string): void {
  const header = res.getHeader("vary");
  const current = Array.isArray(header) ? header.join(", ") : header === undefined ? "" : String(header);
  const fields = current.split(",").map((f) => f.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field.toLowerCase())) return;
  res.setHeader("vary", current.trim() ? `${current}, ${field}` : field);
}
