// Checks of a request's shape right after its body is read, before anything parses or walks it:
// the query text's size (MAX_QUERY_BYTES, comments and whitespace included), the nesting of its
// variables (MAX_INPUT_DEPTH, walked without recursion: 100,000 nested lists once overflowed the
// stack of the recursive text rule) and the names of its variables.
import { GraphQLError } from "graphql";
import { QueryLimitError } from "./query-limits.js";

/** Longest variable name accepted (GraphQL names are identifiers: a few dozen characters in practice). */
export const MAX_VARIABLE_NAME_LENGTH = 100;
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

function badInput(message: string, argument: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", argument, http: { status: 400 } } });
}

/** QUERY_TOO_COMPLEX when the text is longer than `maxBytes` UTF-8 bytes. */
export function checkQueryBytes(query: string, maxBytes: number): void {
  // At most 3 bytes per UTF-16 unit: most texts need no byte count.
  if (query.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(query, "utf8");
  if (bytes > maxBytes) throw new QueryLimitError(`The query text is ${bytes} bytes, more than the limit of ${maxBytes} (MAX_QUERY_BYTES; comments and whitespace count)`, "bytes");
}

/** How deep lists and objects nest in `value` (a scalar is 0), stopping once past `max`; iterative. */
export function nestingDepth(value: unknown, max: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: item, depth } = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > max) return deepest;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) if (child !== null && typeof child === "object") stack.push({ value: child, depth: level });
  }
  return deepest;
}

/** BAD_USER_INPUT for a variable nested deeper than `maxDepth` or a variable name that is no GraphQL name. */
export function checkVariables(variables: unknown, maxDepth: number): void {
  if (variables === null || typeof variables !== "object" || Array.isArray(variables)) return;
  for (const [name, value] of Object.entries(variables)) {
    if (name.length > MAX_VARIABLE_NAME_LENGTH || !NAME.test(name)) {
      throw badInput(`The variable name "${name.slice(0, 40)}${name.length > 40 ? "…" : ""}" is not a GraphQL name of at most ${MAX_VARIABLE_NAME_LENGTH} characters`, "variables");
    }
    if (nestingDepth(value, maxDepth) > maxDepth) {
      throw badInput(`$${name}: lists and objects nest deeper than ${maxDepth} levels (MAX_INPUT_DEPTH)`, `$${name}`);
    }
  }
}
