// Query limits beyond depth (depth-limit.ts): tokens per document (graphql-armor's counting parser),
// aliases and directives per operation (graphql-armor's validation rules), and an estimated cost
// per operation (graphql-query-complexity, with list costs proportional to their `size`). Every
// refusal is a QueryLimitError, answered QUERY_TOO_COMPLEX before any resolver runs.
import { createRequire } from "node:module";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import { MaxTokensParserWLexer } from "@escape.tech/graphql-armor-max-tokens";
import {
  getNamedType,
  getNullableType,
  getVariableValues,
  GraphQLError,
  isCompositeType,
  isListType,
  Kind,
  TypeInfo,
  ValidationContext,
  visit,
  visitWithTypeInfo,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from "graphql";
import type { ComplexityEstimatorArgs, QueryComplexityOptions } from "graphql-query-complexity";
import { DEFAULT_PAGE_SIZE } from "../../common/paging.js";
import { DAY_MS } from "../../localtime/index.js";
import { depthLimit } from "./depth-limit.js";

// The package's ESM build imports graphql/index.mjs, a second graphql realm beside the CommonJS
// one Node gives everything else ("Cannot use GraphQLObjectType from another module or realm"):
// load its CommonJS build, which shares ours.
const { createComplexityRule } = createRequire(import.meta.url)("graphql-query-complexity/cjs") as typeof import("graphql-query-complexity");

export const QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX";

/** A document over one of the limits; answered QUERY_TOO_COMPLEX with HTTP 400. */
export class QueryLimitError extends GraphQLError {
  constructor(message: string, limit: string) {
    super(message, { extensions: { code: QUERY_TOO_COMPLEX, limit, http: { status: 400 } } });
  }
}

/** The QueryLimitError behind an error as Apollo hands it over (validation errors wrap the rule's). */
export function queryLimitErrorOf(error: unknown): QueryLimitError | undefined {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { originalError?: unknown }).originalError, i++) {
    if (e instanceof QueryLimitError) return e;
  }
  return undefined;
}

export interface QueryLimits {
  maxAliases: number;
  maxDirectives: number;
  maxTokens: number;
  maxQueryCost: number;
}

/** Throws QueryLimitError when the document has more lexical tokens than allowed; parses at most that many. */
export function checkTokens(source: string, maxTokens: number): void {
  try {
    new MaxTokensParserWLexer(source, { n: maxTokens }).parseDocument();
  } catch (error) {
    // Syntax errors are Apollo's to answer (GRAPHQL_PARSE_FAILED); only the limit is ours.
    if (error instanceof GraphQLError && /Token limit of \d+ exceeded/.test(error.message)) {
      throw new QueryLimitError(`The document has more than ${maxTokens} tokens (MAX_TOKENS)`, "tokens");
    }
  }
}

/** graphql-armor's alias and directive counts (each fragment counted once, so linear), as validation rules. */
export function aliasAndDirectiveRules(limits: Pick<QueryLimits, "maxAliases" | "maxDirectives">): ValidationRule[] {
  const report = (limit: string, setting: string, max: number) => (context: ValidationContext | null, error: GraphQLError) => {
    const found = /found (\d+)/.exec(error.message)?.[1];
    context?.reportError(new QueryLimitError(`The operation has ${found ?? "too many"} ${limit}, more than the limit of ${max} (${setting})`, limit));
  };
  return [
    maxAliasesRule({ n: limits.maxAliases, allowList: [], propagateOnRejection: false, onReject: [report("aliases", "MAX_ALIASES", limits.maxAliases)] }) as unknown as ValidationRule,
    maxDirectivesRule({ n: limits.maxDirectives, propagateOnRejection: false, onReject: [report("directives", "MAX_DIRECTIVES", limits.maxDirectives)] }) as unknown as ValidationRule,
  ];
}

/** The validation rules Apollo runs beside graphql-js's own (depth, aliases, directives); a trusted document meets the same at start-up. */
export function queryValidationRules(limits: Pick<QueryLimits, "maxAliases" | "maxDirectives"> & { maxQueryDepth: number }): ValidationRule[] {
  return [depthLimit(limits.maxQueryDepth), ...aliasAndDirectiveRules(limits)];
}

