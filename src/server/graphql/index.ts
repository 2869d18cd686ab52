// GraphQL: the schema and its descriptions, the request's context and loaders, Apollo as the
// service runs it, the executor and its compiled plans, and dispatch.ts, which decides and names
// the path that answers each request. The highest room of src/server/ (docs/ARCHITECTURE.md):
// http/ < observability/ < identity/ < limits/ < graphql/.

// The schema.
export { buildGraphQLSchema, printGraphQLSchema, schemaEventCoercer } from "./schema.js";
// A request's context.
export { createContext, requestBaseUrl } from "./request-context.js";
export type { Context } from "./request-context.js";
// Apollo, the executor, and the one decision of which path answers.
export { startApollo } from "./apollo.js";
export { jitGateway } from "./executor.js";
export { answerGraphQL, entryOf } from "./dispatch.js";
// Trusted documents (TRUSTED_DOCUMENTS): the apps' manifests, loaded and checked at start-up, and
// the documents requests name by hash.
export { loadTrustedDocuments, TrustedDocumentsError } from "./trusted-documents.js";
export type { TrustedDocuments } from "./trusted-documents.js";
export { trustedRequests } from "./trusted-requests.js";
