// Apollo's answer to a request on /graphql, written by the service rather than by the express
// integration, which wrote every answer with res.send: a SHA-1 ETag of each POST answer (which no
// client can revalidate), content-type and length worked out again, then res.end. A POST answer
// now goes out with res.end and its length; a GET answer keeps res.send, whose ETag lets a browser
// revalidate a GET query (304, get-queries.ts). A multipart request (an upload) keeps res.send too:
// graphql-upload holds res.send back until the whole upload has arrived, so that an answer given
// early (a refused file) is not written while the client still sends, which a client sees as a
// connection reset instead of the answer.
import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLRequest } from "@apollo/server";
import type { Response } from "express";
import { compressedAnswer } from "../http/answer-compression.js";
import type { PlainRequest, PlainResponse } from "../http/direct-route.js";
import type { KnownAnswer } from "./known-operations.js";
import { markAnswering } from "../limits/deadline.js";

const MULTIPART = /^\s*multipart\//i;

/** Whether the request is multipart (an upload, for graphql-upload's parser). */
export function isMultipart(req: Pick<PlainRequest, "headers">): boolean {
  return MULTIPART.test(req.headers["content-type"] ?? "");
}

/** Whether res.send must write this request's answer (see above): such requests arrive through express. */
function answersWithSend(req: Pick<PlainRequest, "method" | "headers">, res: PlainResponse): res is PlainResponse & Response {
  return (req.method !== "POST" || isMultipart(req)) && typeof (res as Partial<Response>).send === "function";
}

/** The request as Apollo reads it: method, headers (repeated ones joined), query string, parsed body. */
function apolloRequestOf(req: PlainRequest): HTTPGraphQLRequest {
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

/** The last handler of /graphql: a known query answers without Apollo when it can (known-operations.ts), else Apollo runs the request; the answer is written as said above. */
export function graphqlAnswer<C extends BaseContext>(
  apollo: ApolloServer<C>,
  context: (args: { req: PlainRequest; res: PlainResponse }) => Promise<C>,
  options: { compress: boolean; known?: (req: PlainRequest, res: PlainResponse) => Promise<{ answer?: KnownAnswer; context?: C }> },
) {
  apollo.assertStarted("graphqlAnswer()");
  /** The answer's body as it goes out, compressed when the rules say so, with its length. */
  const writeComplete = async (req: PlainRequest, res: PlainResponse, text: string | Buffer) => {
    const body = options.compress ? await compressedAnswer(req, res, text) : text;
    res.setHeader("content-length", typeof body === "string" ? Buffer.byteLength(body) : body.length);
    res.end(body);
  };
  return async (req: PlainRequest, res: PlainResponse): Promise<void> => {
    const known = options.known ? await options.known(req, res) : {};
    if (known.answer) {
      markAnswering();
      res.setHeader("content-type", known.answer.contentType);
      res.statusCode = 200;
      return writeComplete(req, res, known.answer.bytes);
    }
    const built = known.context;
    const answer = await apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: apolloRequestOf(req), context: () => (built ? Promise.resolve(built) : context({ req, res })) });
    // Compressing a large answer takes a while off the event loop: the deadline must not overtake it.
    markAnswering();
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === "complete") {
      if (answersWithSend(req, res)) {
        res.send(answer.body.string);
        return;
      }
      return writeComplete(req, res, answer.body.string);
    }
    // Incremental delivery (@defer/@stream), which the schema does not offer today: chunks as they come.
    for await (const chunk of answer.body.asyncIterator) {
      res.write(chunk);
      (res as PlainResponse & { flush?: () => void }).flush?.();
    }
    res.end();
  };
}