/**
 * Fields that read a whole schedule whatever their page cost this much on top of their children:
 * 5000 for those that group or hold every event (25 programme summaries of a 300k-event schedule
 * once ran for 3 minutes at 4 GB), 1000 for those that aggregate in SQL.
 */
export const WHOLE_SCHEDULE_COST: Readonly<Record<string, number>> = {
  "Schedule.programmeSummary": 5000,
  "Schedule.validation": 5000,
  "Schedule.eventsSummary": 1000,
  "Schedule.ripplePreview": 1000,
  "Schedule.assets": 1000,
};
/**
 * A report (a field with a `window` of time: usage, uptime, billing, storage) reads its rollups
 * for every day of the window: it costs REPORT_COST and REPORT_COST_PER_DAY for each day (at most
 * REPORT_DAYS_PRICED of them, so that no window the service answers is refused for its cost alone).
 * A month costs 400, a year 3,750: a report spends from a rate budget what hundreds of job polls do.
 */
export const REPORT_COST = 100;
export const REPORT_COST_PER_DAY = 10;
export const REPORT_DAYS_PRICED = 3660;

/** What a field's `window` argument adds to its cost: 0 without one, the base alone when its ends cannot be read. */
export function windowCost(window: unknown): number {
  if (!window || typeof window !== "object") return 0;
  const { from, to } = window as { from?: unknown; to?: unknown };
  const span = new Date(to as string).getTime() - new Date(from as string).getTime();
  if (!Number.isFinite(span) || span <= 0) return REPORT_COST;
  return REPORT_COST + REPORT_COST_PER_DAY * Math.min(REPORT_DAYS_PRICED, Math.ceil(span / DAY_MS));
}

/** Fields whose `size` only sets the page size their figures count in: they answer one object. */
const SIZE_NOT_A_PAGE = new Set(["Schedule.eventsSummary"]);
/** An unpaged list of objects is priced as this many items. */
export const UNPAGED_LIST_ITEMS = 10;
/** Selections the cost walk visits at most (after fragment expansion): its own work stays bounded. */
export const MAX_QUERY_NODES = 10_000;

/**
 * The cost model: a scalar field costs 0 (it comes with its row), an object field 1 plus its
 * children; a field with a `size` argument (a page) 1 + size × its children (size from the
 * argument or variable, else the field's default, else 20; not for eventsSummary, whose size
 * only sets the page size its figures count in); a list of objects inside a page
 * (`content`) 1 + its children, other lists of objects 1 + 10 × their children; a report
 * windowCost on top. Introspection costs 0 (bounded by the schema).
 */
export function estimateFieldCost({ type, field, args, childComplexity }: ComplexityEstimatorArgs): number {
  if (field.name.startsWith("__")) return 0;
  const named = getNamedType(field.type);
  const name = `${type.name}.${field.name}`;
  const whole = (WHOLE_SCHEDULE_COST[name] ?? 0) + (field.args.some((a) => a.name === "window") ? windowCost(args.window) : 0);
  if (field.args.some((a) => a.name === "size") && !SIZE_NOT_A_PAGE.has(name)) {
    const declared = field.args.find((a) => a.name === "size")?.defaultValue;
    const size = typeof args.size === "number" ? args.size : typeof declared === "number" ? declared : DEFAULT_PAGE_SIZE;
    return whole + 1 + Math.max(1, size) * childComplexity;
  }
  if (!isCompositeType(named)) return whole;
  if (isListType(getNullableType(field.type))) {
    const insidePage = "totalElements" in ("getFields" in type ? type.getFields() : {});
    return whole + 1 + (insidePage ? 1 : UNPAGED_LIST_ITEMS) * childComplexity;
  }
  return whole + 1 + childComplexity;
}

type QueryComplexityVisitor = ReturnType<ReturnType<typeof createComplexityRule>>;
type QueryComplexityClass = new (context: ValidationContext, options: QueryComplexityOptions) => QueryComplexityVisitor;

