// The as-run job types and payloads, apart from their handlers (jobs.ts) so that the service can
// enqueue them without importing the handlers, which use the service (no import cycle).
export const AS_RUN_IMPORT = "AS_RUN_IMPORT";
export const AS_RUN_EXPORT = "AS_RUN_RECONCILIATION_EXPORT";

export interface AsRunImportPayload {
  [key: string]: unknown;
  scheduleId: number;
  /** The uploaded file's name: its extension chooses the reader (src/asrun/file-format.ts). */
  fileName?: string | null;
  /** The file is still coming in (see AsRunService.importFile). */
  uploading?: boolean;
}

export interface AsRunExportPayload {
  [key: string]: unknown;
  scheduleId: number;
  format: "CSV" | "JSON" | "BXF";
  from: number | null;
  to: number | null;
  toleranceMs: number;
}
