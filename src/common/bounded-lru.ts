// The one least-recently-used cache of the code base: lru-cache, bounded by entries and, where a
// size is counted, by bytes, with an optional time to live. Whatever a caller can make grow is
// bounded; every cache is built here so that none is written by hand again.
import { LRUCache } from "lru-cache";

/** How a cache is bounded: entries, and bytes as `sizeOf` counts them (optional), and a time to live (optional). */
export interface CacheBounds<K, V> {
  entries: number;
  bytes?: number;
  sizeOf?: (value: V, key: K) => number;
  ttlMs?: number;
}

/** Least recently used out first past its entries or bytes; one entry larger than the whole cache is not kept at all. */
export function boundedLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(bounds: CacheBounds<K, V>): LRUCache<K, V> {
  return new LRUCache<K, V>({
    max: bounds.entries,
    ...(bounds.bytes !== undefined && bounds.sizeOf ? { maxSize: bounds.bytes, sizeCalculation: (value: V, key: K) => Math.max(1, bounds.sizeOf!(value, key)) } : {}),
    ...(bounds.ttlMs !== undefined ? { ttl: bounds.ttlMs } : {}),
  });
}

export type { LRUCache };
