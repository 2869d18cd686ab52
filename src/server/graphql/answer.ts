// How an answer to /graphql is written, by the service rather than by the express integration,
// which wrote every answer with res.send: a SHA-1 ETag of each POST answer (which no client can
// revalidate), content-type and length worked out again, then res.end. A POST answer goes out with
// res.end and its length, compressed by its writer (http/answer-compression.ts); a GET answer keeps
// res.send, whose ETag lets a browser revalidate a GET query (304, get-queries.ts). A multipart
// request (an upload) keeps res.send too: graphql-upload holds res.send back until the whole upload
// has arrived, so that an answer given early (a refused file) is not written while the client
// still sends, which a client sees as a connection reset instead of the answer.
import { HeaderMap, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from "@apollo/server";
import type { Response } from "express";
import { compressedAnswer, type PlainRequest, type PlainResponse } from "../http/index.js";

/** The request as Apollo reads it: method, headers (repeated ones joined), query string, parsed body. */
export function apolloRequestOf(req: PlainRequest): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  // The query string, without a fragment a raw request may carry (what url.parse's `search` gave).
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const fragment = url.indexOf("#", query);
  const search = query < 0 || (fragment >= 0 && fragment < query) ? "" : url.slice(query, fragment < 0 ? undefined : fragment);
  return { method: (req.method ?? "GET").toUpperCase(), headers, search, body: req.body };
}

/** A complete answer's body as it goes out, compressed when the rules say so, with its length. */
export async function writeComplete(req: PlainRequest, res: PlainResponse, text: string | Buffer, compress: boolean): Promise<void> {
  const body = compress ? await compressedAnswer(req, res, text) : text;
  res.setHeader("content-length", typeof body === "string" ? Buffer.byteLength(body) : body.length);
  res.end(body);
}

/** Apollo's answer written out: with res.send for a GET or an upload (see above), else by writeComplete. */
export async function writeApolloAnswer(req: PlainRequest, res: PlainResponse, answer: HTTPGraphQLResponse, options: { withSend: boolean; compress: boolean }): Promise<void> {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.statusCode = answer.status ?? 200;
  if (answer.body.kind === "complete") {
    if (options.withSend && typeof (res as Partial<Response>).send === "function") {
      (res as PlainResponse & Response).send(answer.body.string);
      return;
    }
    return writeComplete(req, res, answer.body.string, options.compress);
  }
  // Incremental delivery (@defer/@stream), which the schema does not offer today: chunks as they come.
  for await (const chunk of answer.body.asyncIterator) {
    res.write(chunk);
    (res as PlainResponse & { flush?: () => void }).flush?.();
  }
  res.end();
}
