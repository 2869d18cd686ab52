import type { Message, MessageType } from "../common/graphql-types.js";
import { ReadMap } from "../common/read-plan.js";
import type { JobRow } from "./tables.js";
import { Job, type JobStatus, type JobType } from "./types.js";

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

const DOWNLOAD_COLUMNS = ["id", "status", "fileSize"] as const;
const resourceLinkOf = (row: JobRow) => (hasDownload(row) ? filePath(row.id) : null);

/**
 * The one place a job row becomes its GraphQL shape, field by field with the columns each reads:
 * a list or poll reads the columns of the fields selected (src/common/read-plan.ts).
 */
export const JOB_READS = new ReadMap<JobRow, Job>(
  {
    id: { columns: ["id"], value: (row) => String(row.id) },
    uniqueId: { columns: ["uniqueId"], value: (row) => row.uniqueId },
    type: { columns: ["type"], value: (row) => row.type as JobType },
    jobType: { columns: ["type"], value: (row) => row.type },
    status: { columns: ["status"], value: (row) => row.status as JobStatus },
    progress: { columns: ["progress"], value: (row) => row.progress },
    entityId: { columns: ["entityId"], value: (row) => (row.entityId === null ? null : String(row.entityId)) },
    organization: { columns: ["organization"], value: (row) => row.organization },
    providerId: { columns: ["providerId"], value: (row) => row.providerId },
    serviceProviderId: { columns: ["providerId"], value: (row) => row.providerId },
    userId: { columns: ["userId"], value: (row) => row.userId },
    accountUserId: { columns: ["accountUserId"], value: (row) => row.accountUserId },
    fileName: { columns: ["fileName"], value: (row) => row.fileName },
    resourceExtension: { columns: ["resourceExtension"], value: (row) => row.resourceExtension },
    resourceLink: { columns: DOWNLOAD_COLUMNS, value: resourceLinkOf },
    messages: { columns: ["messages"], value: (row) => row.messages.map((m): Message => ({ message: m.message, type: m.type as MessageType })) },
    details: { columns: ["details"], value: (row) => detailsOf(row.details) },
    attempts: { columns: ["attempts"], value: (row) => row.attempts },
    dateCreated: { columns: ["dateCreated"], value: (row) => row.dateCreated },
    dateStarted: { columns: ["dateStarted"], value: (row) => row.dateStarted },
    dateFinished: { columns: ["dateFinished"], value: (row) => row.dateFinished },
    links: {
      columns: [...DOWNLOAD_COLUMNS, "resourceExtension"],
      value: (row) => {
        const resourceLink = resourceLinkOf(row);
        const links = [{ rel: "self", href: jobPath(row.id), type: "application/json" }];
        if (resourceLink) links.push({ rel: "download", href: resourceLink, type: contentTypeOf(row.resourceExtension) });
        return links;
      },
    },
  },
  ["id", "organization"],
  // A signed path of this request, made by the resolver from the job's link and id.
  { downloadUrl: ["resourceLink", "id"] },
  "nothing",
  Job,
);

function detailsOf(details: JobRow["details"]): Job["details"] {
  if (!details) return null;
  return {
    endDateFrom: details.endDateFrom ? new Date(details.endDateFrom) : null,
    startDateTo: details.startDateTo ? new Date(details.startDateTo) : null,
    timeInMilliseconds: details.timeInMilliseconds ?? null,
  };
}

/** Every field of a job (REST, and mutations answering the job they started). */
export function toJob(row: JobRow): Job {
  return JOB_READS.toOutput(row, JOB_READS.everything);
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
