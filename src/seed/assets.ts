// Demo asset catalog of organization "demo": programmes, ads and promos that the demo schedules'
// events point to, with some archived and some failing QC (schedule validation reports them).
// Ids kept stable so that other demo data can point at them:
//   programmes MEDIA-0001 … MEDIA-0030 (assetId = mediaId); ads AD-0001 … AD-0012 with mediaIds
//   SPOT-0001 … SPOT-0012; promos PROMO-0001 … PROMO-0004 (assetId = mediaId).
//   Archived: MEDIA-0007, MEDIA-0015, MEDIA-0027. QC FAILED: MEDIA-0012, MEDIA-0021, AD-0009.
//   QC WARNING: MEDIA-0004. Nearline: MEDIA-0025.
//   Deliberately not in the catalog: MEDIA-0031 … MEDIA-0035, MEDIA-0099, SPOT-0099.
import type { Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";
import { AssetFileStatus, MediaType, OriginType, QcStatus, StorageStatus, StorageType } from "../assets/index.js";
import { AssetService } from "../assets/index.js";
import type { AssetInput } from "../assets/index.js";

export const DEMO_ARCHIVED_ASSETS = ["MEDIA-0007", "MEDIA-0015", "MEDIA-0027"];
export const DEMO_QC_FAILED_ASSETS = ["MEDIA-0012", "MEDIA-0021", "AD-0009"];
export const DEMO_MISSING_ASSET_KEYS = ["MEDIA-0031", "MEDIA-0032", "MEDIA-0033", "MEDIA-0034", "MEDIA-0035", "MEDIA-0099", "SPOT-0099"];

interface Item {
  assetId: string;
  mediaId: string;
  name: string;
  durationMs: number;
  fps: number;
  kind: "news" | "kids" | "sports" | "film" | "ad" | "promo";
  series?: string;
  episode?: number;
}

const pad = (n: number) => String(n).padStart(4, "0");
const MINUTE = 60_000;

function catalog(): Item[] {
  const items: Item[] = [];
  const programme = (n: number, name: string, minutes: number, kind: Item["kind"], extra: Partial<Item> = {}) =>
    items.push({ assetId: `MEDIA-${pad(n)}`, mediaId: `MEDIA-${pad(n)}`, name, durationMs: minutes * MINUTE, fps: kind === "sports" ? 50 : 25, kind, ...extra });
  const bulletins = ["Morning Briefing", "News at Nine", "Midday Report", "Business Update", "World Desk", "Evening News", "Late Bulletin", "Weather Extra"];
  bulletins.forEach((name, i) => programme(1 + i, name, i % 2 ? 15 : 30, "news"));
  for (let i = 0; i < 8; i++) {
    const series = i < 4 ? "Captain Comet" : "The Busy Badgers";
    programme(9 + i, `${series} – Episode ${(i % 4) + 1}`, i < 4 ? 11 : 22, "kids", { series, episode: (i % 4) + 1 });
  }
  const matches = ["City v United", "Rovers v Albion", "Cup Final Replay", "Tennis Masters Final", "Grand Prix Highlights", "Cycling Stage 12", "Basketball Night", "Golf Open Round 4"];
  matches.forEach((name, i) => programme(17 + i, name, i < 3 ? 105 : i === 4 ? 60 : 120, "sports"));
  const films = ["The Long Road", "Harbour Lights", "Ocean Deep (documentary)", "Mountains of Fire", "A Winter's Tale", "The Last Lighthouse"];
  films.forEach((name, i) => programme(25 + i, name, [98, 112, 52, 90, 104, 95][i], "film"));
  const ads = ["Fresh Cola", "QuickBank", "SunTravel", "AutoMax", "Crunchy Flakes", "PhonePlus", "HomeStore", "Green Energy", "Lucky Lottery", "PetCare", "CoffeeHouse", "FitGym"];
  ads.forEach((name, i) =>
    items.push({ assetId: `AD-${pad(i + 1)}`, mediaId: `SPOT-${pad(i + 1)}`, name: `${name} spot`, durationMs: [30_000, 20_000, 15_000][i % 3], fps: 25, kind: "ad" }),
  );
  ["Tonight on News 24", "Kids weekend", "Live football Saturday", "Movie night"].forEach((name, i) =>
    items.push({ assetId: `PROMO-${pad(i + 1)}`, mediaId: `PROMO-${pad(i + 1)}`, name: `Promo: ${name}`, durationMs: 25_000, fps: 25, kind: "promo" }),
  );
  return items;
}

function qcOf(item: Item): AssetInput["qcInfo"] {
  if (DEMO_QC_FAILED_ASSETS.includes(item.assetId)) {
    const loud = item.kind === "ad";
    return {
      qcStatus: QcStatus.FAILED,
      messages: [loud ? "Integrated loudness -16 LUFS exceeds the -23 LUFS target" : "Black frames for 4 s at 00:12:31"],
      assetRuleMessages: [{ rule: loud ? "EBU-R128-loudness" : "black-frames", status: QcStatus.FAILED, text: loud ? "-16 LUFS" : "4 s black" }],
      fileRuleMessages: [{ fileName: `${item.mediaId}.mxf`, rule: loud ? "true-peak" : "freeze-frames", status: QcStatus.FAILED, text: loud ? "+0.5 dBTP" : "freeze 2 s" }],
    };
  }
  if (item.assetId === "MEDIA-0004") {
    return { qcStatus: QcStatus.WARNING, messages: ["Audio track 2 is silent"], assetRuleMessages: [{ rule: "silence", status: QcStatus.WARNING, text: "track 2 silent" }] };
  }
  return { qcStatus: QcStatus.PASSED, messages: [], assetRuleMessages: [{ rule: "EBU-R128-loudness", status: QcStatus.PASSED, text: "-23 LUFS" }] };
}

function toInput(item: Item, index: number): AssetInput {
  const archived = DEMO_ARCHIVED_ASSETS.includes(item.assetId);
  const frames = Math.round((item.durationMs / 1000) * item.fps);
  const bitRate = item.kind === "sports" ? 100_000_000 : 50_000_000;
  const fileSize = Math.round((item.durationMs / 1000) * (bitRate / 8));
  const failedLoudness = item.assetId === "AD-0009";
  const loudness = { lufs: failedLoudness ? -16 : -23, lu: failedLoudness ? 7 : 0, factor: 1, spfs: -3, tpfs: failedLoudness ? 1 : -2 };
  const created = new Date(Date.UTC(2026, 0, 1 + (index % 28), 8, 0, 0));
  return {
    assetId: item.assetId,
    mediaId: item.mediaId,
    name: item.name,
    assetSize: fileSize,
    storageType: archived ? StorageType.ARCHIVED : item.assetId === "MEDIA-0025" ? StorageType.NEARLINE : StorageType.ONLINE,
    customFields: { category: item.kind, rights: item.kind === "film" ? "2026-12-31" : "unlimited" },
    tags: [{ name: item.kind }, ...(item.kind === "sports" ? [{ name: "live-rights" }] : [])],
    sourceAssetData: { assetName: `${item.name} (master)`, assetVersion: 1, sourceId: `SRC-${item.assetId}` },
    metadata: {
      durationInMilliseconds: item.durationMs, durationInFrames: frames, fps: item.fps, firstFrameTime: 36_000_000,
      aspectRatio: "16:9", resolution: "1920x1080", videoCodec: "XDCAM HD422",
      audioTrackCount: 2, audioTrackLanguages: ["eng", "spa"], subtitleFileCount: item.kind === "film" ? 1 : 0, subtitleLanguages: item.kind === "film" ? ["eng"] : [], imageFileCount: 0,
    },
    qcInfo: qcOf(item),
    systemFields: {
      title: item.name, houseId: `H-${item.assetId}`, epgRelevant: item.kind !== "ad" && item.kind !== "promo", trimmable: item.kind === "sports",
      som: 36_000_000, eom: 36_000_000 + item.durationMs, timecodeIn: 36_000_000,
      ...(item.series ? { seriesName: item.series, seasonNumber: 1, episodeNumber: item.episode } : {}),
      ...(item.kind === "film" ? { splitPartOffsets: [Math.round(item.durationMs / 3), Math.round((2 * item.durationMs) / 3)] } : {}),
      ...(item.kind === "sports" ? { recordingInfo: { channelName: "Sports Live", channelId: "103", playoutName: "playout-sports", playoutId: "PO-103", outputName: "main", startTime: created, endTime: new Date(created.getTime() + item.durationMs) } } : {}),
    },
    fileData: [
      {
        id: `F-${item.assetId}`, organizationId: "demo", createdBy: "ingest", ingestAgentId: "agent-1", ingestSourceId: "delivery-ftp",
        createDate: created, completeDate: new Date(created.getTime() + 20 * MINUTE), priority: 5,
        mediaType: MediaType.VIDEO,
        status: AssetFileStatus.READY,
        storageStatus: archived ? StorageStatus.ARCHIVED : StorageStatus.AVAILABLE,
        file: { fileName: `${item.mediaId}.mxf`, baseName: item.mediaId, extension: "mxf", fileSize, md5: null, fileTimestamp: created.getTime() },
        origin: { type: OriginType.FTP, name: "delivery-ftp", path: `/incoming/${item.mediaId}.mxf` },
        mediaStoreObject: { bucketName: archived ? "media-archive" : "media", objectName: `${item.mediaId}.mxf`, publicRead: false },
        journal: [{ actor: "ingest", entryType: "INFO", message: "File ingested", timeStamp: created.getTime() }],
        qcInfo: { qcStatus: qcOf(item)!.qcStatus, messages: qcOf(item)!.messages },
        mediaInfo: {
          duration: item.durationMs, fileSize, frameCount: frames, frameRate: item.fps, overallBitrate: bitRate + 4_608_000, format: "MXF",
          fileName: `${item.mediaId}.mxf`, fileExtension: "mxf", timecodeIn: 36_000_000, firstFrameTime: 36_000_000,
          videoStreams: [{ streamId: 0, codec: "XDCAM HD422", format: "MPEG Video", width: 1920, height: 1080, bitDepth: 8, bitRate, frameRate: item.fps, frameCount: frames, duration: item.durationMs, displayAspectRatio: "16:9", pixelAspectRatio: 1 }],
          audioStreams: [{ streamId: 1, duration: item.durationMs, properties: { channels: 2, format: "PCM" } }, { streamId: 2, duration: item.durationMs, properties: { channels: 2, format: "PCM" } }],
          audioMappings: [{ trackIndex: 0, languageCode: "eng" }, { trackIndex: 1, languageCode: "spa" }],
          audioLoudnessData: { summary: { integrated: loudness, truePeak: { ...loudness, lufs: null }, total: 2 } },
        },
      },
    ],
  };
}

/** Writes the demo catalog in one upsert; answers how many assets it holds. */
export async function seedDemoAssets(db: Database, viewer: Viewer, organization = "demo"): Promise<number> {
  const written = await new AssetService(db).upsert(viewer, catalog().map(toInput), organization);
  return written.length;
}
