// Every cache keyed by what a caller sends (parsed documents, compiled plans, persisted queries) is
// bounded by entries and by bytes, least recently used out first: 1,000 distinct 1 MB query texts
// once kept a gigabyte alive. And a request without a valid token adds nothing to any of them: an
// anonymous request costs nothing that outlives it.
import type { DocumentNode } from "graphql";
import { boundedLru, type LRUCache } from "../../common/bounded-lru.js";
import { requestScoped } from "../../common/request-scoped.js";

/** Apollo's cache interface (its `@apollo/utils.keyvaluecache`), as the documentStore and persistedQueries options take it. */
export interface KeyValueCache<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V, options?: { ttl?: number | null }): Promise<void>;
  delete(key: string): Promise<boolean | void>;
}

/** Whether the request being served may leave entries in the caches (it has a valid token). */
const keepScope = requestScoped<{ keep: boolean }>("cache");

/** Middleware: opens the request's cache scope; nothing is kept until `allowCaching`. */
export function cacheScope(_req: unknown, _res: unknown, next: () => void): void {
  keepScope.run({ keep: false }, next);
}

/** The request has a valid token: what it parses and compiles may be kept for the next ones. */
export function allowCaching(): void {
  const scope = keepScope.get();
  if (scope) scope.keep = true;
}

/** Outside a request scope (tests, tools) caching is allowed. */
export function mayCache(): boolean {
  return keepScope.get()?.keep ?? true;
}

/** Bytes a parsed document keeps alive: its source text (comments and whitespace included) and its syntax tree. */
export function documentBytes(document: DocumentNode): number {
  const text = document.loc?.source.body.length ?? 0;
  // The text (two bytes a character), and the tree: a few objects per token, several times the text when dense.
  return 10 * text + 1024;
}

/** An Apollo KeyValueCache over boundedLru; `set` keeps nothing for an anonymous request. */
export function boundedKeyValueCache<V extends NonNullable<unknown>>(maxEntries: number, maxBytes: number, sizeOf: (value: V) => number): KeyValueCache<V> & { lru: LRUCache<string, V> } {
  const lru = boundedLru<string, V>({ entries: maxEntries, bytes: maxBytes, sizeOf });
  return {
    lru,
    async get(key) {
      return lru.get(key);
    },
    async set(key, value) {
      if (mayCache()) lru.set(key, value);
    },
    async delete(key) {
      lru.delete(key);
      return true;
    },
  };
}

/** Parsed and validated documents (Apollo's documentStore). */
export const DOCUMENT_CACHE = { entries: 1000, bytes: 32 * 1024 * 1024 };
/** Query texts of automatic persisted queries, by hash. */
export const PERSISTED_QUERY_CACHE = { entries: 1000, bytes: 16 * 1024 * 1024 };
/** Plans compiled by graphql-jit. */
export const COMPILED_PLAN_CACHE = { entries: 500, bytes: 64 * 1024 * 1024 };

export function documentStore(): KeyValueCache<DocumentNode> & { lru: LRUCache<string, DocumentNode> } {
  return boundedKeyValueCache<DocumentNode>(DOCUMENT_CACHE.entries, DOCUMENT_CACHE.bytes, documentBytes);
}

export function persistedQueryCache(): KeyValueCache<string> & { lru: LRUCache<string, string> } {
  return boundedKeyValueCache<string>(PERSISTED_QUERY_CACHE.entries, PERSISTED_QUERY_CACHE.bytes, (query) => 2 * query.length + 256);
}
