// Apollo Server behind express, as @as-integrations/express5 does it, minus a cost every POST paid
// for nothing: express hashed each answer for an ETag (SHA-1 of the whole body), although an
// answer to POST is never revalidated. The app has express's own ETag off (app.ts); answers to GET
// get theirs here, as express made it, and `res.send` answers 304 when it matches, which the GET
// queries' browser cache uses (get-queries.ts).
import { createHash } from "node:crypto";
import { HeaderMap, type ApolloServer, type BaseContext } from "@apollo/server";
import type { Request, Response } from "express";

type ContextOf<C> = (args: { req: Request; res: Response }) => Promise<C>;

/** The request handler of `/graphql`; express.json has parsed the body before it. */
export function apolloHandler<C extends BaseContext>(server: ApolloServer<C>, context: ContextOf<C>) {
  server.assertStarted("apolloHandler()");
  return async (req: Request, res: Response): Promise<void> => {
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    const query = req.url.indexOf("?");
    const answer = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: query < 0 ? "" : req.url.slice(query), body: req.body },
      context: () => context({ req, res }),
    });
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === "complete") {
      if (req.method === "GET") res.setHeader("etag", weakEtag(answer.body.string));
      res.send(answer.body.string);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) {
      res.write(chunk);
      (res as Response & { flush?: () => void }).flush?.();
    }
    res.end();
  };
}

/** The weak ETag express makes by default: the body's length and the start of its SHA-1. */
export function weakEtag(body: string): string {
  const hash = createHash("sha1").update(body, "utf8").digest("base64").slice(0, 27);
  return `W/"${Buffer.byteLength(body, "utf8").toString(16)}-${hash}"`;
}
