// HTTP: what every request meets before GraphQL. The direct route for a JSON POST /graphql, the
// bodies (JSON within its caller's budget, uploads), compression, CORS, connections, health probes,
// replica routing, the JSON error answers and request ids, and the request's log line and answer path.
// The lowest room of src/server/ (docs/ARCHITECTURE.md): http/ < observability/ < identity/ < limits/ < graphql/.

// The route and the request's records.
export { directRoute } from "./direct-route.js";
export type { PlainHandler, PlainRequest, PlainResponse } from "./direct-route.js";
export { answerPathOf, recordAnswerPath, refusedPath, showAnswerPath } from "./answer-path.js";
export type { AnswerPath } from "./answer-path.js";
export { attachLogLine, contextLogLine, logLineOf, writeLogLine } from "./log-line.js";
export type { LogLine } from "./log-line.js";
export { assignRequestId, browserToGraphiQL, currentRequestId, httpErrorHandler, notFoundHandler, requestIdOf, scopeRequestId, sendJsonError } from "./error-responses.js";
// Bodies.
export { bodyBudget } from "./body-budget.js";
export { jsonBody } from "./json-body.js";
export { isMultipart, uploadBody, uploadsNeedCaller } from "./upload-body.js";
// The answer's way out.
export { acceptEncodingVaries, COMPRESSED_PATHS, compressionMiddleware } from "./compression.js";
export { compressedAnswer } from "./answer-compression.js";
export { CORS_PATHS, corsMiddleware } from "./cors.js";
// Connections, health, reads.
export { bodyDeadline, limitConnections } from "./connections.js";
export { cancelReadsWhenClientLeaves } from "./client-gone.js";
export { mountHealthRoutes } from "./health.js";
export { replicaReadsForQueries } from "./read-routing.js";
