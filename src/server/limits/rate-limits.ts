// Rate limits: budgets of query cost per window, spent by every request's estimated cost (the
// cost MAX_QUERY_COST checks: a job poll costs 1, a page of 1,000 events about a thousand, a
// month's report 400, a programme summary 5,000 and more). Who pays: the token's subject (a machine: its client id) and
// the organization the request acts in; without a valid token, the client's IP address. The cost
// is known once the document is parsed and validated, so the budget is spent there, before
// anything executes: a check costs a statement only when the server's lease of the payer's budget
// runs out (rate-limit-leases.ts), and nothing at all once its payer is known to be over.
// docs/SECURITY.md "Rate limits".
import { HeaderMap } from "@apollo/server";
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type SelectionNode } from "graphql";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { Viewer } from "../../common/auth.js";
import type { Logger } from "../../common/log.js";
import { requestScoped } from "../../common/request-scoped.js";
import type { Config } from "../../config.js";
import { answerPathOf, requestIdOf, sendJsonError, type PlainHandler, type PlainRequest } from "../http/index.js";
import { callerOf } from "../identity/index.js";
import { batchFactsOf } from "./batch-limit.js";
import type { Counter, CounterStore } from "./rate-limit-store.js";

export const RATE_LIMITED = "RATE_LIMITED";

/** The budgets, each named in a refusal's `extensions.limit`. */
export const RATE_LIMIT_NAMES = ["subject", "organization", "ip"] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export type RateLimitSettings = Pick<Config, "rateLimitWindowSeconds" | "rateLimitSubjectPoints" | "rateLimitOrganizationPoints" | "rateLimitIpPoints" | "rateLimitAdminsUnlimited" | "rateLimitBurst" | "trustProxy">;

const WHO: Record<RateLimitName, string> = { subject: "this token's subject", organization: "this organization", ip: "requests without a token from this address" };
const per = (windowSeconds: number) => (windowSeconds === 1 ? "second" : `${windowSeconds} s`);

/** A request over one of its budgets: HTTP 429, RATE_LIMITED, `retryAfter` seconds (also the Retry-After header) and the budget's name. */
export class RateLimitRefusal extends GraphQLError {
  constructor(
    readonly limit: RateLimitName,
    readonly retryAfter: number,
    points: number,
    windowSeconds: number,
  ) {
    const message = `Rate limit reached: ${WHO[limit]} may spend a query cost of ${points} per ${per(windowSeconds)}; retry after ${retryAfter} s`;
    super(message, { extensions: { code: RATE_LIMITED, retryAfter, limit, http: { status: 429, headers: new HeaderMap([["retry-after", String(retryAfter)]]) } } });
  }
}

/** The refusal as a JSON answer written before Apollo (a batch, the known path). */
export function sendRateRefusal(res: Parameters<typeof sendJsonError>[0], refusal: RateLimitRefusal): void {
  res.setHeader("retry-after", String(refusal.retryAfter));
  sendJsonError(res, 429, RATE_LIMITED, refusal.message, { retryAfter: refusal.retryAfter, limit: refusal.limit });
}

interface Payer {
  limit: RateLimitName;
  key: string;
}

/** What one operation is: its document, the operation chosen, its variables. */
export interface OperationRequest {
  document: DocumentNode;
  operationName: string | undefined;
  variables: Record<string, unknown>;
}

/** The organizations the operation's root fields name in their `organization` argument (a literal or a variable). */
export function organizationsNamed({ document, operationName, variables }: OperationRequest): string[] {
  const operation = getOperationAST(document, operationName);
  const named = new Set<string>();
  const visit = (selections: readonly SelectionNode[]) => {
    for (const selection of selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet.selections);
      if (selection.kind !== Kind.FIELD) continue;
      const value = selection.arguments?.find((argument) => argument.name.value === "organization")?.value;
      const organization = value?.kind === Kind.STRING ? value.value : value?.kind === Kind.VARIABLE ? variables[value.name.value] : undefined;
      if (typeof organization === "string") named.add(organization);
    }
  };
  if (operation) visit(operation.selectionSet.selections);
  return [...named];
}

