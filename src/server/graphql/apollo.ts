// Apollo Server as the service runs it: the schema (or graphql-jit through the gateway interface,
// executor.ts), the validation rules of the query limits, bounded caches, compact JSON, our error
// format and plugins; Apollo's own landing page, usage reporting and signal handling off.
import type http from "node:http";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from "@apollo/server/plugin/disabled";
import type { GraphQLSchema } from "graphql";
import type { Config } from "../../config.js";
import { documentStore, persistedQueryCache, queryValidationRules, type RequestChecks } from "../limits/index.js";
import type { jitGateway } from "./executor.js";
import { formatAnswerError } from "./format-error.js";
import { getQueryCachingPlugin, PREFLIGHTED_REQUEST_HEADERS } from "./get-queries.js";
import type { Context } from "./request-context.js";
import { requestGuardPlugin, requestLogPlugin } from "./request-plugins.js";
import { withTrustedDocuments, type TrustedDocuments } from "./trusted-documents.js";

export async function startApollo(deps: {
  schema: GraphQLSchema;
  jit: ReturnType<typeof jitGateway> | null;
  config: Config;
  checks: RequestChecks;
  httpServer: http.Server;
  /** TRUSTED_DOCUMENTS: found by hash in front of the caches below (trusted-documents.ts). */
  trusted?: TrustedDocuments;
}): Promise<ApolloServer<Context>> {
  const { schema, jit, config, checks, httpServer, trusted } = deps;
  const apollo = new ApolloServer<Context>({
    ...(jit ? { gateway: jit.gateway } : { schema }),
    // A bearer token counts as a preflighted header, so GET queries with a token work (docs/CLIENTS.md).
    csrfPrevention: { requestHeaders: PREFLIGHTED_REQUEST_HEADERS },
    allowBatchedHttpRequests: true,
    // Bounded by entries and bytes, and nothing kept for a request without a token (limits/bounded-caches.ts).
    documentStore: withTrustedDocuments(documentStore(), trusted, (found) => found.document),
    persistedQueries: { cache: withTrustedDocuments(persistedQueryCache(), trusted, (found) => found.text) },
    // Our own shutdown (main.ts stopOnSignals) stops Apollo; Apollo's handler would re-send the
    // signal and end the process (code 143) before in-flight work and jobs are handed back.
    stopOnTerminationSignals: false,
    introspection: true,
    // Compact JSON: Apollo's default indents every answer (a third more bytes on a page of events,
    // and the time to write them); clients parse it, and GraphiQL formats what it shows.
    stringifyResult: (result) => JSON.stringify(result),
    includeStacktraceInErrorResponses: false,
    formatError: formatAnswerError,
    validationRules: queryValidationRules(config),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      requestLogPlugin(),
      requestGuardPlugin(config, checks),
      getQueryCachingPlugin(),
    ],
  });
  await apollo.start();
  return apollo;
}
