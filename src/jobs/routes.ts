// HTTP routes of the jobs slice: GET /files/<jobId> (a job's output file, streamed from the database
// piece by piece) and GET /jobs/<jobId> (the job as JSON, its `self` link). Same bearer token as
// GraphQL; another organization's job is 404; a file past its retention is 410 FILE_EXPIRED.
// A file is also served without a token to a signed link (Job.downloadUrl, download-links.ts):
// an altered one is 401, an expired one 410 LINK_EXPIRED.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Express, Request, Response } from "express";
import type { Viewer } from "../common/auth.js";
import { AppError } from "../common/errors.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../common/log.js";
import { isSignedLinkRequest, type FileLinks } from "./download-links.js";
import type { FileStore } from "./files.js";
import { hasDownload, toJob, underBaseUrl, withBaseUrl } from "./mapper.js";
import { findJob, findVisibleJob } from "./service.js";

export interface JobRouteDeps {
  authenticate: (req: Request) => Promise<Viewer | null>;
  db: Database;
  files: FileStore;
  /** Checks the signed links of Job.downloadUrl. */
  fileLinks: FileLinks;
  log: Logger;
  /** Where the request reached the service, for absolute links (see server/graphql/request-context.ts). */
  baseUrl: (req: Request) => string;
}

/** A download past JOB_FILE_RETENTION_HOURS: answered 410 with this code. */
class FileExpired extends Error {}

/** A signed link past its expiry: answered 410 LINK_EXPIRED (ask the job for a fresh downloadUrl). */
class LinkExpired extends Error {}

const STATUS_OF: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404 };

export function mountJobRoutes(app: Express, deps: JobRouteDeps): void {
  const visibleJob = async (req: Request) => {
    const viewer = await deps.authenticate(req);
    if (!viewer) throw new AppError("UNAUTHENTICATED", "A bearer token is required (Authorization: Bearer <JWT>)");
    const job = await findVisibleJob(deps.db, viewer, String(req.params.jobId));
    if (!job) throw new AppError("NOT_FOUND", `Job ${req.params.jobId} not found`);
    return job;
  };

  // The signature is the caller's right to this one file: no token, no organization check.
  const linkedJob = async (req: Request) => {
    const jobId = String(req.params.jobId);
    const check = deps.fileLinks.check(jobId, req.query);
    if (check === "invalid") throw new AppError("UNAUTHENTICATED", "This download link is not valid (altered, or for another file); ask the job for its downloadUrl again");
    if (check === "expired") throw new LinkExpired(`This download link expired (links last ${deps.fileLinks.ttlSeconds} seconds, FILE_LINK_TTL_SECONDS); ask the job for its downloadUrl again`);
    const job = await findJob(deps.db, jobId);
    if (!job) throw new AppError("NOT_FOUND", `Job ${jobId} not found`);
    return job;
  };

  app.get("/jobs/:jobId", async (req, res) => {
    await answer(res, deps.log, async () => {
      const baseUrl = deps.baseUrl(req);
      const job = withBaseUrl(toJob(await visibleJob(req)), baseUrl);
      res.json({ ...job, downloadUrl: job.resourceLink ? underBaseUrl(baseUrl, deps.fileLinks.pathFor(job.id)) : null });
    });
  });

  app.get("/files/:jobId", async (req, res) => {
    await answer(res, deps.log, async () => {
      const job = isSignedLinkRequest(req.query) ? await linkedJob(req) : await visibleJob(req);
      if (!hasDownload(job)) throw new AppError("NOT_FOUND", `Job ${job.id} has no file to download`);
      // The job had a file: none now means it expired (deleted by housekeeping, or about to be).
      const file = await deps.files.current(job.id);
      if (!file) throw new FileExpired(`The file of job ${job.id} was kept ${deps.files.retentionHours} hours after it was written (JOB_FILE_RETENTION_HOURS) and is gone; run the export again`);
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Length", String(file.size));
      res.setHeader("Content-Disposition", contentDisposition(file.name));
      res.setHeader("Cache-Control", "private, no-store");
      try {
        await pipeline(Readable.from(deps.files.read(file)), res);
      } catch (error) {
        // The client went away: nothing to answer, nothing to log.
        if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
        throw error;
      }
    });
  });
}

async function answer(res: Response, log: Logger, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (res.headersSent) {
      res.destroy(error as Error);
      return;
    }
    if (error instanceof FileExpired) return sendError(res, 410, "FILE_EXPIRED", error.message);
    if (error instanceof LinkExpired) return sendError(res, 410, "LINK_EXPIRED", error.message);
    if (error instanceof AppError && STATUS_OF[error.code]) return sendError(res, STATUS_OF[error.code], error.code, error.message);
    log.error("file route failed", { error: String((error as Error)?.stack ?? error) });
    sendError(res, 500, "INTERNAL_SERVER_ERROR", "Unexpected error");
  }
}

/** `{ error: { code, message } }` as these routes always answered, and GraphQL's `errors` shape beside it as every other route. */
function sendError(res: Response, status: number, code: string, message: string): void {
  const requestId = String(res.locals.requestId ?? "");
  res.status(status).setHeader("cache-control", "no-store");
  res.json({ error: { code, message }, errors: [{ message, extensions: { code, requestId } }] });
}

/** RFC 6266: an ASCII fallback and the exact name in UTF-8. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
