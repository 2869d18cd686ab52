// Rules for schedule fields: pure checks that answer BAD_USER_INPUT with the field named.
import { badInput } from "../common/errors.js";
import { checkInstantInRange } from "../common/instants.js";
import { canonicalZone, LocalTimeError, parseDayStart } from "../localtime/index.js";
import { fpsRefusal, supportsDropFrame } from "../timecode/index.js";
import type { ScheduleInput } from "./types.js";
import { MAX_LOCK_HORIZON_MS } from "./lock-horizon.js";

export const PLAYLIST_TYPES = ["FINITE", "LOOP"] as const;
export const MAX_NAME_LENGTH = 200;
/** The fps column's default (tables.ts). */
const DEFAULT_FPS = 25;

export interface ScheduleFields {
  name?: string;
  channel?: string | null;
  channelId?: number | null;
  playlistType?: string;
  status?: string | null;
  txdate?: string | null;
  fps?: number;
  dropFrame?: boolean | null;
  timeZone?: string;
  broadcastDayStart?: number;
  graphicsProject?: string | null;
  graphicsProjectV2?: string | null;
  breakMin?: number | null;
  breakMax?: number | null;
  lockHorizonMs?: number;
  separationAssetMs?: number;
  separationAdvertiserMs?: number;
  separationCategoryMs?: number;
  startDate?: Date | null;
  finishDate?: Date | null;
  dateApplied?: Date | null;
}

const field = (name: string, message: string) => badInput(`${name} ${message}`, { field: name });

/** A schedule name as stored: trimmed, not empty, at most MAX_NAME_LENGTH characters (create, update and copy). */
export function scheduleName(given: string | null | undefined): string {
  const name = given?.trim();
  if (!name) throw field("name", "must not be empty");
  if (name.length > MAX_NAME_LENGTH) throw field("name", `must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}

/** The default name of a copy, "<name> (copy)", cut so that it stays within MAX_NAME_LENGTH. */
export function copyName(source: string): string {
  const suffix = " (copy)";
  return `${source.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
}

/**
 * The writable fields of an input, checked. `existing` holds the stored values an update
 * combines with (so breakMin ≤ breakMax is checked on the result, not on the input alone).
 */
export function scheduleFields(input: ScheduleInput, existing?: ScheduleFields): ScheduleFields {
  const out: ScheduleFields = {};
  if (input.name !== undefined) {
    out.name = scheduleName(input.name);
  } else if (!existing) {
    throw field("name", "is required to create a schedule");
  }
  for (const key of ["channel", "status", "txdate", "graphicsProject", "graphicsProjectV2"] as const) {
    if (input[key] !== undefined) out[key] = input[key] ?? null;
  }
  if (input.channelId !== undefined) {
    if (input.channelId !== null && input.channelId < 0) throw field("channelId", "must not be negative");
    out.channelId = input.channelId;
  }
  if (input.playlistType !== undefined && input.playlistType !== null) {
    const type = input.playlistType.toUpperCase();
    if (!(PLAYLIST_TYPES as readonly string[]).includes(type)) throw field("playlistType", `must be one of ${PLAYLIST_TYPES.join(", ")}`);
    out.playlistType = type;
  }
  const fps = input.fps ?? input.fpsFloat;
  if (fps !== undefined && fps !== null) {
    const refused = fpsRefusal(fps);
    if (refused) throw field(input.fps !== undefined && input.fps !== null ? "fps" : "fpsFloat", refused);
    out.fps = fps;
  }
  checkDropFrame(input, out, existing);
  checkLocalClock(input, out);
  for (const key of ["breakMin", "breakMax"] as const) {
    if (input[key] !== undefined) {
      const value = input[key];
      if (value !== null && value < 0) throw field(key, "must not be negative (milliseconds)");
      out[key] = value;
    }
  }
  if (input.lockHorizonMs !== undefined) out.lockHorizonMs = checkLockHorizon(input.lockHorizonMs);
  checkSeparation(input, out);
  const breakMin = out.breakMin !== undefined ? out.breakMin : existing?.breakMin;
  const breakMax = out.breakMax !== undefined ? out.breakMax : existing?.breakMax;
  if (breakMin != null && breakMax != null && breakMin > breakMax) throw field("breakMin", "must not be above breakMax");
  for (const key of ["startDate", "finishDate", "dateApplied"] as const) {
    if (input[key] !== undefined) out[key] = input[key] ?? null;
    if (out[key]) checkInstantInRange(out[key].getTime(), key, { field: key });
  }
  const start = out.startDate !== undefined ? out.startDate : existing?.startDate;
  const finish = out.finishDate !== undefined ? out.finishDate : existing?.finishDate;
  if (start && finish && start > finish) throw field("startDate", "must not be after finishDate");
  return out;
}

const SEPARATION_COLUMNS = { sameAssetMinMs: "separationAssetMs", sameAdvertiserMinMs: "separationAdvertiserMs", sameCategoryMinMs: "separationCategoryMs" } as const;

/** separation: each member given a whole number of ms, 0 or more (null: 0); null for the whole: every rule 0. */
function checkSeparation(input: ScheduleInput, out: ScheduleFields): void {
  const given: unknown = input.separation;
  if (given === undefined) return;
  if (given !== null && (typeof given !== "object" || Array.isArray(given))) throw badInput("separation must be an object", { argument: "input.separation", field: "separation" });
  for (const [member, column] of Object.entries(SEPARATION_COLUMNS) as [keyof typeof SEPARATION_COLUMNS, (typeof SEPARATION_COLUMNS)[keyof typeof SEPARATION_COLUMNS]][]) {
    const value: unknown = given === null ? null : (given as Record<string, unknown>)[member];
    if (value === undefined) continue;
    if (value === null) {
      out[column] = 0;
      continue;
    }
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      throw badInput(`separation.${member} must be a whole number of milliseconds, 0 (off) or more (got ${String(value)})`, { argument: `input.separation.${member}`, field: `separation.${member}` });
    }
    out[column] = value;
  }
}

/** lockHorizonMs as stored: a whole number of ms from 0 (off; also for null) to MAX_LOCK_HORIZON_MS. */
function checkLockHorizon(value: number | null): number {
  if (value === null) return 0;
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_LOCK_HORIZON_MS) {
    throw field("lockHorizonMs", `must be a whole number of milliseconds from 0 (off) to ${MAX_LOCK_HORIZON_MS} (31 days) (got ${value})`);
  }
  return value;
}

