// Which statement texts run as named prepared statements. postgres.js keeps every text it named
// for its connection's life (its max_lifetime, 30–60 min) and PostgreSQL keeps each one's plan in
// the backend; the texts grow with the selection shapes callers send (a plan's column subsets,
// its conditions), so named without a bound, a caller cycling through shapes would grow every
// backend's memory. The first texts up to `entries` (and `bytes` of text) are named; any later one
// runs unnamed (a describe round trip and a parse each time, as before statements were named), so
// no connection holds more than that many. Shapes the service sends often are among the first.

/** The texts of a database's connections that may be named (shared by its pools: each connection names at most these). */
export interface NamingBound {
  (text: string): boolean;
  /** How many texts are named so far. */
  readonly size: number;
}

export const NAMED_STATEMENTS = { entries: 1000, bytes: 8 * 1024 * 1024 };

export function namingBound(limits: { entries: number; bytes: number } = NAMED_STATEMENTS): NamingBound {
  const named = new Set<string>();
  let bytes = 0;
  const mayName = (text: string) => {
    if (named.has(text)) return true;
    if (named.size >= limits.entries || bytes + text.length > limits.bytes) return false;
    named.add(text);
    bytes += text.length;
    return true;
  };
  return Object.defineProperty(mayName, "size", { get: () => named.size }) as NamingBound;
}
