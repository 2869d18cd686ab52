// Which catalog asset (src/seed/assets.ts) each demo event plays, so that validation of a fresh demo
// schedule shows missing (MEDIA-0031…0035, SPOT-0099), archived (MEDIA-0007, 0015, 0027) and
// failed-QC (MEDIA-0012, 0021, AD-0009) assets, and some spots named by mediaId only.
import { DEMO_QC_FAILED_ASSETS } from "./assets.js";

const PROGRAMMES: Record<string, string[]> = {
  "News 24": ["MEDIA-0001", "MEDIA-0003", "MEDIA-0005", "MEDIA-0007", "MEDIA-0026", "MEDIA-0031", "MEDIA-0032"],
  Kids: ["MEDIA-0013", "MEDIA-0014", "MEDIA-0015", "MEDIA-0016", "MEDIA-0012", "MEDIA-0033"],
  "Sports Live": ["MEDIA-0017", "MEDIA-0018", "MEDIA-0019", "MEDIA-0020", "MEDIA-0021", "MEDIA-0027", "MEDIA-0034", "MEDIA-0035"],
};

/** 30-second spots of the catalog (assetId, mediaId). */
const SPOTS: [string, string][] = [["AD-0001", "SPOT-0001"], ["AD-0004", "SPOT-0004"], ["AD-0007", "SPOT-0007"], ["AD-0010", "SPOT-0010"]];

export interface DemoAssetKey {
  /** assetData.assetId; null for events that name their asset by mediaId only. */
  assetId: string | null;
  mediaId: string;
  qcStatus: "PASSED" | "FAILED";
}

const qcOf = (id: string) => (DEMO_QC_FAILED_ASSETS.includes(id) ? "FAILED" : "PASSED");

export function demoProgrammeAsset(channel: string, programmeNo: number): DemoAssetKey {
  const pool = PROGRAMMES[channel] ?? PROGRAMMES["News 24"];
  const id = pool[programmeNo % pool.length];
  return { assetId: id, mediaId: id, qcStatus: qcOf(id) };
}

export function demoSpotAsset(breakNo: number, index: number): DemoAssetKey {
  const n = (breakNo * 7 + index) % 11;
  if (n < 4) return { assetId: SPOTS[n][0], mediaId: SPOTS[n][1], qcStatus: "PASSED" };
  if (n < 8) return { assetId: null, mediaId: SPOTS[n - 4][1], qcStatus: "PASSED" };
  if (n < 10) return { assetId: "AD-0009", mediaId: "SPOT-0009", qcStatus: "FAILED" };
  return { assetId: null, mediaId: "SPOT-0099", qcStatus: "PASSED" };
}
