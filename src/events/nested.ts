// Nested structures of SPEC "Event". Each class is both the output type and, with the `Input`
// suffix, the input type: the two shapes are the same, and one class keeps them from drifting.
// Times inside these structures are milliseconds (SafeInt); instants are DateTime.
import { JSONObjectResolver, SafeIntResolver } from "graphql-scalars";
import { Field, InputType, Int, ObjectType } from "type-graphql";
import {
  AssetQCStatus,
  AssetStatus,
  Command,
  ContentAdvisoryFlag,
  ContentAdvisoryFormat,
  ContentAdvisoryLevel,
  FallbackType,
  OnPrimaryEnd,
  Origin,
  ScteEventType,
  SrtKeyLength,
  StreamingProtocol,
  StreamMediaType,
  StreamSourceType,
  VendorRPCProcedure,
} from "./enums.js";

const opt = { nullable: true } as const;

@ObjectType()
@InputType("SourceAssetDataInput")
export class SourceAssetData {
  @Field(() => String, opt) assetName?: string | null;
  @Field(() => Int, opt) assetVersion?: number | null;
  @Field(() => String, opt) sourceId?: string | null;
}

@ObjectType({ description: "The catalog asset an event plays, as known when it was scheduled" })
@InputType("EventAssetDataInput")
export class EventAssetData {
  @Field(() => String, opt) assetId?: string | null;
  @Field(() => String, opt) title?: string | null;
  @Field(() => Int, opt) assetAudioCount?: number | null;
  @Field(() => Int, opt) assetImageCount?: number | null;
  @Field(() => Int, opt) assetSubtitleCount?: number | null;
  @Field(() => Int, opt) assetVideoCount?: number | null;
  @Field(() => Int, opt) assetVersion?: number | null;
  @Field(() => AssetQCStatus, opt) assetQCStatus?: AssetQCStatus | null;
  @Field(() => [AssetStatus], opt) assetStatus?: AssetStatus[] | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) durationInMilliseconds?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) firstFrameTime?: number | null;
  @Field(() => SourceAssetData, opt) sourceAssetData?: SourceAssetData | null;
}

@ObjectType({ description: "Fades between this event's audio and the previous one's; times in ms, attenuation in dB" })
@InputType("AudioTransitionInput")
export class AudioTransition {
  @Field(() => Int, { nullable: true, description: "dB" }) attenuation?: number | null;
  @Field(() => SafeIntResolver, opt) fadeInAttack?: number | null;
  @Field(() => SafeIntResolver, opt) fadeInOffset?: number | null;
  @Field(() => SafeIntResolver, opt) fadeOutAttack?: number | null;
  @Field(() => SafeIntResolver, opt) fadeOutOffset?: number | null;
}

@ObjectType()
@InputType("ContentAdvisoryInput")
export class ContentAdvisory {
  @Field(() => [ContentAdvisoryFlag], opt) flags?: ContentAdvisoryFlag[] | null;
  @Field(() => ContentAdvisoryFormat, opt) format?: ContentAdvisoryFormat | null;
  @Field(() => ContentAdvisoryLevel, opt) level?: ContentAdvisoryLevel | null;
}

@ObjectType()
@InputType("LiveParametersInput")
export class LiveParameters {
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) customActiveBefore?: number | null;
  @Field(() => String, opt) customUrl?: string | null;
  @Field(() => String, { nullable: true, description: "A secret: stored when given, always answered as null" })
  encryptionKey?: string | null;
  @Field(() => Int, opt) port?: number | null;
  @Field(() => SrtKeyLength, opt) srtKeyLength?: SrtKeyLength | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) srtLatency?: number | null;
  @Field(() => String, opt) srtStreamId?: string | null;
  @Field(() => StreamingProtocol, opt) streamingProtocol?: StreamingProtocol | null;
}

@ObjectType()
@InputType("PidOverrideInput")
export class PidOverride {
  @Field(() => String, opt) languageCode?: string | null;
  @Field(() => StreamMediaType, opt) mediaType?: StreamMediaType | null;
  @Field(() => Int, opt) pid?: number | null;
  @Field(() => Boolean, opt) pidPassthrough?: boolean | null;
}

@ObjectType()
@InputType("PlayoutSwitchInput")
export class PlayoutSwitch {
  @Field(() => Command, opt) command?: Command | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) offset?: number | null;
  @Field(() => Origin, opt) origin?: Origin | null;
}

@ObjectType()
@InputType("PrimarySCTESourceSwitchInput")
export class PrimarySCTESourceSwitch {
  @Field(() => String, opt) liveId?: string | null;
}

@ObjectType({ description: "EPG programme an event belongs to" })
@InputType("ProgrammeInput")
export class Programme {
  @Field(() => String, opt) description?: string | null;
  @Field(() => Date, opt) startTime?: Date | string | null;
  @Field(() => String, opt) title?: string | null;
}

