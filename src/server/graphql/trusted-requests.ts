// A request's document by hash, and TRUSTED_DOCUMENTS_MODE's rule for everything else
// (docs/SECURITY.md "Trusted documents"). The two wire forms clients send a hash in:
//
//   documentId: "sha256:<hex>" or "<hex>"       graphql-codegen's client preset, GraphQL over HTTP's
//                                               persisted documents; POST body or GET parameter
//   extensions.persistedQuery.sha256Hash        Apollo's persisted query link (APQ), version 1
//
// A trusted hash is handed to Apollo as a persisted query (the hash, no text): Apollo finds its text
// and parsed document in front of its caches (trusted-documents.ts withTrustedDocuments), so it
// neither hashes, parses nor validates it; the token, the request's budget, the request checks of
// its variables and their coercion apply as to any request. dispatch.ts decides the path with this.
//
// enforce: a caller without an admin token sends trusted documents only: free text (and an APQ
// registration, which is free text with its hash) answers TRUSTED_DOCUMENT_REQUIRED, an unknown hash
// PERSISTED_QUERY_NOT_FOUND, both HTTP 200 as Apollo answers an APQ miss. log: anything is accepted
// and each unknown document is logged once. An admin token may always send free text (GraphiQL).
import { createHash } from "node:crypto";
import type { HTTPGraphQLRequest } from "@apollo/server";
import type { Config } from "../../config.js";
import type { Logger } from "../../common/log.js";
import { boundedLru } from "../../common/bounded-lru.js";
import { answerPathOf, isMultipart, logLineOf, requestIdOf, sendJsonError, type PlainRequest, type PlainResponse } from "../http/index.js";
import { callerOf } from "../identity/index.js";
import type { TrustedDocuments } from "./trusted-documents.js";

export const TRUSTED_DOCUMENT_REQUIRED = "TRUSTED_DOCUMENT_REQUIRED";
export const PERSISTED_QUERY_NOT_FOUND = "PERSISTED_QUERY_NOT_FOUND";

/** Unknown documents logged once each (log mode), the least recently seen forgotten first. */
const LOGGED_UNKNOWN = 1000;
const DOCUMENT_ID = /^(?:sha256:)?([0-9a-fA-F]{64})$/;
const OPERATION_NAME = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z]\w*)/;

/** A refusal answered before GraphQL runs: its HTTP status, code and message. */
export interface TrustedRefusal {
  status: number;
  code: string;
  message: string;
}

/**
 * What the rule decided: `free` (no trusted document involved: as without TRUSTED_DOCUMENTS),
 * `trusted` (each operation's trusted id, undefined for one sent as free text by an admin or in log
 * mode), or a refusal of the whole request.
 */
export type TrustedDecision = { kind: "free" } | { kind: "trusted"; ids: (string | undefined)[] } | { kind: "refused"; refusal: TrustedRefusal };

/** What one operation of a request sent. */
type Sent =
  | { kind: "hash"; id: string; form: "documentId" | "apq"; withText: boolean }
  | { kind: "bad"; message: string }
  | { kind: "text"; text: string; operationName: unknown }
  | { kind: "other" };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A GET parameter that carries JSON (extensions), parsed; anything unreadable is left to Apollo. */
