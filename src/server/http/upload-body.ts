// Multipart bodies of /graphql (the GraphQL multipart request spec; graphql-upload parses them with
// busboy). A body that is not what the spec describes is the caller's error, whatever part of it is
// wrong: it answers BAD_REQUEST (HTTP 400), or PAYLOAD_TOO_LARGE (HTTP 413, with `limit`) for a file
// over MAX_UPLOAD_BYTES or a field over its size, logged at warn, never as a fault of the service.
//
// Two moments:
// - Before GraphQL runs: `operations`, `map` and the header of every file the map names have been
//   read (the file's bytes have not: they stream to the resolver as they arrive, which the imports
//   need). A refusal found by then is answered here, as JSON {errors:[{message, extensions:{code,
//   requestId}}]} (error-responses.ts's sendJsonError), once the request has been read to its end.
// - While GraphQL reads a file: what goes wrong after it (the file over its limit, the form cut
//   short, a malformed part or a second file after it) reaches the reader of the file as the
//   error answering the request (BAD_REQUEST or PAYLOAD_TOO_LARGE with its HTTP status). A file's
//   stream ends only once the whole form has been read, so a fault after the file still fails the
//   operation that read it.
//
// File names and field names hold no control character (U+0000 to U+001F, U+007F; tab included:
// these are names, not text). A client that leaves mid-upload stays graphql-upload's 499 (an info
// line, graphql/format-error.ts `clientLeft`).
import type { Request, Response } from "express";
import { GraphQLError } from "graphql";
import graphqlUploadExpress from "graphql-upload/graphqlUploadExpress.mjs";
import Upload, { type FileUpload } from "graphql-upload/Upload.mjs";
import { Readable, type Writable } from "node:stream";
import { AppError } from "../../common/errors.js";
import type { Logger } from "../../common/log.js";
import { REFUSED_BODY_DRAIN_BYTES } from "./body-budget.js";
import { dropRest } from "./connections.js";
import type { PlainHandler, PlainRequest, PlainResponse } from "./direct-route.js";
import { pathOf, requestIdOf, sendJsonError } from "./error-responses.js";
import { answerPathOf } from "./answer-path.js";

/** graphql-upload's default size of the `operations` and `map` fields. */
export const MAX_FIELD_BYTES = 1_000_000;

export interface UploadLimits {
  /** MAX_UPLOAD_BYTES. */
  maxFileSize: number;
  maxFiles: number;
  maxFieldSize?: number;
}

/** What a refused multipart body answers. 499: the client went away (nobody reads an answer). */
export interface UploadRefusal {
  status: 400 | 413 | 499;
  code: "BAD_REQUEST" | "PAYLOAD_TOO_LARGE";
  message: string;
  /** The limit passed (PAYLOAD_TOO_LARGE only). */
  limit?: string;
  /** What the parser said (logged, not answered). */
  reason: string;
  /** The error itself, for a 499 (graphql/format-error.ts recognises it). */
  original?: unknown;
}

