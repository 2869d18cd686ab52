// Shapes shared by the pure timeline functions. Every time is an integer number of milliseconds:
// onAirTime since the epoch, durations and offsets as lengths.

/** One timed event as the timeline sees it. Inputs may come in any order. */
export interface Slot {
  id: number;
  onAirTime: number;
  duration: number;
  locked: boolean;
}

/** An existing event that gets a new start (its duration is unchanged). */
export interface Move {
  id: number;
  onAirTime: number;
}

/**
 * An existing event that loses time at its head and/or tail. `somDelta` is how far its media now
 * starts into the source (add it to `som`); it is 0 when only the tail was cut.
 */
export interface Trim {
  id: number;
  onAirTime: number;
  duration: number;
  somDelta: number;
}

/**
 * A new event made of the rest of an existing one (`sourceId`) that was cut in two: a copy of the
 * source with this start and duration whose media starts `somDelta` ms later than the source's.
 */
export interface Tail {
  sourceId: number;
  onAirTime: number;
  duration: number;
  somDelta: number;
}

/**
 * What is left between the events placed before a locked event and that locked event:
 * `gapMs` > 0 is a gap, < 0 an overlap. For messages ("gap of 5 s left before event 42").
 */
export interface Remainder {
  lockedId: number;
  gapMs: number;
}

/** A gap or an overlap between two consecutive events (in onAirTime, id order). */
export interface Interval {
  previousId: number;
  nextId: number;
  /** Gap: the previous event's end. Overlap: the next event's start. */
  start: number;
  /** Always > 0. */
  duration: number;
}

/** Bad input to a timeline function (unknown id, segment outside its event, …): BAD_USER_INPUT. */
export class TimelineError extends Error {
  constructor(
    message: string,
    /** The input member at fault, when there is one (`segments`, `loopTo`, `fromId`, …). */
    readonly field?: string,
  ) {
    super(message);
    this.name = "TimelineError";
  }
}
