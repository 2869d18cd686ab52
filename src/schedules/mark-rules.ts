// Rules of marks and updates by criteria (S15, S16, S18): which criteria select events, and the
// wording of what a mark did. Pure; the SQL is in store/marks.ts.
import { badInput } from "../common/errors.js";
import { plural } from "../common/text.js";
import type { EventFilter } from "./store/criteria.js";

/** The members of EventCriteriaInput that select events (paging members do not). */
export function hasCriterion(filter: EventFilter | null | undefined): boolean {
  if (!filter) return false;
  return Boolean(
    filter.eventType ||
      (filter.term && filter.term.trim()) ||
      filter.from ||
      filter.to ||
      (filter.ids && filter.ids.length > 0) ||
      (filter.locked !== undefined && filter.locked !== null) ||
      (filter.missingAsset !== undefined && filter.missingAsset !== null) ||
      (filter.hasAsset !== undefined && filter.hasAsset !== null),
  );
}

/** Marks never act on a whole schedule by accident: they need a criterion or ids. */
export function requireCriterion(filter: EventFilter | null | undefined, argument = "criteria"): void {
  if (!hasCriterion(filter)) {
    throw badInput(`${argument} must name at least one criterion (eventType, term, from, to, locked, missingAsset, hasAsset) or ids`, { argument });
  }
}

/** What a mark did, worded for the figures at hand: all, none or some of the matching events changed. */
export function markedMessage(changed: number, matching: number, what: string): string {
  if (matching === 0) return `No event matches the criteria: none got a ${what}`;
  const head = `${changed} of ${plural(matching, "matching event")} got a ${what}`;
  if (changed >= matching) return head;
  if (changed === 0) return `${head}: ${matching === 1 ? "it" : "all"} already had one`;
  const others = matching - changed;
  return `${head}; ${others === 1 ? "the other one already had one" : `the other ${others} already had one each`}`;
}

