// Asset catalog at size: 100,000 assets in one organization, then paging, name search, lookups by
// key (what Event.asset and schedule validation use) and bulk upserts.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/assets.ts
import { sql } from "drizzle-orm";
import { createAssetLoaders } from "../src/assets/loaders.js";
import { findAssetsByKeys } from "../src/assets/lookup.js";
import { AssetService } from "../src/assets/service.js";
import { fullAssetInput } from "../test/fixtures/assets.js";
import { benchService, measure, printTable } from "./lib.js";

const ASSETS = Number(process.env.ASSETS ?? 100_000);
const org = "bench-assets";
const viewer = { userId: "bench", orgs: [org], role: "editor" as const };
const key = (n: number) => `MEDIA-${String(n).padStart(6, "0")}`;

const bench = await benchService();
try {
  await bench.db.execute(sql`
    insert into assets (organization, asset_id, media_id, name, storage_type, qc_status, duration_ms, title, metadata, system_fields, qc_info)
    select ${org}, 'MEDIA-' || lpad(g::text, 6, '0'), 'SPOT-' || lpad(g::text, 6, '0'), 'Programme ' || lpad(g::text, 6, '0'),
           case when g % 50 = 0 then 'ARCHIVED' else 'ONLINE' end, case when g % 40 = 0 then 'FAILED' else 'PASSED' end, 60000 * (1 + g % 90),
           'Programme ' || g, jsonb_build_object('durationInMilliseconds', 60000 * (1 + g % 90), 'fps', 25),
           jsonb_build_object('title', 'Programme ' || g, 'houseId', 'H-' || g), jsonb_build_object('qcStatus', case when g % 40 = 0 then 'FAILED' else 'PASSED' end)
    from generate_series(1, ${ASSETS}) g`);
  await bench.db.execute(sql`analyze assets`);
  const gql = await bench.client(org, "editor");
  const service = new AssetService(bench.db);
  const spread = (count: number, offset = 0) => Array.from({ length: count }, (_, i) => key(1 + ((i * 7919 + offset) % ASSETS)));
  const lookupKeys = [...spread(9_000), ...spread(1_000).map((k) => k.replace("MEDIA", "SPOT")), ...Array.from({ length: 100 }, (_, i) => `MISSING-${i}`)];
  let batch = 0;
  const fresh = () => Array.from({ length: 1000 }, (_, i) => fullAssetInput(`NEW-${batch}-${i}`));
  const rows = [
    await measure("assets first page (100)", () => gql(`{ assets(size: 100) { totalElements content { assetId name metadata { durationInMilliseconds } } } }`)),
    await measure("assets last page (100)", () => gql(`{ assets(size: 100, page: ${Math.floor((ASSETS - 1) / 100)}) { content { assetId } } }`)),
    await measure("assets name search (substring)", () => gql(`{ assets(name: "gramme 0042") { totalElements content { assetId } } }`)),
    await measure("asset(assetId)", () => gql(`{ asset(assetId: "${key(77_777)}") { assetId name version } }`)),
    await measure("findAssetsByKeys, 10,100 keys (service level)", () => findAssetsByKeys(bench.db, org, lookupKeys)),
    await measure("asset loader, 1,000 keys in one batch", () => {
      const loader = createAssetLoaders(bench.db, viewer).byKey(org);
      return Promise.all(spread(1_000, 13).map((k) => loader.load(k)));
    }),
    await measure("upsertAssets 1,000 new full assets (GraphQL)", () => { batch++; return gql(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId version } }`, { a: fresh() }); }, 5),
    await measure("upsert 1,000 new full assets (service level)", () => { batch++; return service.upsert(viewer, fresh().map((a) => ({ ...a, dateApplied: new Date(a.dateApplied) })) as any, org); }, 5),
    await measure("upsertAssets 1,000 renames of stored assets (GraphQL)", () => { batch++; return gql(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId version } }`, { a: spread(1_000, batch).map((k) => ({ assetId: k, name: `Renamed ${batch} ${k}` })) }); }, 5),
  ];
  printTable(`assets: ${ASSETS} in one organization, ${bench.driver}`, rows);
} finally {
  await bench.stop();
}