/**
 * Who pays for a request: nobody for an admin when RATE_LIMIT_ADMINS_UNLIMITED; the subject, and
 * each organization of the token the operation names (or the token's only one); a platform
 * token (every organization) pays as its subject alone, never from a tenant's budget. Without a
 * valid token: the address.
 */
export function payersOf(viewer: Viewer | null, address: string, named: string[], settings: Pick<RateLimitSettings, "rateLimitAdminsUnlimited">): Payer[] {
  if (!viewer) return [{ limit: "ip", key: address }];
  if (viewer.role === "admin" && settings.rateLimitAdminsUnlimited) return [];
  const payers: Payer[] = [{ limit: "subject", key: viewer.userId }];
  if (viewer.orgs === "*") return payers;
  const held = named.filter((organization) => viewer.orgs.includes(organization));
  const organizations = held.length > 0 ? held : named.length === 0 && viewer.orgs.length === 1 ? viewer.orgs : [];
  for (const organization of organizations) payers.push({ limit: "organization", key: organization });
  return payers;
}

/** The client's address: the socket's, or with TRUST_PROXY the one the proxy in front appended last to X-Forwarded-For. */
export function clientAddress(req: Pick<PlainRequest, "headers" | "socket">, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  const last = (Array.isArray(forwarded) ? forwarded.at(-1) : forwarded)?.split(",").at(-1)?.trim();
  return last || req.socket.remoteAddress || "unknown";
}

export interface RateLimits {
  /** Middleware after batchLimit: notes who pays for the request; a batch spends its whole cost here, answering 429 when over. */
  payer: PlainHandler;
  /**
   * Spends `cost` from each payer's budget: the refusal when one is over, else undefined; at once
   * (no promise) when every budget pays from its lease in memory, as nearly every request does.
   */
  spend(payers: Payer[], cost: number | undefined): RateLimitRefusal | undefined | Promise<RateLimitRefusal | undefined>;
  close(): Promise<void>;
}

/** The request's payment: who pays, and whether it is settled (a batch up front, or the first check of its operation). */
interface Payment {
  limits: RateLimits;
  settings: RateLimitSettings;
  viewer: Viewer | null;
  address: string;
  settled: boolean;
}

const payment = requestScoped<Payment>("rate limits");

/** One counter a budget spends from: the window's, or the second's that paces it. */
interface Spending {
  limit: RateLimitName;
  counter: Counter;
  points: number;
  windowSeconds: number;
}

/**
 * Each budget's counters: its window's and, with RATE_LIMIT_BURST, a second's of `burst` times
 * the window's even rate, so that a budget is not spent in one burst at a window's start (the
 * work of a whole window at once slows every other tenant on the same servers).
 */
function spendingsOf(settings: RateLimitSettings, store: CounterStore): Map<RateLimitName, Spending[]> {
  const points: Record<RateLimitName, number> = { subject: settings.rateLimitSubjectPoints, organization: settings.rateLimitOrganizationPoints, ip: settings.rateLimitIpPoints };
  const spendings = new Map<RateLimitName, Spending[]>();
  for (const limit of Object.keys(points) as RateLimitName[]) {
    if (points[limit] <= 0) continue;
    const window = settings.rateLimitWindowSeconds;
    const kept: Spending[] = [{ limit, counter: store.counter(limit, points[limit], window), points: points[limit], windowSeconds: window }];
    const perSecond = Math.ceil((points[limit] * settings.rateLimitBurst) / window);
    if (settings.rateLimitBurst > 0 && window > 1 && perSecond < points[limit]) kept.push({ limit, counter: store.counter(`${limit}-second`, perSecond, 1), points: perSecond, windowSeconds: 1 });
    spendings.set(limit, kept);
  }
  return spendings;
}

