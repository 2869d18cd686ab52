// Real client libraries as a frontend sets them up against the service under test.
import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";

/** Apollo Client 4 with a bearer token and the header CSRF prevention asks for (docs/CLIENTS.md). */
export function apolloClient(url: string, token: string, cache = new InMemoryCache()): ApolloClient {
  return new ApolloClient({
    cache,
    link: new HttpLink({ uri: `${url}/graphql`, headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" } }),
  });
}
