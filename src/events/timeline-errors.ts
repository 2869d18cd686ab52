// The timeline module throws TimelineError for bad input; the API answers BAD_USER_INPUT.
import { badInput } from "../common/errors.js";
import { TimelineError } from "../timeline/index.js";

/** Runs a pure timeline computation, turning its TimelineError into BAD_USER_INPUT. */
export function timeline<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof TimelineError) throw badInput(error.message, error.field ? { field: error.field } : {});
    throw error;
  }
}
