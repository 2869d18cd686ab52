// Apollo Server behind express, as @as-integrations/express5 does it, minus two costs every POST
// paid for nothing: express's `res.send` hashed each answer for an ETag (SHA-1 of the whole body)
// and checked freshness, although an answer to POST is never revalidated. Answers to POST are
// written with `res.end`; answers to GET keep `res.send`, whose ETag and 304 the GET queries'
// browser cache uses (get-queries.ts).
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
      if (req.method === "GET") {
        res.send(answer.body.string);
        return;
      }
      res.setHeader("content-length", Buffer.byteLength(answer.body.string));
      res.end(answer.body.string);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) {
      res.write(chunk);
      (res as Response & { flush?: () => void }).flush?.();
    }
    res.end();
  };
}
