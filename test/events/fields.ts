// An event input with every field of SPEC "Event", and the selection that reads every field back.
export const FULL_INPUT = {
  onAirTime: "2026-03-01T06:00:00.000Z",
  duration: 1_800_000,
  eventType: "LIVE",
  title: "Match",
  locked: true,
  mediaId: "M-1",
  status: "READY",
  assetData: {
    assetId: "A-1", title: "Match asset", assetAudioCount: 2, assetImageCount: 0, assetSubtitleCount: 1, assetVideoCount: 1, assetVersion: 3,
    assetQCStatus: "PASSED", assetStatus: ["OK"], durationInMilliseconds: 1_800_000, firstFrameTime: 40,
    sourceAssetData: { assetName: "match.mxf", assetVersion: 1, sourceId: "S-9" },
  },
  audioTransition: { attenuation: -6, fadeInAttack: 200, fadeInOffset: 0, fadeOutAttack: 300, fadeOutOffset: 100 },
  blockId: 77, blockMode: "RANDOM", category: "Sport", color: "#ff0000", houseId: "H-1", label: "L", liveId: "live-1",
  placeholderId: "P-1", reconciliationId: "R-1", recordingPattern: "rec-%d",
  contentAdvisory: [{ flags: ["FANTASY_VIOLENCE", "COARSE_LANGUAGE"], format: "MPA", level: "PG_13" }],
  deviation: -40, maxExtendedDuration: 600_000, som: 1_000, timecodeIn: 36_000_000,
  ignoreIncomingScte35Signals: false, manualEnd: true, manualStart: false, recording: true,
  liveParameters: { customActiveBefore: 5_000, customUrl: "srt://in", encryptionKey: "s3cret", port: 9000, srtKeyLength: "AES_256", srtLatency: 120, srtStreamId: "sid", streamingProtocol: "SRT" },
  pidOverrides: [{ languageCode: "jpn", mediaType: "ARIB_SUBTITLE", pid: 501, pidPassthrough: true }],
  playoutSwitches: [{ command: "ON", offset: 0, origin: "FROM_START" }],
  primarySCTESourceSwitch: { liveId: "live-2" },
  programme: { description: "Final", startTime: "2026-03-01T06:00:00.000Z", title: "Cup Final" },
  scte35Signals: [{
    archiveAllowedFlag: true, autoReturn: false, hasSegment: true, noRegionalBlackoutFlag: true, webDeliveryAllowedFlag: false,
    availNum: 1, availsExpected: 2, deviceGroupRestriction: 0, duration: 60_000, offset: 1_000, programId: 5, segmentNum: 1,
    segmentationEventId: 4_000_000_000, segmentationTypeId: 52, segmentationUpidType: 9, segmentsExpected: 1, spliceEventId: 17,
    command: "OFF", origin: "FROM_END", scteEventType: "TIME_SIGNAL", segmentationUpid: "upid",
  }],
  scte35Trigger: {
    activeFrom: "2026-03-01T05:00:00.000Z", activeTo: "2026-03-01T07:00:00.000Z", availNum: 1, programId: 2, segmentNum: 3,
    segmentationEventId: 4, segmentationTypeId: 48, segmentationUpidType: 8, segmentsExpected: 5, spliceId: 6, segmentationUpid: "u",
    fallback: { time: "2026-03-01T06:30:00.000Z", type: "TIME" },
  },
  secondaryEvents: [{ command: "ON", objectName: "logo", offset: 500, origin: "FROM_START", parameters: { text: "${current.title}" }, substitution: { a: "b" } }],
  streamOverrides: [{ languageCode: "eng", mediaType: "AUDIO", sourceDelay: 80, sourceId: "src", sourceType: "LIVE" }],
  vendorRPCList: [{ broadcasterLanguage: "en", gameId: "g1", title: "rpc", duration: 30_000, offset: 10, origin: "FROM_END", procedure: "START_COMMERCIAL" }],
  untimedAds: [{
    activeFrom: "2026-03-01T06:10:00.000Z", activeTo: "2026-03-01T06:20:00.000Z", availNum: 1, programId: 2, segmentNum: 3, segmentationEventId: 4,
    segmentationTypeId: 5, segmentationUpidType: 6, segmentsExpected: 7, spliceId: 8, placeholder: "ph", segmentationUpid: "up", propagate: true,
  }],
  voiceovers: [{
    attenuation: -10, duration: 5_000, fadeInAttack: 100, fadeInOffset: 0, fadeOutAttack: 100, fadeOutOffset: 0, offset: 2_000, som: 0,
    mute: false, name: "vo", objectName: "vo-obj", target: "main", onPrimaryEnd: "CONTINUE", origin: "FROM_START",
  }],
};

export const ALL_FIELDS = `id scheduleId version onAirTime duration eventType title locked mediaId status
  assetData { assetId title assetAudioCount assetImageCount assetSubtitleCount assetVideoCount assetVersion assetQCStatus assetStatus durationInMilliseconds firstFrameTime sourceAssetData { assetName assetVersion sourceId } }
  audioTransition { attenuation fadeInAttack fadeInOffset fadeOutAttack fadeOutOffset }
  blockId blockMode category color houseId label liveId placeholderId reconciliationId recordingPattern
  contentAdvisory { flags format level }
  deviation maxExtendedDuration som timecodeIn ignoreIncomingScte35Signals manualEnd manualStart recording
  liveParameters { customActiveBefore customUrl encryptionKey port srtKeyLength srtLatency srtStreamId streamingProtocol }
  pidOverrides { languageCode mediaType pid pidPassthrough }
  playoutSwitches { command offset origin }
  primarySCTESourceSwitch { liveId }
  programme { description startTime title }
  scte35Signals { archiveAllowedFlag autoReturn hasSegment noRegionalBlackoutFlag webDeliveryAllowedFlag availNum availsExpected deviceGroupRestriction duration offset programId segmentNum segmentationEventId segmentationTypeId segmentationUpidType segmentsExpected spliceEventId command origin scteEventType segmentationUpid }
  scte35Trigger { activeFrom activeTo availNum programId segmentNum segmentationEventId segmentationTypeId segmentationUpidType segmentsExpected spliceId segmentationUpid fallback { time type } }
  secondaryEvents { command objectName offset origin parameters substitution }
  streamOverrides { languageCode mediaType sourceDelay sourceId sourceType }
  vendorRPCList { broadcasterLanguage gameId title duration offset origin procedure }
  untimedAds { activeFrom activeTo availNum programId segmentNum segmentationEventId segmentationTypeId segmentationUpidType segmentsExpected spliceId placeholder segmentationUpid propagate }
  voiceovers { attenuation duration fadeInAttack fadeInOffset fadeOutAttack fadeOutOffset offset som mute name objectName target onPrimaryEnd origin }`;
