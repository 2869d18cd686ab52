// Spending a shared budget without a statement per request: a server takes a lease of points from
// the shared counter (one statement) and spends it in memory until it is used up or the window
// ends. A lease is a slice of what was left when it was taken (at most 1/16 of it, at most 1/64
// of the budget, at least what the request needs), so leases shrink as the budget runs out and
// the last requests of a window are counted one by one. Whatever the servers admit together stays
// within the budget (every point admitted came from the counter); what a server refuses while
// another still holds unspent points is at most one lease per server. docs/SECURITY.md "Rate limits".
import { RateLimiterRes } from "rate-limiter-flexible";
import { boundedLru } from "../../common/bounded-lru.js";

/** The counter every server shares: spends points (rejects with a RateLimiterRes when over), gives some back. */
export interface SharedCounter {
  consume(key: string, points: number): Promise<RateLimiterRes>;
  reward(key: string, points: number): Promise<unknown>;
}

/** A lease is at most this share of what the counter had left when it was taken... */
export const LEASE_OF_REMAINING = 16;
/** ...and at most this share of the whole budget. */
export const LEASE_OF_BUDGET = 64;
/** Payers whose leases one counter keeps; the least recent out first (its unspent points are lost, never granted twice). */
const LEASED_PAYERS = 50_000;

/** The most a lease may hold beyond what its request needs, for a budget of `points`. */
export function leaseCap(points: number): number {
  return Math.floor(points / LEASE_OF_BUDGET);
}

/** What to take from the counter: what the request needs, or a slice of what is left when that is more. */
export function leaseSize(needed: number, points: number, remaining: number): number {
  return Math.max(needed, Math.min(leaseCap(points), Math.floor(remaining / LEASE_OF_REMAINING)));
}

interface Lease {
  /** Points taken and not yet spent. */
  left: number;
  /** When the counter's window ends (ms since the epoch): the lease ends with it. */
  until: number;
  /** What the counter had left after the last statement, for the next lease's size. */
  remaining: number;
  /** Over the budget until then: refused without a statement. */
  blockedUntil: number;
  /** The statement under way for this payer: the others wait for it rather than send their own. */
  renewing?: Promise<void>;
}

export interface LeasedCounter {
  consume(key: string, points: number): Promise<RateLimiterRes>;
  /** How long `key` is known to be over its budget, ms; 0: not known. */
  blockedFor(key: string): number;
  /** Points `key` may spend now from its lease in memory, without a statement or a promise (0: none, or a renewal under way). */
  leased(key: string): number;
  /** Spends `points` from `key`'s lease in memory; only what leased(key) answered, in the same turn. */
  spendLeased(key: string, points: number): void;
}

/** Spends from `shared` through leases; `points` per `windowSeconds` is the shared budget. */
export function leasedCounter(shared: SharedCounter, points: number, now: () => number = Date.now): LeasedCounter {
  const leases = boundedLru<string, Lease>({ entries: LEASED_PAYERS });
  const leaseOf = (key: string): Lease => {
    let lease = leases.get(key);
    if (!lease) leases.set(key, (lease = { left: 0, until: 0, remaining: points, blockedUntil: 0 }));
    return lease;
  };

  async function renew(key: string, lease: Lease, cost: number): Promise<void> {
    const current = lease.until > now();
    const left = current ? lease.left : 0;
    const needed = cost - left;
    const grant = leaseSize(needed, points, current ? lease.remaining : points);
    try {
      const taken = await shared.consume(key, grant);
      Object.assign(lease, { left: left + grant, until: now() + taken.msBeforeNext, remaining: taken.remainingPoints });
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      const surplus = grant - needed;
      if (surplus > 0 && refused.consumedPoints - surplus <= points) {
        // The lease did not fit but the request does: keep what it needs, give the rest back.
        await shared.reward(key, surplus);
        Object.assign(lease, { left: left + needed, until: now() + refused.msBeforeNext, remaining: points - (refused.consumedPoints - surplus) });
        return;
      }
      Object.assign(lease, { left: 0, blockedUntil: now() + refused.msBeforeNext });
    }
  }

  return {
    async consume(key, cost) {
      for (;;) {
        const lease = leaseOf(key);
        const at = now();
        if (lease.blockedUntil > at) throw new RateLimiterRes(0, lease.blockedUntil - at, points + 1);
        if (lease.renewing) {
          await lease.renewing.catch(() => {});
          continue;
        }
        if (lease.until > at && lease.left >= cost) {
          lease.left -= cost;
          return new RateLimiterRes(lease.remaining + lease.left, lease.until - at, points - lease.remaining - lease.left);
        }
        const renewing = renew(key, lease, cost);
        lease.renewing = renewing;
        try {
          await renewing;
        } finally {
          lease.renewing = undefined;
        }
      }
    },
    blockedFor(key) {
      const blockedUntil = leases.peek(key)?.blockedUntil ?? 0;
      return Math.max(0, blockedUntil - now());
    },
    leased(key) {
      const lease = leases.get(key);
      if (!lease || lease.renewing) return 0;
      const at = now();
      return lease.blockedUntil > at || lease.until <= at ? 0 : lease.left;
    },
    spendLeased(key, points) {
      const lease = leases.peek(key);
      if (!lease || lease.left < points) throw new Error(`rate limit lease of ${key}: ${points} points asked, ${lease?.left ?? 0} left`);
      lease.left -= points;
    },
  };
}