/**
 * graphql-query-complexity's visitor, except that it coerces only the variables the cost depends
 * on (`size` and `@include`/`@skip` conditions) and hands the others over as sent: coercing a
 * 10,000-sample telemetry batch took ~100 ms, and execution coerces it anyway.
 */
function costVisitorClass(base: QueryComplexityClass): QueryComplexityClass {
  return class CostVisitor extends base {
    override onOperationDefinitionEnter(operation: OperationDefinitionNode): void {
      if (typeof this.options.operationName === "string" && this.options.operationName !== operation.name?.value) return;
      const schema = this.context.getSchema();
      const raw = (this.options.variables ?? {}) as Record<string, unknown>;
      const needed = costVariables(this.context.getDocument());
      const definitions = (operation.variableDefinitions ?? []).filter((d) => needed.has(d.variable.name.value));
      const { coerced, errors } = getVariableValues(schema, definitions, raw);
      if (errors) {
        errors.forEach((error) => this.context.reportError(error));
        return;
      }
      this.variableValues = { ...raw, ...coerced };
      const root = operation.operation === "query" ? schema.getQueryType() : operation.operation === "mutation" ? schema.getMutationType() : schema.getSubscriptionType();
      this.complexity += this.nodeComplexity(operation, root ?? undefined);
    }
  };
}

/** Variables used as a `size` argument, an `if` condition or in a report's `window` anywhere in the document: all the cost depends on. */
export function costVariables(document: DocumentNode): Set<string> {
  const names = new Set<string>();
  visit(document, {
    Argument(node) {
      if ((node.name.value === "size" || node.name.value === "if") && node.value.kind === Kind.VARIABLE) names.add(node.value.name.value);
      if (node.name.value === "window") visit(node.value, { Variable: (variable) => void names.add(variable.name.value) });
    },
  });
  return names;
}

let CostVisitor: QueryComplexityClass | undefined;

/** The package exports its visitor class only from a path it does not export: take it from the rule it makes. */
function costVisitor(context: ValidationContext, options: QueryComplexityOptions): QueryComplexityVisitor {
  if (!CostVisitor) {
    const probe = createComplexityRule({ maximumComplexity: 1, estimators: [] })(context);
    CostVisitor = costVisitorClass(probe.constructor as QueryComplexityClass);
  }
  return new CostVisitor(context, options);
}

/** Throws QueryLimitError when the operation's estimated cost is above the limit. */
export function checkCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>, maxCost: number): number | undefined {
  return checkCostLimit(operationCost(schema, document, operationName, variables), maxCost);
}

/** The cost of operationCost against the limit: QueryLimitError above it. */
export function checkCostLimit(cost: number | undefined, maxCost: number): number | undefined {
  if (cost !== undefined && cost > maxCost) throw new QueryLimitError(`The operation's estimated cost ${cost} is above the limit of ${maxCost} (MAX_QUERY_COST); ask for smaller pages`, "cost");
  return cost;
}

/**
 * The operation's estimated cost; undefined for bad variables or arguments (execution answers
 * them, BAD_USER_INPUT, before any resolver runs). QueryLimitError past MAX_QUERY_NODES.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>): number | undefined {
  const typeInfo = new TypeInfo(schema);
  const errors: GraphQLError[] = [];
  const context = new ValidationContext(schema, document, typeInfo, (error) => errors.push(error));
  const visitor = costVisitor(context, { maximumComplexity: Infinity, estimators: [estimateFieldCost], variables, operationName, maxQueryNodes: MAX_QUERY_NODES });
  try {
    visit(document, visitWithTypeInfo(typeInfo, visitor as unknown as ASTVisitor));
  } catch (error) {
    if (error instanceof GraphQLError && /maximum allowed number of nodes/.test(error.message)) {
      throw new QueryLimitError(`The operation selects more than ${MAX_QUERY_NODES} fields once its fragments are expanded`, "cost");
    }
    throw error;
  }
  return errors.length ? undefined : visitor.complexity;
}
