import type { Message, MessageType } from "../common/graphql-types.js";
import type { JobRow } from "./tables.js";
import type { Job, JobStatus, JobType } from "./types.js";

// toJob answers links as paths of the service; the GraphQL fields and GET /jobs/<id> put them under
// the base URL of the request (or PUBLIC_URL) with `underBaseUrl`, so a client can fetch them as they are.
export const jobPath = (id: number) => `/jobs/${id}`;
export const filePath = (id: number) => `/files/${id}`;

/** A path of this service under `baseUrl` (scheme://host[/prefix]); "" leaves it a path. */
export function underBaseUrl(baseUrl: string, path: string): string;
export function underBaseUrl(baseUrl: string, path: string | null): string | null;
export function underBaseUrl(baseUrl: string, path: string | null): string | null {
  return path !== null && path.startsWith("/") ? baseUrl + path : path;
}

/** The job with its resourceLink and links as absolute URLs under `baseUrl`. */
export function withBaseUrl(job: Job, baseUrl: string): Job {
  return { ...job, resourceLink: underBaseUrl(baseUrl, job.resourceLink), links: job.links.map((link) => ({ ...link, href: underBaseUrl(baseUrl, link.href) })) };
}

/** True when the job has an output file a client may download. */
export function hasDownload(row: Pick<JobRow, "status" | "fileSize">): boolean {
  return row.status === "SUCCEEDED" && row.fileSize !== null;
}

/** The one place a job row becomes its GraphQL shape. */
export function toJob(row: JobRow): Job {
  const resourceLink = hasDownload(row) ? filePath(row.id) : null;
  const links = [{ rel: "self", href: jobPath(row.id), type: "application/json" }];
  if (resourceLink) links.push({ rel: "download", href: resourceLink, type: contentTypeOf(row.resourceExtension) });
  return {
    id: String(row.id),
    uniqueId: row.uniqueId,
    type: row.type as JobType,
    jobType: row.type,
    status: row.status as JobStatus,
    progress: row.progress,
    entityId: row.entityId === null ? null : String(row.entityId),
    organization: row.organization,
    providerId: row.providerId,
    serviceProviderId: row.providerId,
    userId: row.userId,
    accountUserId: row.accountUserId,
    fileName: row.fileName,
    resourceExtension: row.resourceExtension,
    resourceLink,
    messages: row.messages.map((m): Message => ({ message: m.message, type: m.type as MessageType })),
    details: row.details
      ? {
          endDateFrom: row.details.endDateFrom ? new Date(row.details.endDateFrom) : null,
          startDateTo: row.details.startDateTo ? new Date(row.details.startDateTo) : null,
          timeInMilliseconds: row.details.timeInMilliseconds ?? null,
        }
      : null,
    attempts: row.attempts,
    dateCreated: row.dateCreated,
    dateStarted: row.dateStarted,
    dateFinished: row.dateFinished,
    links,
  };
}

const CONTENT_TYPES: Record<string, string> = {
  xml: "application/xml",
  json: "application/json",
  csv: "text/csv",
  txt: "text/plain",
};

export function contentTypeOf(extension: string | null): string {
  return (extension && CONTENT_TYPES[extension.toLowerCase()]) || "application/octet-stream";
}
