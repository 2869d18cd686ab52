// Rules of the asset catalog: input checks that name the offending field (BAD_USER_INPUT), the
// stored columns an input becomes, and whether an upsert changes a stored record. Pure.
import { badInput } from "../common/errors.js";
import { fpsRefusal } from "../timecode/index.js";
import type { AssetInput } from "./types.js";

export const MAX_ASSETS_PER_CALL = 1000;
export const MAX_KEY_LENGTH = 200;

/** Numeric members that count or measure something, wherever they sit in the record. */
const NON_NEGATIVE = new Set([
  "assetSize", "fileCount", "fileSize", "crc32", "ttl", "bytesDone", "percentDone",
  "duration", "durationInFrames", "durationInMilliseconds", "firstFrameTime", "frameCount", "frameRate",
  "overallBitrate", "bitRate", "bitDepth", "height", "width", "pixelAspectRatio",
  "audioTrackCount", "imageFileCount", "subtitleFileCount", "som", "eom", "timecodeIn",
  "episodeNumber", "seasonNumber", "splitPartOffsets", "count", "streamId", "trackIndex", "number", "total", "assetVersion",
]);
/** Open maps (JSONObject): their keys are the caller's, not ours, so the walk does not enter them. */
const OPEN_MAPS = new Set(["customFields", "properties"]);
/** Maps that SPEC types "map string to string". */
const STRING_MAPS = new Set(["customFields", "fileData.properties", "fileData.origin.properties"]);

const fieldError = (path: string, message: string) => badInput(`${path} ${message}`, { field: path });

/** Checks one call's inputs; throws on the first problem, naming its path (`assets[2].metadata.fps`). */
export function checkAssetInputs(inputs: readonly AssetInput[]): void {
  if (inputs.length > MAX_ASSETS_PER_CALL) {
    throw badInput(`assets holds ${inputs.length} assets; at most ${MAX_ASSETS_PER_CALL} per call`, { argument: "assets" });
  }
  const seen = new Map<string, number>();
  inputs.forEach((input, i) => {
    const at = `assets[${i}]`;
    const assetId = input.assetId?.trim() ?? "";
    if (!assetId) throw fieldError(`${at}.assetId`, "must not be empty");
    if (assetId.length > MAX_KEY_LENGTH) throw fieldError(`${at}.assetId`, `must be at most ${MAX_KEY_LENGTH} characters`);
    const earlier = seen.get(assetId);
    if (earlier !== undefined) throw fieldError(`${at}.assetId`, `repeats assetId "${assetId}" of assets[${earlier}]; name each asset once per call`);
    seen.set(assetId, i);
    if (input.mediaId !== undefined && input.mediaId !== null) {
      const mediaId = input.mediaId.trim();
      if (!mediaId) throw fieldError(`${at}.mediaId`, "must not be empty (send null to clear it)");
      if (mediaId.length > MAX_KEY_LENGTH) throw fieldError(`${at}.mediaId`, `must be at most ${MAX_KEY_LENGTH} characters`);
    }
    const fps = input.metadata?.fps;
    const fpsRefused = fps === undefined || fps === null ? null : fpsRefusal(fps);
    if (fpsRefused) throw fieldError(`${at}.metadata.fps`, fpsRefused);
    input.tags?.forEach((tag, t) => {
      if (!tag.name?.trim()) throw fieldError(`${at}.tags[${t}].name`, "must not be empty");
    });
    checkTree(input, at, "");
  });
}

