// The operation label of the metrics: a name the operator listed (METRICS_OPERATIONS) or one of a
// trusted document's operations (TRUSTED_DOCUMENTS), else `other`. A caller chooses the names it
// sends; counting them as they come would let any caller add series without end (and fill the
// scraper's memory), so only names fixed at start-up are shown.

/** Every operation not named at start-up, and every anonymous one. */
export const OTHER_OPERATION = "other";

/** Operation types as labels; `none` when the request was answered before its operation was known. */
const OPERATION_TYPES = new Set(["query", "mutation", "subscription"]);

export interface OperationLabels {
  name(operationName: string | null | undefined): string;
  type(operationType: string | undefined): string;
  /** The names shown as themselves. */
  readonly known: ReadonlySet<string>;
}

export function operationLabels(names: Iterable<string>): OperationLabels {
  const known = new Set(names);
  return {
    known,
    name: (operationName) => (operationName && known.has(operationName) ? operationName : OTHER_OPERATION),
    type: (operationType) => (operationType && OPERATION_TYPES.has(operationType) ? operationType : "none"),
  };
}
