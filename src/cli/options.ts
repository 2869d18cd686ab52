// The options of the remote commands (node:util parseArgs), in a module of their own that imports
// nothing, as help.ts: what the command line accepts can be read (test/cli/readme.test.ts) without
// loading the service the commands sign their tokens with.

const REMOTE_OPTIONS = { url: { type: "string" }, token: { type: "string" }, org: { type: "string" }, quiet: { type: "boolean", default: false } } as const;
export const IMPORT_OPTIONS = { ...REMOTE_OPTIONS, name: { type: "string" }, fps: { type: "string" }, format: { type: "string" }, channel: { type: "string" }, "time-zone": { type: "string" }, "day-start": { type: "string" }, sync: { type: "boolean", default: false } } as const;
export const EXPORT_OPTIONS = { ...REMOTE_OPTIONS, format: { type: "string", default: "xmltv" }, "bxf-version": { type: "string" }, out: { type: "string" } } as const;
export const JOBS_OPTIONS = { url: { type: "string" }, token: { type: "string" }, org: { type: "string" }, quiet: { type: "boolean", default: false }, status: { type: "string", multiple: true }, watch: { type: "string" } } as const;
export const ASRUN_OPTIONS = { ...REMOTE_OPTIONS, schedule: { type: "string" }, format: { type: "string" }, out: { type: "string" }, from: { type: "string" }, to: { type: "string" }, tolerance: { type: "string" } } as const;
export const GENERATE_OPTIONS = { ...REMOTE_OPTIONS, template: { type: "string" }, schedule: { type: "string" }, from: { type: "string" }, days: { type: "string" }, seed: { type: "string" } } as const;