/** The zone (its canonical IANA name) and the broadcast day start; null means the default (UTC, 00:00). */
function checkLocalClock(input: ScheduleInput, out: ScheduleFields): void {
  const checked = <T>(name: string, read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof LocalTimeError) throw badInput(`${name}: ${error.message}`, { field: name });
      throw error;
    }
  };
  if (input.timeZone !== undefined) out.timeZone = input.timeZone === null ? "UTC" : checked("timeZone", () => canonicalZone(input.timeZone!));
  if (input.broadcastDayStart !== undefined) {
    out.broadcastDayStart = input.broadcastDayStart === null ? 0 : checked("broadcastDayStart", () => parseDayStart(input.broadcastDayStart!));
  }
}

/** The widest fps a schedule has ever been stored with (the rule before the timecode rates: above 0, at most 300). */
const MAX_STORED_FPS = 300;

/**
 * The fps of the schedules filter: finite, above 0 and at most 300. Lenient on purpose: it is a
 * read, and schedules stored before fps had to be a timecode rate (12.5, say) must stay findable
 * (to be corrected); a rate that no schedule has matches none.
 */
export function checkFpsFilter(fps: number | null | undefined): void {
  if (fps === undefined || fps === null) return;
  if (!(Number.isFinite(fps) && fps > 0 && fps <= MAX_STORED_FPS)) {
    throw badInput(`filter.fps must be a finite number above 0 and at most ${MAX_STORED_FPS} (got ${fps})`, { argument: "filter.fps" });
  }
}

/** dropFrame true only where drop-frame exists (29.97, 59.94), checked on the fps the schedule ends up with. */
function checkDropFrame(input: ScheduleInput, out: ScheduleFields, existing?: ScheduleFields): void {
  if (input.dropFrame !== undefined) out.dropFrame = input.dropFrame;
  const dropFrame = out.dropFrame !== undefined ? out.dropFrame : existing?.dropFrame;
  const fps = out.fps ?? existing?.fps ?? DEFAULT_FPS;
  if (dropFrame === true && !supportsDropFrame(fps)) {
    throw field("dropFrame", `must not be true at ${fps} fps: drop-frame exists only at 29.97 and 59.94 (give false, or null for the default of the fps)`);
  }
}