export function rateLimits(settings: RateLimitSettings, store: CounterStore, log: Logger): RateLimits {
  const spendings = spendingsOf(settings, store);
  const refusal = (spending: Spending, ms: number) => new RateLimitRefusal(spending.limit, Math.max(1, Math.ceil(ms / 1000)), spending.points, spending.windowSeconds);

  // Every request spends at least 1; one costing more than a whole budget spends that budget (it passes in a fresh window).
  const spentOf = (spending: Spending, cost: number | undefined) => Math.min(Math.max(1, Math.ceil(cost ?? 1)), spending.points);

  /** Each payer's cost spent from its leases in memory when every lease holds enough (true); else nothing spent (false). */
  const spendFromLeases = (payers: Payer[], cost: number | undefined): boolean => {
    for (const payer of payers) {
      for (const spending of spendings.get(payer.limit) ?? []) if (spending.counter.leased(payer.key) < spentOf(spending, cost)) return false;
    }
    for (const payer of payers) {
      for (const spending of spendings.get(payer.limit) ?? []) spending.counter.spendLeased(payer.key, spentOf(spending, cost));
    }
    return true;
  };

  /** The counters' own path: a payer known to be over is refused at once, else each counter spends (a statement when its lease runs out). */
  async function spendCounting(payers: Payer[], cost: number | undefined): Promise<RateLimitRefusal | undefined> {
    const paying = payers.flatMap((payer) => (spendings.get(payer.limit) ?? []).map((spending) => ({ key: payer.key, spending })));
    // A payer known to be over a budget until its window ends: refused without a statement (the longest wait, if several).
    let known: RateLimitRefusal | undefined;
    for (const { key, spending } of paying) {
      const blocked = spending.counter.blockedFor(key);
      if (blocked > 0 && (!known || blocked > known.retryAfter * 1000)) known = refusal(spending, blocked);
    }
    if (known) return known;
    const outcomes = await Promise.allSettled(paying.map(({ key, spending }) => spending.counter.consume(key, spentOf(spending, cost))));
    let over: RateLimitRefusal | undefined;
    outcomes.forEach((outcome, i) => {
      if (outcome.status === "fulfilled") return;
      if (!(outcome.reason instanceof RateLimiterRes)) return log.warn("rate limit not checked", { limit: paying[i].spending.limit, error: String(outcome.reason) });
      const refused = refusal(paying[i].spending, outcome.reason.msBeforeNext);
      if (!over || refused.retryAfter > over.retryAfter) over = refused;
    });
    return over;
  }

  const limits: RateLimits = {
    spend: (payers, cost) => (spendFromLeases(payers, cost) ? undefined : spendCounting(payers, cost)),
    payer(req, res, next) {
      const caller = callerOf(res);
      const paid: Payment = { limits, settings, viewer: caller?.viewer ?? null, address: clientAddress(req, settings.trustProxy), settled: false };
      const batch = batchFactsOf(res);
      if (!batch) return payment.run(paid, next);
      paid.settled = true;
      const named = [...new Set(batch.operations.flatMap(organizationsNamed))];
      void Promise.resolve(limits.spend(payersOf(paid.viewer, paid.address, named, settings), batch.cost)).then((refused) => {
        if (!refused) return payment.run(paid, next);
        sendRateRefusal(res, refused);
        log.info("graphql", { requestId: requestIdOf(res), operation: null, batch: batch.operations.length, errorCodes: [RATE_LIMITED], limit: refused.limit, path: answerPathOf(res) });
      }, next);
    },
    close: () => store.close(),
  };
  return limits;
}

/**
 * Spends the cost of the request's operation, once its checks passed (the Apollo plugin and the
 * known path call it): the refusal to answer, or undefined. Settled once per request: a batch paid
 * up front, and the known path's handing over to Apollo does not pay twice.
 */
export function spendRateBudget(operation: OperationRequest, cost: number | undefined): RateLimitRefusal | undefined | Promise<RateLimitRefusal | undefined> {
  const paid = payment.get();
  if (!paid || paid.settled) return undefined;
  paid.settled = true;
  return paid.limits.spend(payersOf(paid.viewer, paid.address, organizationsNamed(operation), paid.settings), cost);
}
