// The as-run statuses of BXF (AsRunDetail/Status) as ours: a table of the words automation
// systems write, an error code as FAILED (docs/ASRUN.md "BXF AsRun in"). Pure.
import type { AsRunStatusValue } from "./reconcile.js";

/** Status words, lower-cased with spaces, `_` and `-` removed, and what they map to. */
const WORDS: Record<string, AsRunStatusValue> = {};
const add = (status: AsRunStatusValue, words: string) => {
  for (const word of words.split(" ")) WORDS[word] = status;
};
add("AIRED", "aired played asrun complete completed ok success normal ontime");
add("PARTIAL", "partial partiallyaired partiallyplayed truncated cut cutshort shortened joinedlate airedshort");
add("SKIPPED", "skipped notplayed notaired dropped bypassed omitted cancelled canceled deleted");
add("FAILED", "failed failure error fault missing mediamissing notready offair");
add("UNPLANNED", "unplanned unscheduled inserted manual adhoc added");

/** An error code: `E123`, `ERR-42`, `Error 17`, `error:3` (any case). */
const ERROR_CODE = /^(?:e|err|error)[\s:_-]*\d+$/i;

/**
 * Our status of a BXF as-run status, and the reason it implies (an error code is kept as the
 * reason); null for a word not in the table. A missing status is AIRED: an as-run record without
 * one reports what went to air.
 */
export function asRunStatusOf(text: string | undefined): { status: AsRunStatusValue; reason: string | null } | null {
  if (text === undefined || text.trim() === "") return { status: "AIRED", reason: null };
  const word = WORDS[text.toLowerCase().replace(/[\s_-]/g, "")];
  if (word) return { status: word, reason: null };
  if (ERROR_CODE.test(text.trim())) return { status: "FAILED", reason: `error code ${text.trim()}` };
  return null;
}

/** Every status word of the table, for messages. */
export const KNOWN_STATUS_WORDS: readonly string[] = Object.keys(WORDS);
