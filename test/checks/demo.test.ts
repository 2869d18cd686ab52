import { describe, expect, it } from "vitest";
import { DEMO_ARCHIVED_ASSETS, DEMO_MISSING_ASSET_KEYS, DEMO_QC_FAILED_ASSETS } from "../../src/seed/assets.js";
import { useTestService } from "../helpers/service.js";

const t = useTestService({ seedDemo: true });

describe("demo data against the demo catalog", () => {
  it("shows missing, archived and failed-QC assets in every demo schedule's validation", async () => {
    const gql = t.client(await t.token("demo", "viewer"));
    const { schedules } = await gql.data(`{ schedules(size: 10) { content { name validation(fullList: false) {
      totals { missingAssets archivedAssets failedQcAssets events } missingAssets archivedAssets failedQcAssets }
      events(size: 5, eventType: PRIMARY) { content { asset { assetId } } } } } }`);
    expect(schedules.content).toHaveLength(6);
    for (const s of schedules.content) {
      const v = s.validation;
      expect(v.totals.missingAssets).toBeGreaterThan(0);
      expect(v.totals.archivedAssets).toBeGreaterThan(0);
      expect(v.totals.failedQcAssets).toBeGreaterThan(0);
      for (const key of v.missingAssets) expect(DEMO_MISSING_ASSET_KEYS).toContain(key);
      for (const id of v.archivedAssets) expect(DEMO_ARCHIVED_ASSETS).toContain(id);
      for (const id of v.failedQcAssets) expect(DEMO_QC_FAILED_ASSETS).toContain(id);
      expect(s.events.content.filter((e: any) => e.asset !== null).length).toBeGreaterThan(0);
    }
  });
});
