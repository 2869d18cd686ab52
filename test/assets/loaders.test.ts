// The catalog lookups other slices build on (Event.asset, schedule validation): one SQL statement
// per batch whatever the number of keys, counted with drizzle's logger on a real database.
import { beforeAll, describe, expect, it } from "vitest";
import { createAssetLoaders } from "../../src/assets/loaders.js";
import { findAssetsByKeys } from "../../src/assets/lookup.js";
import { AssetService } from "../../src/assets/service.js";
import type { Viewer } from "../../src/common/auth.js";
import { queryRows } from "../../src/db/client.js";
import { DEMO_ARCHIVED_ASSETS, DEMO_MISSING_ASSET_KEYS, DEMO_QC_FAILED_ASSETS, seedDemoAssets } from "../../src/seed/assets.js";
import { sql } from "drizzle-orm";
import { useMigratedDatabase } from "../helpers/database.js";

const statements: string[] = [];
const admin: Viewer = { userId: "test", orgs: "*", role: "admin" };
const demoViewer: Viewer = { userId: "viewer", orgs: ["demo"], role: "viewer" };

const database = useMigratedDatabase({ logger: { logQuery: (query) => statements.push(query) } });

beforeAll(async () => {
  await seedDemoAssets(database.handle.db, admin);
});

/** Statements sent while `work` runs. */
async function counting<T>(work: () => Promise<T>): Promise<{ result: T; count: number }> {
  const before = statements.length;
  const result = await work();
  return { result, count: statements.length - before };
}

const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${String(from + i).padStart(4, "0")}`);

describe("asset loaders", () => {
  it("answers any number of keys with one statement, by assetId or else mediaId", async () => {
    for (const keys of [["MEDIA-0001"], [...range("MEDIA", 1, 35), ...range("SPOT", 1, 12), "AD-0001", "PROMO-0002", "MEDIA-0099", "SPOT-0099"], range("MEDIA", 1, 2000)]) {
      const loader = createAssetLoaders(database.handle.db, demoViewer).byKey("demo");
      const { result, count } = await counting(() => Promise.all(keys.map((key) => loader.load(key))));
      expect(count, `${keys.length} keys`).toBe(1);
      expect(result).toHaveLength(keys.length);
    }
    const loader = createAssetLoaders(database.handle.db, demoViewer).byKey("demo");
    const [film, spot, ad, missing, missingSpot] = await Promise.all(["MEDIA-0026", "SPOT-0003", "AD-0001", "MEDIA-0031", "SPOT-0099"].map((k) => loader.load(k)));
    expect(film).toMatchObject({ assetId: "MEDIA-0026", mediaId: "MEDIA-0026", name: "Harbour Lights", organization: "demo", metadata: { durationInMilliseconds: 112 * 60_000 } });
    expect(spot).toMatchObject({ assetId: "AD-0003", mediaId: "SPOT-0003" });
    expect(ad).toMatchObject({ assetId: "AD-0001", mediaId: "SPOT-0001" });
    expect(missing).toBeNull();
    expect(missingSpot).toBeNull();
    const { count } = await counting(() => loader.load("MEDIA-0026"));
    expect(count).toBe(0);
  });

  it("keeps to the organization it is given and the viewer may see", async () => {
    await new AssetService(database.handle.db).upsert(admin, [{ assetId: "MEDIA-0031", name: "other's" }], "other");
    const loaders = createAssetLoaders(database.handle.db, demoViewer);
    expect(await loaders.byKey("demo").load("MEDIA-0031")).toBeNull();
    expect(() => loaders.byKey("other")).toThrow(/No access/);
    expect(await createAssetLoaders(database.handle.db, admin).byKey("other").load("MEDIA-0031")).toMatchObject({ name: "other's", organization: "other" });
  });

  it("prefers an assetId over a mediaId, and the smallest assetId among shared mediaIds", async () => {
    const service = new AssetService(database.handle.db);
    await service.upsert(admin, [
      { assetId: "K", name: "by asset id" },
      { assetId: "Z-2", mediaId: "K", name: "by media id" },
      { assetId: "Z-1", mediaId: "SHARED" },
      { assetId: "Z-0", mediaId: "SHARED" },
    ], "ties");
    const found = await findAssetsByKeys(database.handle.db, "ties", ["K", "SHARED", "Z-2", "nothing"]);
    expect(found.get("K")?.name).toBe("by asset id");
    expect(found.get("SHARED")?.assetId).toBe("Z-0");
    expect(found.get("Z-2")?.name).toBe("by media id");
    expect(found.has("nothing")).toBe(false);
  });

  it("gives set-based checks what they need in one statement", async () => {
    const keys = [...range("MEDIA", 1, 5000), ...range("SPOT", 1, 12), "AD-0009", ...DEMO_MISSING_ASSET_KEYS];
    const { result: found, count } = await counting(() => findAssetsByKeys(database.handle.db, "demo", keys));
    expect(count).toBe(1);
    expect(found.size).toBe(30 + 12 + 1);
    for (const key of DEMO_MISSING_ASSET_KEYS) expect(found.has(key), key).toBe(false);
    const archived = [...found.values()].filter((a) => a.storageType === "ARCHIVED").map((a) => a.assetId);
    expect(new Set(archived)).toEqual(new Set(DEMO_ARCHIVED_ASSETS));
    const failed = new Set([...found.values()].filter((a) => a.qcStatus === "FAILED").map((a) => a.assetId));
    expect(failed).toEqual(new Set(DEMO_QC_FAILED_ASSETS));
    expect(found.get("SPOT-0002")).toMatchObject({ assetId: "AD-0002", durationMs: 20_000, title: "QuickBank spot", version: 1 });
    expect((await counting(() => findAssetsByKeys(database.handle.db, "demo", []))).count).toBe(0);
  });

  it("stores nested structures as jsonb objects, not strings", async () => {
    const rows = await queryRows<{ kinds: string }>(
      database.handle.db,
      sql`select string_agg(distinct jsonb_typeof(metadata) || ',' || jsonb_typeof(file_data) || ',' || jsonb_typeof(system_fields), ';') as kinds from assets where organization = 'demo'`,
    );
    expect(rows[0].kinds).toBe("object,array,object");
  });
});
