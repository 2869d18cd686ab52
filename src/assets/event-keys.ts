// The catalog key of an event (the asset-key rule, written once here): its assetData.assetId
// (events.asset_id), else its mediaId; in SQL and in TypeScript. A key names the asset whose assetId it is, else the asset whose
// mediaId it is (src/assets/lookup.ts resolveKeys): these conditions follow the same rule.
import { sql, type SQL } from "drizzle-orm";

/** The key of an event in TypeScript: the same rule as eventAssetKey (an empty id counts as none). */
export function assetKeyOf(event: { assetId?: string | null; mediaId?: string | null }): string | null {
  return event.assetId || event.mediaId || null;
}

/** The key of the event row aliased `e` (null when it has none: a LIVE event, say). */
export const eventAssetKey = (alias = "e"): SQL => sql.raw(`coalesce(nullif(${alias}.asset_id, ''), nullif(${alias}.media_id, ''))`);

/**
 * The event `e` names an asset that is not in its organization's catalog. Two NOT EXISTS (one
 * per index of assets) rather than one OR, so that PostgreSQL can anti-join each side.
 */
export function missingAssetCondition(alias = "e"): SQL {
  const key = eventAssetKey(alias);
  return sql`${key} is not null
    and not exists (select 1 from assets a where a.organization = ${sql.raw(alias)}.organization and a.asset_id = ${key})
    and not exists (select 1 from assets a where a.organization = ${sql.raw(alias)}.organization and a.media_id = ${key})`;
}

/** EventCriteriaInput.missingAsset / hasAsset as SQL on `e` (false = the opposite set). */
export function assetCriteria(filter: { missingAsset?: boolean | null; hasAsset?: boolean | null }, alias = "e"): SQL[] {
  const out: SQL[] = [];
  if (filter.missingAsset === true) out.push(missingAssetCondition(alias));
  if (filter.missingAsset === false) out.push(sql`not (${missingAssetCondition(alias)})`);
  if (filter.hasAsset === true) out.push(sql`${eventAssetKey(alias)} is not null`);
  if (filter.hasAsset === false) out.push(sql`${eventAssetKey(alias)} is null`);
  return out;
}
