// The name of the path that answered a request, kept on its response: graphql/dispatch.ts decides
// and names every path of /graphql; a refusal before GraphQL runs names itself here
// (sendJsonError). The request's log line carries the name, and so does the `x-answer-path` header
// when ANSWER_PATH_HEADER is on (off in production), so that an operator and a test can tell which
// code answered.
import { logLineOf } from "./log-line.js";

/**
 * `known`: a compiled plan answered without Apollo; `handed-over`: a known plan ran and Apollo
 * formatted its errors; `apollo`: Apollo ran a JSON POST; `get`: Apollo ran a GET (ETag, 304);
 * `upload`: Apollo ran a multipart request; `trusted`: Apollo ran a trusted document named by its
 * hash (TRUSTED_DOCUMENTS), from the document parsed at start-up; `refused:<limit or code>`:
 * answered before GraphQL ran.
 */
export type AnswerPath = "known" | "handed-over" | "apollo" | "get" | "upload" | "trusted" | `refused:${string}`;

export const ANSWER_PATH_HEADER = "x-answer-path";

interface Answered {
  locals: Record<string, any>;
  headersSent: boolean;
  setHeader(name: string, value: string): unknown;
}

/** Shows the path in a header on this response (set at the request's entry when ANSWER_PATH_HEADER is on). */
export function showAnswerPath(res: Pick<Answered, "locals">): void {
  res.locals.showAnswerPath = true;
}

/** Records the path that answers this request: in its log line, and in the header when shown. */
export function recordAnswerPath(res: Answered, path: AnswerPath): void {
  res.locals.answerPath = path;
  logLineOf(res).path = path;
  if (res.locals.showAnswerPath && !res.headersSent) res.setHeader(ANSWER_PATH_HEADER, path);
}

/** The path recorded for this request, if any. */
export const answerPathOf = (res: Pick<Answered, "locals">): AnswerPath | undefined => res.locals.answerPath;

/** The name of a refusal before GraphQL ran: by the limit it passed, else by its code. */
export const refusedPath = (code: string, limit?: unknown): AnswerPath => `refused:${typeof limit === "string" ? limit : code.toLowerCase()}`;
