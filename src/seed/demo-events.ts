// A realistic broadcast day for a demo schedule: programmes cut by ad breaks, a locked live event
// at midday, and a few deliberate gaps and overlaps so that every event operation shows something.
import type { EventValues } from "../events/index.js";
import { demoProgrammeAsset, demoSpotAsset } from "./demo-asset-keys.js";

const MIN = 60_000;
const SPOT = 30_000;

const TITLES: Record<string, string[]> = {
  "News 24": ["Morning Briefing", "World Report", "Business Today", "Weather Watch", "Evening News", "Tech Desk"],
  Kids: ["Cartoon Club", "Little Explorers", "Animal Friends", "Story Time", "Science Kids", "Puppet Show"],
  "Sports Live": ["Match Highlights", "Goal Rush", "Sports Desk", "Classic Matches", "Training Ground", "Fan Zone"],
};

function event(partial: Partial<EventValues> & Pick<EventValues, "onAirTime" | "duration">): EventValues {
  return { eventType: "PRIMARY", title: null, locked: false, mediaId: null, assetId: null, status: "READY", data: {}, ...partial };
}

function adBreak(at: number, n: number, channel: string, breakNo: number): EventValues[] {
  return Array.from({ length: n }, (_, i) => {
    const spot = demoSpotAsset(breakNo, i);
    const mediaId = spot.mediaId;
    return event({
      onAirTime: at + i * SPOT,
      duration: SPOT,
      eventType: "ADVERTISEMENT",
      title: `Spot ${mediaId}`,
      mediaId,
      assetId: spot.assetId,
      data: {
        assetData: { ...(spot.assetId ? { assetId: spot.assetId } : {}), title: `Spot ${mediaId}`, durationInMilliseconds: SPOT, assetQCStatus: spot.qcStatus },
        category: "Commercial",
        ...(i === 0 ? { scte35Signals: [{ command: "ON", origin: "FROM_START", offset: 0, scteEventType: "SPLICE", segmentationTypeId: 0x34, duration: n * SPOT }] } : {}),
        reconciliationId: `${channel}-B${breakNo}-${i}`,
      },
    });
  });
}

/**
 * Events from `start` for `hours`: programmes of 30 or 60 minutes in 2 or 3 parts with breaks of
 * 3–4 spots between parts; a locked LIVE event from 12:00 for 30 minutes (UTC of `start`'s day),
 * with a 2-minute gap before it; one programme later starts 20 s before the previous ends, and
 * another 45 s late.
 */
export function demoDay(channel: string, start: number, hours: number): EventValues[] {
  const titles = TITLES[channel] ?? TITLES["News 24"];
  const end = start + hours * 3_600_000;
  const noon = new Date(start);
  noon.setUTCHours(12, 0, 0, 0);
  const live = noon.getTime();
  const out: EventValues[] = [];
  let cursor = start;
  let programmeNo = 0;
  let breakNo = 0;
  let liveDone = live < start || live >= end;
  let overlapDone = false;
  while (cursor < end) {
    let slot = programmeNo % 3 === 1 ? 60 * MIN : 30 * MIN;
    // The programme before the live event is cut short to end 2 minutes before it.
    if (!liveDone && cursor + slot > live - 2 * MIN && live - 2 * MIN - cursor >= 10 * MIN) slot = live - 2 * MIN - cursor;
    if (!liveDone && cursor + slot > live - 2 * MIN) {
      // Leave a gap before the locked live event, then air it.
      out.push(
        event({
          onAirTime: live,
          duration: 30 * MIN,
          eventType: "LIVE",
          title: `${channel} Live at Noon`,
          locked: true,
          status: "LIVE",
          data: {
            liveId: `${channel.toLowerCase().replace(/\W+/g, "-")}-studio`,
            liveParameters: { streamingProtocol: "SRT", port: 9000, srtLatency: 120, srtKeyLength: "AES_128", encryptionKey: "demo-secret" },
            programme: { title: `${channel} Live at Noon`, startTime: new Date(live).toISOString() },
            manualEnd: true,
          },
        }),
      );
      cursor = live + 30 * MIN;
      liveDone = true;
      continue;
    }
    const title = titles[programmeNo % titles.length];
    const parts = slot === 60 * MIN ? 3 : 2;
    const spots = 3 + (programmeNo % 2);
    const content = slot - (parts - 1) * spots * SPOT;
    const { mediaId, qcStatus } = demoProgrammeAsset(channel, programmeNo);
    let som = 0;
    if (programmeNo === 14) cursor += 45_000; // a late start: a gap of 45 s
    if (!overlapDone && programmeNo === 20) {
      cursor -= 20_000; // starts before the previous spot ends
      overlapDone = true;
    }
    for (let part = 1; part <= parts; part++) {
      const duration = Math.floor(content / parts);
      out.push(
        event({
          onAirTime: cursor,
          duration,
          title: parts > 1 ? `${title} (part ${part})` : title,
          mediaId,
          assetId: mediaId,
          data: {
            som,
            houseId: `H${programmeNo}`,
            assetData: { assetId: mediaId, title, durationInMilliseconds: content, assetQCStatus: qcStatus, assetStatus: ["OK"] },
            programme: { title, startTime: new Date(cursor).toISOString(), description: `${title} on ${channel}` },
            secondaryEvents: [{ command: "ON", objectName: "logo", offset: 0, origin: "FROM_START", parameters: { title: "${current.title}" } }],
            contentAdvisory: channel === "Kids" ? [{ format: "US_TV", level: "TV_Y" }] : undefined,
          },
        }),
      );
      cursor += duration;
      som += duration;
      if (part < parts) {
        out.push(...adBreak(cursor, spots, channel, breakNo++));
        cursor += spots * SPOT;
      }
    }
    programmeNo++;
  }
  return out;
}
