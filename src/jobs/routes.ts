// HTTP routes of the jobs slice: GET /files/<jobId> (a job's output file) and GET /jobs/<jobId> (the
// job as JSON, its `self` link). Same bearer token as GraphQL; another organization's job is 404.
import type { Express, Request, Response } from "express";
import type { Viewer } from "../common/auth.js";
import { AppError } from "../common/errors.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../server/log.js";
import type { FileStore } from "./files.js";
import { contentTypeOf, hasDownload, toJob } from "./mapper.js";
import { findVisibleJob } from "./service.js";

export interface JobRouteDeps {
  authenticate: (req: Request) => Promise<Viewer | null>;
  db: Database;
  files: FileStore;
  log: Logger;
}

const STATUS_OF: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404 };

export function mountJobRoutes(app: Express, deps: JobRouteDeps): void {
  const visibleJob = async (req: Request) => {
    const viewer = await deps.authenticate(req);
    if (!viewer) throw new AppError("UNAUTHENTICATED", "A bearer token is required (Authorization: Bearer <JWT>)");
    const job = await findVisibleJob(deps.db, viewer, String(req.params.jobId));
    if (!job) throw new AppError("NOT_FOUND", `Job ${req.params.jobId} not found`);
    return job;
  };

  app.get("/jobs/:jobId", async (req, res) => {
    await answer(res, deps.log, async () => {
      res.json(toJob(await visibleJob(req)));
    });
  });

  app.get("/files/:jobId", async (req, res) => {
    await answer(res, deps.log, async () => {
      const job = await visibleJob(req);
      const file = hasDownload(job) ? await deps.files.open(job.id) : null;
      if (!file) throw new AppError("NOT_FOUND", `Job ${job.id} has no file to download`);
      res.setHeader("Content-Type", contentTypeOf(job.resourceExtension));
      res.setHeader("Content-Length", String(file.size));
      res.setHeader("Content-Disposition", contentDisposition(job.fileName ?? `job-${job.id}`));
      res.setHeader("Cache-Control", "private, no-store");
      await new Promise<void>((resolve, reject) => {
        file.stream.on("error", reject);
        res.on("close", resolve);
        file.stream.pipe(res);
      });
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
    if (error instanceof AppError && STATUS_OF[error.code]) {
      res.status(STATUS_OF[error.code]).json({ error: { code: error.code, message: error.message } });
      return;
    }
    log.error("file route failed", { error: String((error as Error)?.stack ?? error) });
    res.status(500).json({ error: { code: "INTERNAL_SERVER_ERROR", message: "Unexpected error" } });
  }
}

/** RFC 6266: an ASCII fallback and the exact name in UTF-8. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