function checkTree(value: unknown, path: string, schemaPath: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkTree(item, `${path}[${i}]`, schemaPath));
    return;
  }
  if (value === null || typeof value !== "object" || value instanceof Date) return;
  for (const [key, member] of Object.entries(value)) {
    if (member === null || member === undefined) continue;
    const memberPath = `${path}.${key}`;
    const memberSchemaPath = schemaPath ? `${schemaPath}.${key}` : key;
    if (NON_NEGATIVE.has(key)) {
      for (const [i, n] of (Array.isArray(member) ? member : [member]).entries()) {
        if (typeof n === "number" && n < 0) {
          throw fieldError(Array.isArray(member) ? `${memberPath}[${i}]` : memberPath, `must not be negative (got ${n})`);
        }
      }
    }
    if (key === "percentDone" && typeof member === "number" && member > 100) throw fieldError(memberPath, `must be at most 100 (got ${member})`);
    if (OPEN_MAPS.has(key)) {
      if (STRING_MAPS.has(memberSchemaPath)) {
        for (const [mapKey, mapValue] of Object.entries(member as Record<string, unknown>)) {
          if (typeof mapValue !== "string") throw fieldError(`${memberPath}.${mapKey}`, "must be a string");
        }
      }
      continue;
    }
    checkTree(member, memberPath, memberSchemaPath);
  }
}

/** The stored, writable columns of an asset (everything but keys, version and dates the server keeps). */
export interface AssetColumns {
  mediaId: string | null;
  name: string | null;
  storageType: string | null;
  qcStatus: string | null;
  durationMs: number | null;
  title: string | null;
  assetSize: number | null;
  fileCount: number | null;
  customFields: Record<string, unknown> | null;
  fileData: unknown[] | null;
  metadata: Record<string, unknown> | null;
  qcInfo: Record<string, unknown> | null;
  sourceAssetData: Record<string, unknown> | null;
  systemFields: Record<string, unknown> | null;
  tags: unknown[] | null;
  dateApplied: Date | null;
}

const JSON_MEMBERS = ["customFields", "fileData", "metadata", "qcInfo", "sourceAssetData", "systemFields", "tags"] as const;

/** Plain JSON as jsonb will hold it: class instances flattened, instants as ISO strings. */
const toJson = <T>(value: T): T => (value === null || value === undefined ? (null as T) : JSON.parse(JSON.stringify(value)));

/**
 * The columns after applying an input to the stored ones (`existing`, absent for a new asset):
 * members left out keep their stored value, null clears, nested structures are replaced whole.
 * The lookup columns (qcStatus, durationMs, title) follow the nested structures they copy.
 */
export function mergeAssetColumns(input: AssetInput, existing: AssetColumns | undefined): AssetColumns {
  const base: AssetColumns = existing ?? {
    mediaId: null, name: null, storageType: null, qcStatus: null, durationMs: null, title: null, assetSize: null, fileCount: null,
    customFields: null, fileData: null, metadata: null, qcInfo: null, sourceAssetData: null, systemFields: null, tags: null, dateApplied: null,
  };
  const out: AssetColumns = { ...base };
  if (input.mediaId !== undefined) out.mediaId = input.mediaId?.trim() ?? null;
  if (input.name !== undefined) out.name = input.name?.trim() || null;
  if (input.storageType !== undefined) out.storageType = input.storageType ?? null;
  if (input.assetSize !== undefined) out.assetSize = input.assetSize ?? null;
  if (input.dateApplied !== undefined) out.dateApplied = input.dateApplied ?? null;
  for (const key of JSON_MEMBERS) {
    if (input[key] !== undefined) (out as any)[key] = toJson(input[key]);
  }
  if (input.fileCount !== undefined) out.fileCount = input.fileCount ?? null;
  else if (input.fileData !== undefined) out.fileCount = input.fileData?.length ?? null;
  out.qcStatus = stringOrNull(out.qcInfo?.qcStatus);
  out.durationMs = typeof out.metadata?.durationInMilliseconds === "number" ? out.metadata.durationInMilliseconds : null;
  out.title = stringOrNull(out.systemFields?.title);
  return out;
}

const stringOrNull = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** True when two column sets hold the same record (jsonb reorders keys, so compare by value). */
export function sameColumns(a: AssetColumns, b: AssetColumns): boolean {
  return (Object.keys(a) as (keyof AssetColumns)[]).every((key) => sameValue(a[key], b[key]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameValue(item, (b as unknown[])[i]));
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return aKeys.length === bKeys.length && aKeys.every((key) => Object.hasOwn(b, key) && sameValue((a as any)[key], (b as any)[key]));
}