function jsonParameter(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** What one operation (a POST body or one item of a batch, or a GET's parameters) sent. */
function sentOf(operation: unknown, get: boolean): Sent {
  if (!isObject(operation)) return { kind: "other" };
  const { documentId, query } = operation;
  const extensions = get ? jsonParameter(operation.extensions) : operation.extensions;
  if (documentId !== undefined && documentId !== null) {
    const match = typeof documentId === "string" ? DOCUMENT_ID.exec(documentId) : null;
    if (!match) return { kind: "bad", message: 'documentId must be "sha256:" followed by the 64 hex digits of the document\'s SHA-256, or those digits alone' };
    if (query !== undefined && query !== null) return { kind: "bad", message: "Send documentId or query, not both" };
    return { kind: "hash", id: match[1].toLowerCase(), form: "documentId", withText: false };
  }
  const persisted = isObject(extensions) ? extensions.persistedQuery : undefined;
  if (isObject(persisted) && persisted.version === 1 && typeof persisted.sha256Hash === "string" && persisted.sha256Hash.length === 64) {
    return { kind: "hash", id: persisted.sha256Hash.toLowerCase(), form: "apq", withText: typeof query === "string" };
  }
  if (typeof query === "string") return { kind: "text", text: query, operationName: operation.operationName };
  return { kind: "other" };
}

/** The operations of a request as sentOf reads them. */
function operationsOf(req: PlainRequest & { query?: unknown }): { get: boolean; operations: unknown[] } {
  if (req.method === "GET" || req.method === "HEAD") return { get: true, operations: [req.query ?? {}] };
  return { get: false, operations: Array.isArray(req.body) ? req.body : [req.body] };
}

export interface TrustedRequests {
  readonly documents: TrustedDocuments;
  decide(req: PlainRequest, res: PlainResponse): TrustedDecision;
  /** Answers a refusal (JSON, its code and the request id; path `refused:<code>`) and writes the request's log line. */
  refuse(req: PlainRequest, res: PlainResponse, refusal: TrustedRefusal): Promise<void>;
  /** Apollo's request with each trusted operation sent as a persisted query: its hash, no text, no documentId. */
  apolloRequest(request: HTTPGraphQLRequest, ids: (string | undefined)[]): HTTPGraphQLRequest;
}

export function trustedRequests(documents: TrustedDocuments, settings: Pick<Config, "trustedDocumentsMode">, log: Logger): TrustedRequests {
  const enforce = settings.trustedDocumentsMode === "enforce";
  const logged = boundedLru<string, true>({ entries: LOGGED_UNKNOWN });
  const logUnknown = (res: PlainResponse, id: string, operation: unknown, form: string) => {
    if (logged.get(id)) return;
    logged.set(id, true);
    log.info("untrusted document", { requestId: requestIdOf(res), hash: id, operation: typeof operation === "string" ? operation.slice(0, 100) : null, form, userId: callerOf(res)?.viewer?.userId ?? null });
  };
  const refused = (status: number, code: string, message: string): TrustedDecision => ({ kind: "refused", refusal: { status, code, message } });

  return {
    documents,
    decide(req, res) {
      const admin = callerOf(res)?.viewer?.role === "admin";
      const { get, operations } = operationsOf(req as PlainRequest & { query?: unknown });
      const ids: (string | undefined)[] = [];
      let anyTrusted = false;
      for (const operation of operations) {
        const sent = sentOf(operation, get);
        if (sent.kind === "bad") return refused(400, "BAD_REQUEST", sent.message);
        if (sent.kind === "hash") {
          if (documents.get(sent.id)) {
            ids.push(sent.id);
            anyTrusted = true;
            continue;
          }
          // A hash not in the manifests: Apollo knows no documentId; an APQ hash it may know (not enforced, or an admin).
          if (sent.form === "documentId" || (enforce && !admin && !sent.withText)) {
            if (!enforce) logUnknown(res, sent.id, null, sent.form);
            return refused(200, PERSISTED_QUERY_NOT_FOUND, `No trusted document has the hash ${sent.id} (TRUSTED_DOCUMENTS): this build of the app is not the one the service was given`);
          }
        }
        if (enforce && !admin) {
          return refused(200, TRUSTED_DOCUMENT_REQUIRED, "This service answers only the documents of its apps' manifests (TRUSTED_DOCUMENTS), sent by hash: documentId or extensions.persistedQuery; free text needs an admin token");
        }
        if (sent.kind === "text" && !admin) {
          const name = typeof sent.operationName === "string" ? sent.operationName : OPERATION_NAME.exec(sent.text)?.[1];
          logUnknown(res, createHash("sha256").update(sent.text).digest("hex"), name, "text");
        } else if (sent.kind === "hash" && sent.withText && !admin) logUnknown(res, sent.id, null, "apq");
        ids.push(undefined);
      }
      return anyTrusted ? { kind: "trusted", ids } : { kind: "free" };
    },
    async refuse(req, res, refusal) {
      // An upload's file may still be arriving (graphql-upload reads it on): an answer before it has
      // would reach the client as a reset connection (answer.ts).
      if (isMultipart(req) && !req.complete && !req.destroyed) await new Promise((resolve) => (req.once("end", resolve), req.once("close", resolve)));
      sendJsonError(res, refusal.status, refusal.code, refusal.message);
      // The one log line of the request (documentLimits would otherwise write a BAD_REQUEST one).
      logLineOf(res).written = true;
      log.info("graphql", { requestId: requestIdOf(res), operation: null, userId: callerOf(res)?.viewer?.userId ?? null, errorCodes: [refusal.code], path: answerPathOf(res) });
    },
    apolloRequest(request, ids) {
      const extensions = (id: string) => ({ persistedQuery: { version: 1, sha256Hash: id } });
      if (request.method === "GET" || request.method === "HEAD") {
        const search = new URLSearchParams(request.search);
        search.delete("documentId");
        search.delete("query");
        search.set("extensions", JSON.stringify(extensions(ids[0]!)));
        return { ...request, search: `?${search}` };
      }
      const rewrite = (operation: unknown, id: string | undefined) => {
        if (!id || !isObject(operation)) return operation;
        const { documentId: _id, query: _text, extensions: sent, ...rest } = operation;
        return { ...rest, extensions: { ...(isObject(sent) ? sent : {}), ...extensions(id) } };
      };
      const body = Array.isArray(request.body) ? request.body.map((operation, i) => rewrite(operation, ids[i])) : rewrite(request.body, ids[0]);
      return { ...request, body };
    },
  };
}