@ObjectType({ description: "An SCTE-35 signal sent at an offset of the event; offset and duration in ms" })
@InputType("SCTE35SignalInput")
export class SCTE35Signal {
  @Field(() => Boolean, opt) archiveAllowedFlag?: boolean | null;
  @Field(() => Boolean, opt) autoReturn?: boolean | null;
  @Field(() => Boolean, opt) hasSegment?: boolean | null;
  @Field(() => Boolean, opt) noRegionalBlackoutFlag?: boolean | null;
  @Field(() => Boolean, opt) webDeliveryAllowedFlag?: boolean | null;
  @Field(() => SafeIntResolver, opt) availNum?: number | null;
  @Field(() => SafeIntResolver, opt) availsExpected?: number | null;
  @Field(() => SafeIntResolver, opt) deviceGroupRestriction?: number | null;
  @Field(() => SafeIntResolver, opt) duration?: number | null;
  @Field(() => SafeIntResolver, opt) offset?: number | null;
  @Field(() => SafeIntResolver, opt) programId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentNum?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationEventId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationTypeId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationUpidType?: number | null;
  @Field(() => SafeIntResolver, opt) segmentsExpected?: number | null;
  @Field(() => SafeIntResolver, opt) spliceEventId?: number | null;
  @Field(() => Command, opt) command?: Command | null;
  @Field(() => Origin, opt) origin?: Origin | null;
  @Field(() => ScteEventType, opt) scteEventType?: ScteEventType | null;
  @Field(() => String, opt) segmentationUpid?: string | null;
}

@ObjectType()
@InputType("SCTE35FallbackInput")
export class SCTE35Fallback {
  @Field(() => Date, opt) time?: Date | string | null;
  @Field(() => FallbackType, opt) type?: FallbackType | null;
}

@ObjectType({ description: "An incoming SCTE-35 signal that, between activeFrom and activeTo, triggers this event" })
@InputType("SCTE35TriggerInput")
export class SCTE35Trigger {
  @Field(() => Date, opt) activeFrom?: Date | string | null;
  @Field(() => Date, opt) activeTo?: Date | string | null;
  @Field(() => SafeIntResolver, opt) availNum?: number | null;
  @Field(() => SafeIntResolver, opt) programId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentNum?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationEventId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationTypeId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationUpidType?: number | null;
  @Field(() => SafeIntResolver, opt) segmentsExpected?: number | null;
  @Field(() => SafeIntResolver, opt) spliceId?: number | null;
  @Field(() => String, opt) segmentationUpid?: string | null;
  @Field(() => SCTE35Fallback, opt) fallback?: SCTE35Fallback | null;
}

@ObjectType({ description: "A graphics or device command sent at an offset (ms) of the event" })
@InputType("SecondaryEventInput")
export class SecondaryEvent {
  @Field(() => Command, opt) command?: Command | null;
  @Field(() => String, opt) objectName?: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) offset?: number | null;
  @Field(() => Origin, opt) origin?: Origin | null;
  @Field(() => JSONObjectResolver, { nullable: true, description: "string to string" }) parameters?: Record<string, string> | null;
  @Field(() => JSONObjectResolver, { nullable: true, description: "string to string" }) substitution?: Record<string, string> | null;
}

@ObjectType()
@InputType("StreamOverrideInput")
export class StreamOverride {
  @Field(() => String, opt) languageCode?: string | null;
  @Field(() => StreamMediaType, opt) mediaType?: StreamMediaType | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) sourceDelay?: number | null;
  @Field(() => String, opt) sourceId?: string | null;
  @Field(() => StreamSourceType, opt) sourceType?: StreamSourceType | null;
}

@ObjectType({ description: "A remote procedure call to a vendor system at an offset (ms) of the event" })
@InputType("VendorRPCInput")
export class VendorRPC {
  @Field(() => String, opt) broadcasterLanguage?: string | null;
  @Field(() => String, opt) gameId?: string | null;
  @Field(() => String, opt) title?: string | null;
  @Field(() => SafeIntResolver, opt) duration?: number | null;
  @Field(() => SafeIntResolver, opt) offset?: number | null;
  @Field(() => Origin, opt) origin?: Origin | null;
  @Field(() => VendorRPCProcedure, opt) procedure?: VendorRPCProcedure | null;
}

@ObjectType({ description: "An ad decision without a fixed time, active between activeFrom and activeTo" })
@InputType("UntimedAdInput")
export class UntimedAd {
  @Field(() => Date, opt) activeFrom?: Date | string | null;
  @Field(() => Date, opt) activeTo?: Date | string | null;
  @Field(() => SafeIntResolver, opt) availNum?: number | null;
  @Field(() => SafeIntResolver, opt) programId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentNum?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationEventId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationTypeId?: number | null;
  @Field(() => SafeIntResolver, opt) segmentationUpidType?: number | null;
  @Field(() => SafeIntResolver, opt) segmentsExpected?: number | null;
  @Field(() => SafeIntResolver, opt) spliceId?: number | null;
  @Field(() => String, opt) placeholder?: string | null;
  @Field(() => String, opt) segmentationUpid?: string | null;
  @Field(() => Boolean, opt) propagate?: boolean | null;
}

@ObjectType({ description: "An audio voice-over mixed over the event; times in ms, attenuation in dB" })
@InputType("VoiceoverInput")
export class Voiceover {
  @Field(() => Int, { nullable: true, description: "dB" }) attenuation?: number | null;
  @Field(() => SafeIntResolver, opt) duration?: number | null;
  @Field(() => SafeIntResolver, opt) fadeInAttack?: number | null;
  @Field(() => SafeIntResolver, opt) fadeInOffset?: number | null;
  @Field(() => SafeIntResolver, opt) fadeOutAttack?: number | null;
  @Field(() => SafeIntResolver, opt) fadeOutOffset?: number | null;
  @Field(() => SafeIntResolver, opt) offset?: number | null;
  @Field(() => SafeIntResolver, opt) som?: number | null;
  @Field(() => Boolean, opt) mute?: boolean | null;
  @Field(() => String, opt) name?: string | null;
  @Field(() => String, opt) objectName?: string | null;
  @Field(() => String, opt) target?: string | null;
  @Field(() => OnPrimaryEnd, opt) onPrimaryEnd?: OnPrimaryEnd | null;
  @Field(() => Origin, opt) origin?: Origin | null;
}
