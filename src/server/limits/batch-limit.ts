// Batched requests (Apollo Client's BatchHttpLink, a JSON array of operations in one POST): at most
// MAX_BATCH_SIZE operations, and the query limits counted over the batch as a whole, so that ten
// operations just under a limit each cannot together do ten times what one may. Apollo then runs
// each operation with its own checks (depth, aliases, directives, cost, text rule) as usual.
import { MaxTokensParserWLexer } from "@escape.tech/graphql-armor-max-tokens";
import { GraphQLError, visit, type DocumentNode, type GraphQLSchema } from "graphql";
import type { PlainHandler } from "../http/index.js";
import type { Config } from "../../config.js";
import type { Logger } from "../../common/log.js";
import { answerPathOf, requestIdOf, sendJsonError } from "../http/index.js";
import { operationCost, QUERY_TOO_COMPLEX, QueryLimitError } from "./query-limits.js";

export type BatchLimits = Pick<Config, "maxBatchSize" | "maxTokens" | "maxAliases" | "maxDirectives" | "maxQueryCost">;

/** A batch over a limit: the limit's name and a message for the client. */
export class BatchRefusal extends Error {
  constructor(
    message: string,
    readonly limit: string,
  ) {
    super(message);
  }
}

interface BatchedOperation {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/** Aliases and directives anywhere in the document (a fragment counted once, where it is defined). */
export function countAliasesAndDirectives(document: DocumentNode): { aliases: number; directives: number } {
  let aliases = 0;
  let directives = 0;
  visit(document, {
    Field(node) {
      if (node.alias) aliases++;
    },
    Directive() {
      directives++;
    },
  });
  return { aliases, directives };
}

/** What checking a batch found: its estimated cost and the operations that parsed (the rate limits spend the cost). */
export interface BatchFacts {
  cost: number;
  operations: { document: DocumentNode; operationName: string | undefined; variables: Record<string, unknown> }[];
}

/** The facts batchLimit found for this request, when it is a batch within its limits. */
export const batchFactsOf = (res: { locals: Record<string, any> }): BatchFacts | undefined => res.locals.batchFacts;

/**
 * Throws BatchRefusal when the batch has more operations than MAX_BATCH_SIZE, or when its operations
 * together have more tokens, aliases, directives or estimated cost than one operation may.
 * Operations that do not parse, or whose variables do not fit, are left to Apollo to answer.
 */
export function checkBatch(schema: GraphQLSchema, operations: readonly unknown[], limits: BatchLimits): BatchFacts {
  if (operations.length > limits.maxBatchSize) {
    throw new BatchRefusal(`The batch has ${operations.length} operations, more than ${limits.maxBatchSize} (MAX_BATCH_SIZE)`, "batchSize");
  }
  let tokensLeft = limits.maxTokens;
  let aliases = 0;
  let directives = 0;
  let cost = 0;
  const parsed: BatchFacts["operations"] = [];
  for (const operation of operations) {
    const { query, operationName, variables } = (operation ?? {}) as BatchedOperation;
    if (typeof query !== "string") continue;
    // Parses at most the tokens the batch has left: the whole batch's parsing stays bounded.
    const parser = new MaxTokensParserWLexer(query, { n: tokensLeft });
    let document: DocumentNode;
    try {
      document = parser.parseDocument();
    } catch (error) {
      if (error instanceof GraphQLError && /Token limit of \d+ exceeded/.test(error.message)) {
        throw new BatchRefusal(`The batch's documents together have more than ${limits.maxTokens} tokens (MAX_TOKENS)`, "tokens");
      }
      continue;
    }
    tokensLeft -= parser.tokenCount;
    const counts = countAliasesAndDirectives(document);
    aliases += counts.aliases;
    directives += counts.directives;
    try {
      const vars = variables && typeof variables === "object" ? (variables as Record<string, unknown>) : {};
      const name = typeof operationName === "string" ? operationName : undefined;
      cost += operationCost(schema, document, name, vars) ?? 0;
      parsed.push({ document, operationName: name, variables: vars });
    } catch (error) {
      if (error instanceof QueryLimitError) throw new BatchRefusal(error.message, "cost");
      throw error;
    }
  }
  if (aliases > limits.maxAliases) throw new BatchRefusal(`The batch's operations together have ${aliases} aliases, more than ${limits.maxAliases} (MAX_ALIASES)`, "aliases");
  if (directives > limits.maxDirectives) throw new BatchRefusal(`The batch's operations together have ${directives} directives, more than ${limits.maxDirectives} (MAX_DIRECTIVES)`, "directives");
  if (cost > limits.maxQueryCost) throw new BatchRefusal(`The batch's estimated cost ${cost} is above the limit of ${limits.maxQueryCost} (MAX_QUERY_COST); send fewer operations or ask for smaller pages`, "cost");
  return { cost, operations: parsed };
}

/** Middleware after the body parsers: a batch over a limit is answered 400 QUERY_TOO_COMPLEX before Apollo sees it. */
export function batchLimit(schema: GraphQLSchema, limits: BatchLimits, log: Logger): PlainHandler {
  return (req, res, next) => {
    if (!Array.isArray(req.body)) return next();
    try {
      res.locals.batchFacts = checkBatch(schema, req.body, limits);
    } catch (error) {
      if (!(error instanceof BatchRefusal)) throw error;
      sendJsonError(res, 400, QUERY_TOO_COMPLEX, error.message, { limit: error.limit });
      return log.info("graphql", { requestId: requestIdOf(res), operation: null, batch: req.body.length, errorCodes: [QUERY_TOO_COMPLEX], path: answerPathOf(res) });
    }
    next();
  };
}
