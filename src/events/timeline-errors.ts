// The timeline rules (src/timeline/) throw TimelineError for bad input; the API answers BAD_USER_INPUT.
import { badInput } from "../common/errors.js";
import { TimelineError } from "../timeline/index.js";

/** Runs a rule of src/timeline/ and answers its result; its TimelineError becomes BAD_USER_INPUT. */
export function runTimelineRule<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof TimelineError) throw badInput(error.message, error.field ? { field: error.field } : {});
    throw error;
  }
}
