// Split: cut an event into parts by segments, cut out stubs, put placeholder breaks between parts.
import { checkMs, orderTimeline } from "./order.js";
import { type RippleResult, rippleAfter } from "./ripple.js";
import { type Slot, TimelineError } from "./types.js";

/** A segment of the event, in ms from its start: [startTime, endTime). `duration` may replace endTime. */
export interface SplitSegment {
  startTime: number;
  endTime?: number | null;
  duration?: number | null;
  /** Cut out: not aired. */
  stub?: boolean | null;
}

export interface SplitOptions {
  segments: readonly SplitSegment[];
  /** Length of the PLACEHOLDER break put between two parts; none when 0 or absent. */
  breakDuration?: number | null;
  /** Appended to the event title to name each part; `{n}` = part number (1-based). */
  partSuffix?: string | null;
  /** Title of each break; `{n}` = break number (1-based), `{title}` = the event title. */
  breakTitlePattern?: string | null;
}

export const DEFAULT_PART_SUFFIX = " (part {n})";
export const DEFAULT_BREAK_TITLE = "Break {n}";

export interface SplitPiece {
  kind: "PART" | "BREAK";
  /** 1-based number among the parts, or among the breaks. */
  n: number;
  onAirTime: number;
  duration: number;
  title: string;
  /** PART: how far into the source event its media starts (add to som); BREAK: 0. */
  somDelta: number;
}

export interface SplitResult {
  /**
   * Parts and breaks in air order, back to back from the event's start. Part 1 is meant to be the
   * original event updated (it keeps its id); every other piece is a new event.
   */
  pieces: SplitPiece[];
  /** Where the last piece ends. */
  end: number;
}

const fill = (pattern: string, n: number, title: string) => pattern.replaceAll("{n}", String(n)).replaceAll("{title}", title);

/**
 * Splits `event` by `segments`: the non-stub segments become parts aired back to back from the
 * event's start (time in no segment, like stubs, is cut out), with a break of `breakDuration`
 * between consecutive parts. A single part keeps the event's title. Segments may come in any
 * order; they must lie within the event, last more than 0 ms and not overlap.
 */
export function splitEvent(event: Slot & { title?: string | null }, options: SplitOptions): SplitResult {
  const breakDuration = options.breakDuration ?? 0;
  checkMs(breakDuration, "breakDuration", true);
  const segments = checkSegments(event.duration, options.segments);
  const parts = segments.filter((segment) => !segment.stub);
  if (parts.length === 0) throw new TimelineError("split needs at least one segment that is not a stub", "segments");
  const title = event.title ?? "";
  const suffix = options.partSuffix ?? DEFAULT_PART_SUFFIX;
  const breakTitle = options.breakTitlePattern ?? DEFAULT_BREAK_TITLE;
  const pieces: SplitPiece[] = [];
  let cursor = event.onAirTime;
  parts.forEach((part, index) => {
    if (index > 0 && breakDuration > 0) {
      pieces.push({ kind: "BREAK", n: index, onAirTime: cursor, duration: breakDuration, title: fill(breakTitle, index, title), somDelta: 0 });
      cursor += breakDuration;
    }
    const duration = part.endTime - part.startTime;
    const partTitle = parts.length === 1 ? title : title + fill(suffix, index + 1, title);
    pieces.push({ kind: "PART", n: index + 1, onAirTime: cursor, duration, title: partTitle, somDelta: part.startTime });
    cursor += duration;
  });
  return { pieces, end: cursor };
}

/** Segments checked and sorted, each with its endTime. */
function checkSegments(eventDuration: number, segments: readonly SplitSegment[]): { startTime: number; endTime: number; stub: boolean }[] {
  if (segments.length === 0) throw new TimelineError("split needs at least one segment", "segments");
  const checked = segments.map((segment, i) => {
    const where = `segments[${i}]`;
    checkMs(segment.startTime, `${where}.startTime`, true);
    if (segment.duration != null) checkMs(segment.duration, `${where}.duration`, true);
    if (segment.endTime != null) checkMs(segment.endTime, `${where}.endTime`, true);
    const endTime = segment.endTime ?? (segment.duration != null ? segment.startTime + segment.duration : null);
    if (endTime === null) throw new TimelineError(`${where} needs an endTime or a duration`, "segments");
    if (segment.duration != null && segment.endTime != null && segment.endTime - segment.startTime !== segment.duration) {
      throw new TimelineError(`${where}: duration ${segment.duration} does not match endTime - startTime`, "segments");
    }
    if (endTime <= segment.startTime) throw new TimelineError(`${where} must end after it starts`, "segments");
    if (endTime > eventDuration) throw new TimelineError(`${where} ends at ${endTime} ms, after the event's ${eventDuration} ms`, "segments");
    return { startTime: segment.startTime, endTime, stub: segment.stub ?? false };
  });
  checked.sort((a, b) => a.startTime - b.startTime);
  for (let i = 1; i < checked.length; i++) {
    if (checked[i].startTime < checked[i - 1].endTime) throw new TimelineError(`segments overlap at ${checked[i].startTime} ms`, "segments");
  }
  return checked;
}

/**
 * Splits event `eventId` of the schedule (see splitEvent) and ripples what follows it from the end
 * of the last piece up to the next locked event (`remainders` reports what is left before it).
 */
export function splitInTimeline(events: readonly (Slot & { title?: string | null })[], eventId: number, options: SplitOptions): SplitResult & RippleResult {
  const ordered = orderTimeline(events);
  const index = ordered.findIndex((event) => event.id === eventId);
  if (index < 0) throw new TimelineError(`event ${eventId} is not in the schedule`, "eventId");
  const event = ordered[index];
  const split = splitEvent(event, options);
  return { ...split, ...rippleAfter(ordered, index + 1, split.end, false) };
}
