// Real client libraries as a frontend sets them up against the service under test.
import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";

/** Apollo Client 4 with a bearer token and the header CSRF prevention asks for (docs/CLIENTS.md). */
export function apolloClient(url: string, token: string, cache = new InMemoryCache()): ApolloClient {
  return new ApolloClient({
    cache,
    link: new HttpLink({ uri: `${url}/graphql`, headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" } }),
  });
}

/**
 * What a cache inspector (Apollo's devtools, `cache.extract()`) shows wrong when a record has no id
 * where it is read: every entry of the extract is the root or `Type:id`, and no value kept inside
 * another entry is of a type with an id (it would be a copy that updates of the record miss).
 * Answers the paths of such values; empty when every record is normalized.
 */
export function unnormalized(extract: Record<string, unknown>, typesWithId: Set<string>): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string, top: boolean) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${path}[${i}]`, false));
    if (!value || typeof value !== "object") return;
    const typename = (value as { __typename?: unknown }).__typename;
    if (!top && typeof typename === "string" && typesWithId.has(typename)) found.push(`${path} (${typename})`);
    for (const [key, child] of Object.entries(value)) if (key !== "__ref") walk(child, `${path}.${key}`, false);
  };
  for (const [key, entry] of Object.entries(extract)) {
    if (!/^ROOT_(QUERY|MUTATION)$/.test(key) && !/^[A-Za-z]+:.+/.test(key)) found.push(key);
    walk(entry, key, true);
  }
  return found;
}