/** A refusal decided here (a name with a control character, a field or file too many). */
class MultipartRefusal extends Error {
  constructor(readonly refusal: UploadRefusal) {
    super(refusal.message);
    this.name = "MultipartRefusal";
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/;

/** "U+0000 at position 4" for the first control character of `name`; null when it holds none. */
export function controlCharacterOf(name: string): string | null {
  const found = CONTROL.exec(name);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at position ${found.index}` : null;
}

const SPEC = "the GraphQL multipart request spec: `operations`, then `map`, then the files the map names";

const badRequest = (message: string, reason = message): UploadRefusal => ({ status: 400, code: "BAD_REQUEST", message, reason });

/** Names of a part checked: the field name, and the file name of a file part. */
export function refuseNames(fieldName: unknown, fileName?: unknown): UploadRefusal | null {
  if (typeof fieldName === "string") {
    const bad = controlCharacterOf(fieldName);
    if (bad) return badRequest(`A multipart field name holds the control character ${bad}; names may hold none`);
  }
  if (typeof fileName === "string") {
    const bad = controlCharacterOf(fileName);
    if (bad) return badRequest(`The file name of multipart part '${safeName(fieldName)}' holds the control character ${bad}; file names may hold none`);
  }
  return null;
}

/** A part's name fit for a message: no control characters, at most 40 characters. */
function safeName(name: unknown): string {
  return typeof name === "string" ? name.replace(new RegExp(CONTROL, "g"), "?").slice(0, 40) : "";
}

/**
 * What an error of the multipart parsing means for the caller. The errors of graphql-upload carry
 * an HTTP status (http-errors); busboy's carry none and all say the body is malformed ("Malformed
 * part header", "Unexpected end of form", "Unexpected end of file", "Malformed content type", …).
 */
export function refusalOf(error: unknown, limits: Required<UploadLimits>): UploadRefusal {
  if (error instanceof MultipartRefusal) return error.refusal;
  const e = (error ?? {}) as { status?: number; statusCode?: number; message?: unknown };
  const status = Number(e.status ?? e.statusCode) || 0;
  const said = String(e.message ?? error).slice(0, 300);
  if (status === 499) return { status: 499, code: "BAD_REQUEST", message: "The client went away during its upload", reason: said, original: error };
  if (status === 413) {
    if (/File truncated/i.test(said)) {
      return { status: 413, code: "PAYLOAD_TOO_LARGE", message: `The file is larger than the upload limit of ${limits.maxFileSize} bytes (MAX_UPLOAD_BYTES)`, limit: "MAX_UPLOAD_BYTES", reason: said };
    }
    if (/max file uploads exceeded/i.test(said)) return tooManyFiles(limits.maxFiles, said);
    const limit = `${limits.maxFieldSize} bytes a multipart field`;
    return { status: 413, code: "PAYLOAD_TOO_LARGE", message: `A multipart field is larger than ${limits.maxFieldSize} bytes (the limit of the operations and map fields)`, limit, reason: said };
  }
  if (status === 400 && /^File missing/.test(said)) return badRequest(`The multipart map names a file part that the request does not hold (${SPEC})`, said);
  if (status >= 400 && status < 500) return badRequest(said.replace(/\s*\(https?:[^)]*\)/, "").trim() + ` (${SPEC})`, said);
  return badRequest(`The multipart body is malformed: ${said}`, said);
}

function tooManyFiles(maxFiles: number, reason: string): UploadRefusal {
  return badRequest(`A request holds at most ${maxFiles} file${maxFiles === 1 ? "" : "s"}`, reason);
}

/** The error a resolver reading the file meets: answered with the refusal's code and HTTP status. */
function graphqlErrorOf(refusal: UploadRefusal): unknown {
  if (refusal.status === 499) return refusal.original;
  if (refusal.code === "PAYLOAD_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", refusal.message, { limit: refusal.limit, http: { status: 413 } });
  return new GraphQLError(refusal.message, { extensions: { code: "BAD_REQUEST", http: { status: refusal.status } } });
}

/** The parse of one multipart request: the first refusal, and when the whole form has been read. */
class FormWatch {
  refusal: UploadRefusal | null = null;
  parser: Writable | null = null;
  /** Settles once the parser is done (the whole form read, or given up): with the refusal, if any. */
  readonly done: Promise<UploadRefusal | null>;
  private settle!: () => void;

  constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly limits: Required<UploadLimits>,
    private readonly log: Logger,
  ) {
    this.done = new Promise<void>((resolve) => (this.settle = resolve)).then(() => this.refusal);
  }

  /** Keeps the first refusal (the most telling one: later errors follow from it) and logs it once. */
  record(error: unknown): UploadRefusal {
    if (this.refusal) return this.refusal;
    const refusal = (this.refusal = refusalOf(error, this.limits));
    // A client that went away is logged by whoever answers (error-responses.ts, request-plugins.ts), at info.
    if (refusal.status !== 499) {
      this.log.warn("http error: multipart body refused", {
        requestId: requestIdOf(this.res),
        method: this.req.method,
        path: pathOf(this.req.url).slice(0, 200),
        status: refusal.status,
        code: refusal.code,
        ...(refusal.limit ? { limit: refusal.limit } : {}),
        reason: refusal.reason.slice(0, 200),
      });
    }
    return refusal;
  }

  /** Refuses the body and stops its parser (graphql-upload then rejects what waits and drains the request). */
  refuse(refusal: UploadRefusal): void {
    this.record(new MultipartRefusal(refusal));
    this.parser?.destroy(new MultipartRefusal(refusal));
  }

  /** Listens to busboy beside graphql-upload (its own listeners were added first). */
  attach(parser: Writable): void {
    this.parser = parser;
    parser.on("field", (name: unknown) => {
      const bad = refuseNames(name);
      if (bad) this.refuse(bad);
    });
    parser.on("file", (name: unknown, stream: Readable, info: { filename?: unknown } | undefined) => {
      stream.on("error", (error: unknown) => this.record(error));
      stream.on("limit", () => this.record(fileTooLarge(this.limits.maxFileSize)));
      const bad = refuseNames(name, info?.filename ?? "");
      if (bad) this.refuse(bad);
    });
    parser.on("fieldsLimit", () => this.refuse(badRequest(`A multipart body holds the fields 'operations' and 'map' and nothing else besides files (${SPEC})`)));
    parser.on("filesLimit", () => this.refuse(tooManyFiles(this.limits.maxFiles, "files limit")));
    parser.on("error", (error: unknown) => {
      this.record(error);
      this.settle();
    });
    parser.on("finish", () => this.settle());
    parser.on("close", () => this.settle());
  }

  /** Called when no parser will come (busboy refused the headers) or the parse has ended. */
  end(): void {
    this.settle();
  }

  /** A file whose stream fails with the refusal, and ends only once the whole form has been read. */
  guard(file: FileUpload): void {
    const open = file.createReadStream.bind(file);
    file.createReadStream = (options) => {
      let source: Readable;
      try {
        source = open(options);
      } catch (error) {
        throw graphqlErrorOf(this.refusal ?? this.record(error));
      }
      return Readable.from(this.read(source));
    };
  }

  private async *read(source: Readable): AsyncGenerator<unknown> {
    let bytes = 0;
    try {
      for await (const chunk of source) {
        bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
        if (bytes > this.limits.maxFileSize) break;
        yield chunk;
      }
    } catch (error) {
      // A fault of the service (the temp file's disk) stays one: only the parse's own errors are the caller's.
      if (!this.refusal && !isParseError(error)) throw error;
      throw graphqlErrorOf(this.refusal ?? this.record(error));
    } finally {
      source.destroy();
    }
    if (bytes > this.limits.maxFileSize) throw graphqlErrorOf(this.record(fileTooLarge(this.limits.maxFileSize)));
    const refusal = await this.done;
    if (refusal) throw graphqlErrorOf(refusal);
  }
}

/** A file past MAX_UPLOAD_BYTES, as graphql-upload says it. */
function fileTooLarge(maxFileSize: number): Error {
  return Object.assign(new Error(`File truncated as it exceeds the ${maxFileSize} byte size limit.`), { status: 413 });
}

/** graphql-upload's own errors (http-errors with a 4xx status). */
function isParseError(error: unknown): boolean {
  const status = Number((error as { status?: number } | null)?.status) || 0;
  return status >= 400 && status < 500;
}

/** The Upload instances graphql-upload put into `operations` (where the map named them). */
function uploadsIn(operations: unknown): Upload[] {
  const found: Upload[] = [];
  const stack: unknown[] = [operations];
  while (stack.length) {
    const value = stack.pop();
    if (value instanceof Upload) found.push(value);
    else if (value && typeof value === "object") for (const member of Object.values(value)) stack.push(member);
  }
  return found;
}

/** Lets `onParser` listen to the parser graphql-upload pipes the request into (before any byte flows). */
function captureParser(req: Request, onParser: (parser: Writable) => void): () => void {
  const own = Object.prototype.hasOwnProperty.call(req, "pipe");
  const original = req.pipe;
  const restore = () => {
    if (own) req.pipe = original;
    else delete (req as { pipe?: unknown }).pipe;
  };
  req.pipe = function (this: Request, destination: NodeJS.WritableStream, options?: { end?: boolean }) {
    restore();
    onParser(destination as Writable);
    return original.call(this, destination, options);
  } as unknown as typeof req.pipe;
  return restore;
}

/** Resolves once the request has been read to its end (or its connection closed). */
function requestEnded(req: Request): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once("end", () => resolve());
    req.once("close", () => resolve());
    req.resume();
  });
}

/**
 * Middleware of /graphql: a multipart request's `operations` as `req.body`, its files as
 * graphql-upload's Upload promises; every other request passes untouched.
 */
export function uploadBody(options: UploadLimits & { log: Logger }): (req: Request, res: Response, next: (error?: unknown) => void) => void {
  const limits: Required<UploadLimits> = { maxFileSize: options.maxFileSize, maxFiles: options.maxFiles, maxFieldSize: options.maxFieldSize ?? MAX_FIELD_BYTES };
  // busboy stops a file at its limit even when the file is exactly that long: it is given one byte
  // more, and the file's reader (FormWatch.read) refuses what passes the limit itself.
  const parse = graphqlUploadExpress({ ...limits, maxFileSize: limits.maxFileSize + 1 });
  const { log } = options;
  return (req, res, next) => {
    if (!isMultipart(req)) return next();
    const watch = new FormWatch(req, res, limits, log);
    const refuse = (refusal: UploadRefusal) => {
      watch.end();
      // A client that went away: error-responses.ts logs it at info.
      if (refusal.status === 499) return next(refusal.original);
      // Written once the client has sent everything (an answer while it still sends reads as a reset).
      req.unpipe();
      void requestEnded(req).then(() => {
        if (!res.headersSent) sendJsonError(res, refusal.status, refusal.code, refusal.message, refusal.limit ? { limit: refusal.limit } : {});
      });
    };
    const restore = captureParser(req, (parser) => watch.attach(parser));
    parse(req, res, (error?: unknown) => {
      restore();
      if (!watch.parser) watch.end();
      // Not a multipart/form-data body after all (multipart/mixed, say): graphql-upload passed it on.
      if (!error && req.body === undefined) return refuse(watch.record(new Error("A multipart request to /graphql is multipart/form-data, with a body")));
      if (error) return refuse(watch.record(error));
      // The header of every file the map names is read before GraphQL runs (its bytes stream on).
      const uploads = uploadsIn(req.body);
      void Promise.allSettled(uploads.map((upload) => upload.promise)).then((results) => {
        for (const result of results) if (result.status === "rejected") watch.record(result.reason);
        if (watch.refusal) return refuse(watch.refusal);
        for (const result of results) if (result.status === "fulfilled") watch.guard(result.value);
        next();
      });
    });
  };
}

const MULTIPART = /^\s*multipart\//i;

/** Whether the request is multipart (an upload, for graphql-upload's parser). */
export function isMultipart(req: Pick<PlainRequest, "headers">): boolean {
  return MULTIPART.test(req.headers["content-type"] ?? "");
}

/** Who sent a request, as identifyCaller (identity/caller.ts) left it: injected, the HTTP room stands below identity. */
export type CallerOfResponse = (res: PlainResponse) => { viewer: unknown; authError: Error | null } | undefined;

/**
 * Middleware, after identifyCaller (identity/caller.ts): an upload (multipart) without a valid token is
 * refused before a byte of it is parsed. Every operation that takes a file writes, so none can
 * succeed without a token, and parsing one costs what MAX_UPLOAD_BYTES allows. 401
 * UNAUTHENTICATED; up to REFUSED_BODY_DRAIN_BYTES of the body are read and dropped unparsed, so
 * that a client still sending reads the answer; a larger body has its connection closed.
 */
export function uploadsNeedCaller(log: Logger, callerOf: CallerOfResponse): PlainHandler {
  return (req, res, next) => {
    const caller = callerOf(res);
    if (!isMultipart(req) || caller?.viewer) return next();
    const reason = caller?.authError?.message ?? "An upload needs a bearer token (Authorization: Bearer <JWT>)";
    res.setHeader("www-authenticate", "Bearer");
    dropRest(req, res, 0, REFUSED_BODY_DRAIN_BYTES);
    sendJsonError(res, 401, "UNAUTHENTICATED", reason);
    log.info("graphql", { requestId: requestIdOf(res), operation: null, status: 401, errorCodes: ["UNAUTHENTICATED"], reason: "an upload without a valid token", path: answerPathOf(res) });
  };
}
