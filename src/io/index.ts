// The public surface of import/export: what other slices may use, by name (lint:
// eslint.config.js "boundaries"). Everything else of src/io/ is its own.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";

// The service (wired by the composition root), an uploaded file and an export's file name.
export { IoService, exportFileName, type UploadedFile } from "./service.js";

// An upload kept for its job (the as-run import's too): enqueued with its bytes, read, deleted.
export { deleteUpload, enqueueWithUpload, readUpload } from "./uploads.js";

// Reading a file as the imports do: bounded bytes, checked UTF-8, CSV rows, a streaming parser fed.
export { feedParser, limitedBytes, utf8Text } from "./formats/source.js";
export { csvRows } from "./formats/csv.js";
export { parseIsoInstant } from "./formats/times.js";

// BXF time and ids for the as-run reader (src/asrun/bxf.ts): one set of rules for both directions.
export { broadcastClockOf, broadcastDateText, bxfInstant, frameRateText, parseFrameRate, timecodeMs, utcDateTimeMs, utcDurationMs } from "./formats/bxf-time.js";
export { xmlEscape } from "./formats/exports.js";
export { dateTimeXml, durationXml, eventUuid, messageStart, scheduleStart, BXF_VERSIONS, DEFAULT_BXF_VERSION, type BxfVersion } from "./formats/bxf.js";
