// Rules of the asset catalog: input checks that name the offending field (BAD_USER_INPUT), the
// stored columns an input becomes, and whether an upsert changes a stored record. Pure.
import { badInput } from "../common/errors.js";
import { lineText } from "../common/input-text.js";
import { isInstantInRange } from "../common/instants.js";
import { fpsRefusal } from "../timecode/index.js";
import type { StoredRightsWindow } from "./tables.js";
import type { AssetInput } from "./types.js";

export const MAX_ASSETS_PER_CALL = 1000;
export const MAX_KEY_LENGTH = 200;
/** Rights windows per asset, channels per window, and the length of an advertiser, a category or a channel. */
export const MAX_RIGHTS_WINDOWS = 100;
export const MAX_WINDOW_CHANNELS = 100;
export const MAX_LABEL_LENGTH = 200;

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
    if (input.advertiser !== undefined) lineText(input.advertiser, `${at}.advertiser`, MAX_LABEL_LENGTH, false);
    if (input.productCategory !== undefined) lineText(input.productCategory, `${at}.productCategory`, MAX_LABEL_LENGTH, false);
    if (input.rights !== undefined) rightsWindows(input.rights, `${at}.rights`);
  });
}

const argumentError = (path: string, message: string) => badInput(`${path} ${message}`, { argument: path, field: path });

/**
 * An input's rights windows as stored (StoredRightsWindow: instants as ISO strings, channels trimmed
 * and once each); null or absent: []. BAD_USER_INPUT naming the member (`assets[0].rights[1].end`):
 * an end before its start, a negative or fractional cap, an instant out of range, a bad channel text.
 * Whether each channel is known is the service's check (it needs the database).
 */
export function rightsWindows(given: unknown, at: string): StoredRightsWindow[] {
  if (given === undefined || given === null) return [];
  if (!Array.isArray(given)) throw argumentError(at, "must be a list of rights windows");
  if (given.length > MAX_RIGHTS_WINDOWS) throw argumentError(at, `holds ${given.length} windows; at most ${MAX_RIGHTS_WINDOWS}`);
  return given.map((w: unknown, i) => {
    const path = `${at}[${i}]`;
    if (w === null || typeof w !== "object" || Array.isArray(w)) throw argumentError(path, "must be a rights window");
    const window = w as Record<string, unknown>;
    const instant = (key: "start" | "end"): number | null => {
      const value = window[key];
      if (value === undefined || value === null) return null;
      if (!(value instanceof Date) || !isInstantInRange(value.getTime())) throw argumentError(`${path}.${key}`, "must be an instant in range (ISO 8601)");
      return value.getTime();
    };
    const start = instant("start");
    const end = instant("end");
    if (start !== null && end !== null && end < start) throw argumentError(`${path}.end`, "must not be before start");
    const cap = (key: "maxRuns" | "maxRunsPerDay"): number | null => {
      const value = window[key];
      if (value === undefined || value === null) return null;
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) throw argumentError(`${path}.${key}`, `must be a whole number, 0 or more (got ${String(value)})`);
      return value;
    };
    const channelsGiven = window.channels ?? [];
    if (!Array.isArray(channelsGiven)) throw argumentError(`${path}.channels`, "must be a list of channels");
    if (channelsGiven.length > MAX_WINDOW_CHANNELS) throw argumentError(`${path}.channels`, `holds ${channelsGiven.length} channels; at most ${MAX_WINDOW_CHANNELS}`);
    const channels = [...new Set(channelsGiven.map((c: unknown, c_) => lineText(c, `${path}.channels[${c_}]`, MAX_LABEL_LENGTH, true)!))];
    return {
      start: start === null ? null : new Date(start).toISOString(),
      end: end === null ? null : new Date(end).toISOString(),
      channels,
      maxRuns: cap("maxRuns"),
      maxRunsPerDay: cap("maxRunsPerDay"),
    };
  });
}

/** Each channel the inputs' windows name, with the path of its first mention (for the service's unknown-channel check). */
export function windowChannels(inputs: readonly AssetInput[]): Map<string, string> {
  const out = new Map<string, string>();
  inputs.forEach((input, i) =>
    rightsWindows(input.rights, `assets[${i}].rights`).forEach((w, j) => {
      const given = input.rights![j].channels ?? [];
      for (const channel of w.channels) if (!out.has(channel)) out.set(channel, `assets[${i}].rights[${j}].channels[${given.findIndex((c) => c.trim() === channel)}]`);
    }),
  );
  return out;
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
  rights: StoredRightsWindow[];
  advertiser: string | null;
  productCategory: string | null;
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
    rights: [], advertiser: null, productCategory: null,
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
  if (input.rights !== undefined) out.rights = rightsWindows(input.rights, "rights");
  if (input.advertiser !== undefined) out.advertiser = lineText(input.advertiser, "advertiser", MAX_LABEL_LENGTH, false);
  if (input.productCategory !== undefined) out.productCategory = lineText(input.productCategory, "productCategory", MAX_LABEL_LENGTH, false);
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
