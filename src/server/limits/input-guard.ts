// One rule for every text a request carries (docs/SECURITY.md): string literals of arguments and
// variable defaults, and every string (and object key) of the variables. No NUL or other control
// character except tab, line feed and carriage return (PostgreSQL refuses NUL in text and jsonb),
// and at most MAX_STRING_LENGTH UTF-8 bytes (a btree index entry holds about 2.7 kB). Checked
// once per request before any resolver runs, answered BAD_USER_INPUT naming the argument.
import { GraphQLError, Kind, visit, type DocumentNode, type ValueNode } from "graphql";

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function refusal(argument: string, message: string): GraphQLError {
  return new GraphQLError(`${argument}: ${message}`, { extensions: { code: "BAD_USER_INPUT", argument, http: { status: 400 } } });
}

/** Why a text breaks the rule, or null (messages are built only for a text that breaks it). */
function textProblem(value: string, maxBytes: number, what: string): string | null {
  // Bytes are at most 3 per UTF-16 unit: most strings need no byte count at all.
  if (value.length * 3 > maxBytes && Buffer.byteLength(value, "utf8") > maxBytes) return `${what} is longer than ${maxBytes} bytes (MAX_STRING_LENGTH)`;
  const bad = FORBIDDEN.exec(value);
  if (!bad) return null;
  const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  return `${what} holds the control character U+${code} at position ${bad.index} (only tab, line feed and carriage return are accepted)`;
}

function checkText(value: string, argument: string, maxBytes: number, what = "text"): void {
  const problem = textProblem(value, maxBytes, what);
  if (problem) throw refusal(argument, problem);
}

/** A literal's text and nesting; its depth is bounded by MAX_TOKENS, so the recursion is too. */
function checkLiteral(node: ValueNode, path: string, maxBytes: number, maxDepth: number, depth = 0): void {
  if ((node.kind === Kind.LIST || node.kind === Kind.OBJECT) && depth >= maxDepth) throw refusal(path, `lists and objects nest deeper than ${maxDepth} levels (MAX_INPUT_DEPTH)`);
  switch (node.kind) {
    case Kind.STRING:
      checkText(node.value, path, maxBytes);
      break;
    case Kind.LIST:
      node.values.forEach((value, i) => checkLiteral(value, `${path}[${i}]`, maxBytes, maxDepth, depth + 1));
      break;
    case Kind.OBJECT:
      for (const field of node.fields) checkLiteral(field.value, `${path}.${field.name.value}`, maxBytes, maxDepth, depth + 1);
      break;
    default:
  }
}

function checkVariable(value: unknown, path: string, maxBytes: number): void {
  if (typeof value === "string") checkText(value, path, maxBytes);
  else if (Array.isArray(value)) value.forEach((item, i) => checkVariable(item, `${path}[${i}]`, maxBytes));
  else if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      checkText(key, `${path}.${key.slice(0, 50)}`, maxBytes, "key");
      checkVariable(item, `${path}.${key}`, maxBytes);
    }
  }
}

/** Throws a BAD_USER_INPUT GraphQLError for the first text of the request that breaks the rule. */
export function checkRequestStrings(document: DocumentNode, variables: Record<string, unknown> | undefined, maxBytes: number): void {
  checkDocumentStrings(document, maxBytes);
  checkVariableStrings(variables, maxBytes);
}

/** The document's part of checkRequestStrings: argument literals and variable defaults. */
export function checkDocumentStrings(document: DocumentNode, maxBytes: number, maxDepth = Infinity): void {
  visit(document, {
    Argument(node, _key, _parent, _path, ancestors) {
      const owner = ancestors[ancestors.length - 1];
      const field = owner && "kind" in owner && (owner.kind === Kind.FIELD || owner.kind === Kind.DIRECTIVE) ? owner.name.value : "";
      checkLiteral(node.value, field ? `${field}(${node.name.value})` : node.name.value, maxBytes, maxDepth);
      return false;
    },
    VariableDefinition(node) {
      if (node.defaultValue) checkLiteral(node.defaultValue, `$${node.variable.name.value}`, maxBytes, maxDepth);
      return false;
    },
  });
}

/** Whether checkVariable would accept the value, without building a path per value (55,000 of them in a telemetry batch). */
function variableOk(value: unknown, maxBytes: number, goodKeys: Set<string>): boolean {
  if (typeof value === "string") return textProblem(value, maxBytes, "text") === null;
  if (!value || typeof value !== "object") return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!variableOk(value[i], maxBytes, goodKeys)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return true;
  for (const key in value) {
    // A list of inputs repeats the same few keys: each is checked once.
    if (!goodKeys.has(key)) {
      if (textProblem(key, maxBytes, "key") !== null) return false;
      goodKeys.add(key);
    }
    if (!variableOk((value as Record<string, unknown>)[key], maxBytes, goodKeys)) return false;
  }
  return true;
}

/** The variables' part of checkRequestStrings: every string and object key they hold. */
export function checkVariableStrings(variables: Record<string, unknown> | undefined, maxBytes: number): void {
  // The walk that names the offending argument runs only once a value is known to break the rule.
  const goodKeys = new Set<string>();
  for (const name in variables) if (!variableOk(variables[name], maxBytes, goodKeys)) checkVariable(variables[name], `$${name}`, maxBytes);
}
