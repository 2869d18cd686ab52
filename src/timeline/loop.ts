// Event loop (bulk edit eventLoop): repeat templates back to back over [loopFrom, loopTo).
import { checkMs } from "./order.js";
import { TimelineError } from "./types.js";

/** One placed repetition of a template: `template` is its index in the templates given. */
export interface LoopPlacement {
  template: number;
  onAirTime: number;
  /** The template's duration, or less for the last one, trimmed to end at loopTo. */
  duration: number;
}

/** More than this many events from one loop is refused as bad input rather than written. */
export const MAX_LOOP_EVENTS = 1_000_000;

/**
 * Repeats the templates in order, back to back, from `loopFrom`; the last repetition is trimmed to
 * end exactly at `loopTo`, so the placements fill [loopFrom, loopTo) without gap or overlap.
 * Zero-length templates are placed (at their instant) but nothing starts at loopTo.
 */
export function loopEvents(templates: readonly { duration: number }[], loopFrom: number, loopTo: number, maxEvents = MAX_LOOP_EVENTS): LoopPlacement[] {
  checkMs(loopFrom, "loopFrom");
  checkMs(loopTo, "loopTo");
  if (loopTo <= loopFrom) throw new TimelineError("loopTo must be after loopFrom", "loopTo");
  if (templates.length === 0) throw new TimelineError("eventLoop needs at least one event", "events");
  let cycle = 0;
  templates.forEach((template, i) => {
    checkMs(template.duration, `events[${i}].duration`, true);
    cycle += template.duration;
  });
  if (cycle === 0) throw new TimelineError("the looped events must last more than 0 ms together", "events");
  const estimate = Math.ceil((loopTo - loopFrom) / cycle) * templates.length;
  if (estimate > maxEvents) throw new TimelineError(`the loop would create ${estimate} events, more than ${maxEvents}`, "loopTo");
  const placements: LoopPlacement[] = [];
  let cursor = loopFrom;
  while (cursor < loopTo) {
    for (let template = 0; template < templates.length && cursor < loopTo; template++) {
      const duration = Math.min(templates[template].duration, loopTo - cursor);
      placements.push({ template, onAirTime: cursor, duration });
      cursor += duration;
    }
  }
  return placements;
}
