// The checks of an asset collection's input (pure: no database, no GraphQL). Every refusal is
// BAD_USER_INPUT naming the argument (`extensions.argument`, e.g. "input.mediaIds[3]").
import { badInput } from "../common/errors.js";
import { lineText, MAX_MEDIA_ID_LENGTH, oneOf } from "../common/input-text.js";

/** The kinds of collection, as the planner names them (src/templates/plan-types.ts CollectionKind). */
export const COLLECTION_KINDS = ["PROGRAMMES", "FILLER", "PROMOS", "ADVERTISEMENTS"] as const;
export type CollectionKindValue = (typeof COLLECTION_KINDS)[number];

/** At most this many items a collection (longer: BAD_USER_INPUT; list-limits.ts lets one more through to say so). */
export const MAX_COLLECTION_ITEMS = 10_000;
export const MAX_NAME_LENGTH = 200;
export interface CollectionValues {
  name: string;
  kind: CollectionKindValue;
  mediaIds: string[];
}

/** An AssetCollectionInput as the service receives it. */
export interface CollectionInputValues {
  name: string;
  kind: string;
  mediaIds: readonly string[];
}

/**
 * The input checked: a name, a kind, and 0 to MAX_COLLECTION_ITEMS media ids (trimmed, each
 * non-empty; a media id may repeat: an item can play twice in a rotation). Order = positions.
 */
export function collectionValues(input: CollectionInputValues, at = "input"): CollectionValues {
  if (!input || typeof input !== "object") throw badInput(`${at} is required`, { argument: at });
  const name = lineText(input.name, `${at}.name`, MAX_NAME_LENGTH, true)!;
  const kind = oneOf(input.kind, COLLECTION_KINDS, `${at}.kind`);
  if (!Array.isArray(input.mediaIds)) throw badInput(`${at}.mediaIds must be a list of media ids`, { argument: `${at}.mediaIds` });
  if (input.mediaIds.length > MAX_COLLECTION_ITEMS) {
    throw badInput(`${at}.mediaIds holds ${input.mediaIds.length} items; a collection holds at most ${MAX_COLLECTION_ITEMS}`, { argument: `${at}.mediaIds`, maxLength: MAX_COLLECTION_ITEMS });
  }
  const mediaIds = input.mediaIds.map((id, i) => lineText(id, `${at}.mediaIds[${i}]`, MAX_MEDIA_ID_LENGTH, true)!);
  return { name, kind, mediaIds };
}
