// GraphQL queries over GET (urql's default, Apollo Client's useGETForQueries): accepted with a bearer
// token, answered so that a browser revalidates them. Mutations over GET stay refused (Apollo: 405).
import type { ApolloServerPlugin } from "@apollo/server";
import type { Context } from "./request-context.js";

/**
 * Headers that make a request one a browser preflights, for Apollo's CSRF prevention: its own two,
 * and Authorization. A page can send Authorization only through fetch/XHR, which preflights it
 * across origins; what a browser attaches by itself (Basic credentials it remembers) is not a
 * bearer token, so such a request gets UNAUTHENTICATED from every field and reads nothing.
 */
export const PREFLIGHTED_REQUEST_HEADERS = ["x-apollo-operation-name", "apollo-require-preflight", "authorization"];

/** The Cache-Control of a query answered over GET: kept by the browser only, revalidated (ETag) on every use. */
export const GET_QUERY_CACHE_CONTROL = "private, no-cache";

/** Sets GET_QUERY_CACHE_CONTROL on answers to GET (express adds the ETag and answers 304 when it matches). */
export function getQueryCachingPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ request }) {
      if (request.http?.method !== "GET") return;
      return {
        async willSendResponse({ response }) {
          response.http.headers.set("cache-control", GET_QUERY_CACHE_CONTROL);
        },
      };
    },
  };
}
