// A complete answer to a POST /graphql is compressed by its writer (graphql/answer.ts), by the rules
// of the compression middleware every other answer passes through (compression.ts): the same
// filter, `no-transform`, threshold, encodings and preference, brotli at quality 4. The middleware
// wraps every response (its writeHead, write, end and close) before the answer's size is known,
// which cost a job poll, whose answer is always below the threshold, 8 % of its CPU; and it streams
// what it compresses. A complete answer is compressed in one call, off the event loop, and goes out
// with its Content-Length.
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import CompressionNegotiator from "negotiator-0.6";
import { COMPRESSION_THRESHOLD_BYTES, compressesWell } from "./compression.js";
import type { PlainRequest } from "./direct-route.js";

const ENCODINGS = ["br", "gzip", "deflate", "identity"];
/** Between encodings the client accepts equally, the middleware's preference. */
const PREFERRED = ["br", "gzip"];
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/**
 * The negotiator at the version the compression middleware uses (negotiator 0.6, a direct
 * dependency under the alias negotiator-0.6): its versions parse odd headers (`gzip;Q=0`,
 * `br;q="0.5"`) differently, and the two writers must choose alike (test/server/answer-compression.test.ts).
 */
interface EncodingNegotiator {
  encoding(available: string[], preferred?: string[]): string | undefined;
}
const Negotiator = CompressionNegotiator as unknown as new (request: { headers: IncomingHttpHeaders }) => EncodingNegotiator;

type Encoding = "br" | "gzip" | "deflate";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzip(body),
  deflate: (body) => deflate(body),
};

/** The encoding the middleware chooses for this Accept-Encoding, or null for none (no header: none). */
export function answerEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(ENCODINGS, PREFERRED);
  return chosen === "br" || chosen === "gzip" || chosen === "deflate" ? chosen : null;
}

/**
 * The body that answers `text`: compressed (its Content-Encoding set) when the middleware would
 * compress it, else the text itself. `Vary: Accept-Encoding` is the route's: set on every answer
 * by `acceptEncodingVaries` on the direct route, by the middleware on express's.
 */
export async function compressedAnswer<T extends string | Buffer>(req: PlainRequest, res: ServerResponse, text: T): Promise<T | Buffer> {
  // What is cheap to ask first (no Accept-Encoding: answerEncoding below is null; most answers are below
  // the threshold); the type's lookup (compressesWell) costs more.
  if (!req.headers["accept-encoding"] || Buffer.byteLength(text) < COMPRESSION_THRESHOLD_BYTES || (res.getHeader("content-encoding") ?? "identity") !== "identity" || req.method === "HEAD") return text;
  if (!compressesWell(req, res) || NO_TRANSFORM.test(String(res.getHeader("cache-control") ?? ""))) return text;
  const encoding = answerEncoding(req.headers["accept-encoding"]);
  if (!encoding) return text;
  const compressed = await compress[encoding](typeof text === "string" ? Buffer.from(text, "utf8") : text);
  res.setHeader("content-encoding", encoding);
  return compressed;
}
