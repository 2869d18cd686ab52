// The per-request checks of app.ts (MAX_TOKENS, introspection needs a token, the text rule,
// MAX_QUERY_COST), each run once per document where its outcome depends on the document alone:
// together they cost about 0.5 ms a request, more than executing a small query. Apollo keeps
// each parsed and validated document as one object, so a WeakMap on it follows Apollo's cache;
// the cost depends on the variables used as `size` or `if` only, so it is kept per their values.
import { GraphQLError, visit, type DocumentNode } from "graphql";
import { checkDocumentStrings, checkVariableStrings } from "./input-guard.js";
import { listLimitCheck } from "./list-limits.js";
import { checkCostLimit, checkTokens, costVariables, operationCost, QueryLimitError } from "./query-limits.js";
import type { GraphQLSchema } from "graphql";
import { boundedLru, type LRUCache } from "../../common/bounded-lru.js";

/** Query texts known to be within MAX_TOKENS; longer texts are checked every time. */
const KEPT_QUERIES = 500;
const KEPT_QUERY_LENGTH = 20_000;
/** Costs kept per document (one per distinct set of `size`/`if` variable values). */
const KEPT_COSTS = 64;

type CostOutcome = { cost: number | undefined } | { refused: QueryLimitError };

interface DocumentFacts {
  readsSchema: boolean;
  /** The document's own text that breaks the rule (argument literals, variable defaults). */
  textRefusal: GraphQLError | undefined;
  costVariables: string[];
  costs: LRUCache<string, CostOutcome>;
}

/** Whether the operation reads the schema (`__schema`, `__type`); `__typename` reveals nothing. */
function readsSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === "__schema" || node.name.value === "__type") found = true;
    },
  });
  return found;
}

/** A fresh copy of a kept refusal: each answer formats its own error object. */
const again = (error: GraphQLError) =>
  error instanceof QueryLimitError ? new QueryLimitError(error.message, String(error.extensions.limit)) : new GraphQLError(error.message, { extensions: error.extensions });

export interface RequestChecks {
  /** checkTokens of query-limits.ts, once per distinct query text; `keep: false` (a request without a token) remembers nothing. */
  tokens(query: string, keep?: boolean): void;
  readsSchema(document: DocumentNode): boolean;
  /** checkRequestStrings of input-guard.ts: the document's part once, the variables' every time. */
  strings(document: DocumentNode, variables: Record<string, unknown>): void;
  /** checkCost of query-limits.ts, once per document, operation and `size`/`if` variable values: the cost (undefined for variables execution refuses). */
  cost(document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>): number | undefined;
  /** listLimitCheck of list-limits.ts: every list argument within MAX_LIST_LENGTH (or its higher limit); where lists sit, once per document. */
  lists(document: DocumentNode, variables: Record<string, unknown>, operationName?: string): void;
}

export function requestChecks(schema: GraphQLSchema, limits: { maxTokens: number; maxStringLength: number; maxQueryCost: number; maxInputDepth?: number; maxListLength: number }): RequestChecks {
  const withinTokens = boundedLru<string, true>({ entries: KEPT_QUERIES });
  const facts = new WeakMap<DocumentNode, DocumentFacts>();
  const lists = listLimitCheck(schema, limits);

  const factsOf = (document: DocumentNode): DocumentFacts => {
    let known = facts.get(document);
    if (!known) {
      let textRefusal: GraphQLError | undefined;
      try {
        checkDocumentStrings(document, limits.maxStringLength, limits.maxInputDepth);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        textRefusal = error;
      }
      known = { readsSchema: readsSchema(document), textRefusal, costVariables: [...costVariables(document)], costs: boundedLru<string, CostOutcome>({ entries: KEPT_COSTS }) };
      facts.set(document, known);
    }
    return known;
  };

  return {
    tokens(query, keep = true) {
      if (withinTokens.get(query)) return;
      checkTokens(query, limits.maxTokens);
      if (keep && query.length <= KEPT_QUERY_LENGTH) withinTokens.set(query, true);
    },
    readsSchema: (document) => factsOf(document).readsSchema,
    strings(document, variables) {
      const { textRefusal } = factsOf(document);
      if (textRefusal) throw again(textRefusal);
      checkVariableStrings(variables, limits.maxStringLength);
    },
    cost(document, operationName, variables) {
      const known = factsOf(document);
      // Absent and null differ (a default applies to the first only): `-` marks absent.
      const key = `${operationName ?? ""}\u0000${known.costVariables.map((name) => (Object.hasOwn(variables, name) ? JSON.stringify(variables[name]) : "-")).join("\u0000")}`;
      let outcome = known.costs.get(key);
      if (!outcome) {
        try {
          outcome = { cost: operationCost(schema, document, operationName, variables) };
        } catch (error) {
          if (!(error instanceof QueryLimitError)) throw error;
          outcome = { refused: error };
        }
        known.costs.set(key, outcome);
      }
      if ("refused" in outcome) throw again(outcome.refused);
      return checkCostLimit(outcome.cost, limits.maxQueryCost);
    },
    lists,
  };
}
