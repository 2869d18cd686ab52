// Limits: what a request may spend. The document's size, tokens, depth, aliases, directives and
// cost; the lengths of lists and strings; batches; the rate limits; the request's deadline and heavy-work budget;
// and the bounded caches that keep nothing for a caller without a token.
// The rooms of src/server/ (docs/ARCHITECTURE.md): http/ < observability/ < identity/ < limits/ < graphql/.

// Before Apollo parses.
export { documentLimits } from "./document-limits.js";
export { batchLimit } from "./batch-limit.js";
export { checkQueryBytes } from "./request-shape.js";
// While Apollo validates and before anything runs.
export { depthLimit } from "./depth-limit.js";
export { aliasAndDirectiveRules, QUERY_TOO_COMPLEX, queryLimitErrorOf, queryValidationRules } from "./query-limits.js";
export { requestChecks } from "./request-checks.js";
export type { RequestChecks } from "./request-checks.js";
// Rate limits: budgets of query cost per subject, organization and address, shared by every server.
export { RATE_LIMITED, RATE_LIMIT_NAMES, RateLimitRefusal, rateLimits, sendRateRefusal, spendRateBudget } from "./rate-limits.js";
export type { RateLimits } from "./rate-limits.js";
export { counterStoreOf } from "./rate-limit-store.js";
// The request's deadline.
export { markAnswering, markWriting, requestTimeBudget, withBudgetChecks } from "./deadline.js";
// Caches bounded by entries and bytes.
export { allowCaching, cacheScope, COMPILED_PLAN_CACHE, documentBytes, documentStore, mayCache, persistedQueryCache } from "./bounded-caches.js";
export type { KeyValueCache } from "./bounded-caches.js";
