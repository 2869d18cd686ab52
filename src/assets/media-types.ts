// MediaInfo of an asset file: technical description and loudness. Each
// class is both the output type and, under an "…Input" name, the mirrored input type, so the two
// can never drift apart. Every member is optional: catalogs hold what their probes found.
import { GraphQLJSONObject, SafeIntResolver } from "graphql-scalars";
import { Field, InputType, Int, ObjectType } from "type-graphql";

const optional = { nullable: true } as const;
type JsonObject = Record<string, unknown>;

@ObjectType("Loudness", { description: "One loudness figure in several units" })
@InputType("LoudnessInput")
export class Loudness {
  @Field(() => Int, optional) factor?: number | null;
  @Field(() => Int, optional) lu?: number | null;
  @Field(() => Int, optional) lufs?: number | null;
  @Field(() => Int, optional) spfs?: number | null;
  @Field(() => Int, optional) tpfs?: number | null;
}

@ObjectType("LoudnessSummary", { description: "Loudness of all audio tracks together" })
@InputType("LoudnessSummaryInput")
export class LoudnessSummary {
  @Field(() => Loudness, optional) integrated?: Loudness | null;
  @Field(() => Loudness, optional) momentary?: Loudness | null;
  @Field(() => Loudness, optional) range?: Loudness | null;
  @Field(() => Loudness, optional) samplePeak?: Loudness | null;
  @Field(() => Loudness, optional) shortTermMaximum?: Loudness | null;
  @Field(() => Loudness, optional) truePeak?: Loudness | null;
  @Field(() => Int, optional) total?: number | null;
}

@ObjectType("TrackLoudness", { description: "Loudness of one audio track" })
@InputType("TrackLoudnessInput")
export class TrackLoudness {
  @Field(() => String, optional) file?: string | null;
  @Field(() => Int, optional) number?: number | null;
  @Field(() => Int, optional) total?: number | null;
  @Field(() => Loudness, optional) integrated?: Loudness | null;
  @Field(() => Loudness, optional) momentary?: Loudness | null;
  @Field(() => Loudness, optional) range?: Loudness | null;
  @Field(() => Loudness, optional) samplePeak?: Loudness | null;
  @Field(() => Loudness, optional) shortTermMaximum?: Loudness | null;
  @Field(() => Loudness, optional) truePeak?: Loudness | null;
}

@ObjectType("AudioLoudnessData")
@InputType("AudioLoudnessDataInput")
export class AudioLoudnessData {
  @Field(() => LoudnessSummary, optional) summary?: LoudnessSummary | null;
  @Field(() => [TrackLoudness], optional) trackLoudnessData?: TrackLoudness[] | null;
}

@ObjectType("AudioMapping", { description: "Language of one audio track" })
@InputType("AudioMappingInput")
export class AudioMapping {
  @Field(() => String, optional) languageCode?: string | null;
  @Field(() => Int, optional) trackIndex?: number | null;
}

@ObjectType("AudioStream")
@InputType("AudioStreamInput")
export class AudioStream {
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) duration?: number | null;
  @Field(() => GraphQLJSONObject, optional) properties?: JsonObject | null;
  @Field(() => Int, optional) streamId?: number | null;
}

@ObjectType("MediaStream", { description: "A chapter, image, menu or text stream" })
@InputType("MediaStreamInput")
export class MediaStream {
  @Field(() => GraphQLJSONObject, optional) properties?: JsonObject | null;
  @Field(() => Int, optional) streamId?: number | null;
}

@ObjectType("OtherStream")
@InputType("OtherStreamInput")
export class OtherStream {
  @Field(() => Int, optional) count?: number | null;
  @Field(() => String, optional) format?: string | null;
  @Field(() => String, optional) muxingMode?: string | null;
  @Field(() => String, optional) timeCode?: string | null;
  @Field(() => GraphQLJSONObject, optional) properties?: JsonObject | null;
  @Field(() => Int, optional) streamId?: number | null;
}

@ObjectType("VideoStream")
@InputType("VideoStreamInput")
export class VideoStream {
  @Field(() => Int, optional) bitDepth?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Bits per second" }) bitRate?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) duration?: number | null;
  @Field(() => SafeIntResolver, optional) frameCount?: number | null;
  @Field(() => Int, optional) frameRate?: number | null;
  @Field(() => Int, optional) height?: number | null;
  @Field(() => Int, optional) width?: number | null;
  @Field(() => Int, optional) streamId?: number | null;
  @Field(() => Int, optional) pixelAspectRatio?: number | null;
  @Field(() => String, optional) codec?: string | null;
  @Field(() => String, optional) displayAspectRatio?: string | null;
  @Field(() => String, optional) format?: string | null;
  @Field(() => String, optional) language?: string | null;
  @Field(() => String, optional) title?: string | null;
  @Field(() => String, optional) uniqueId?: string | null;
  @Field(() => GraphQLJSONObject, optional) properties?: JsonObject | null;
}

@ObjectType("MediaInfo", { description: "What a media probe found in one file" })
@InputType("MediaInfoInput")
export class MediaInfo {
  @Field(() => AudioLoudnessData, optional) audioLoudnessData?: AudioLoudnessData | null;
  @Field(() => [AudioMapping], optional) audioMappings?: AudioMapping[] | null;
  @Field(() => [AudioStream], optional) audioStreams?: AudioStream[] | null;
  @Field(() => [MediaStream], optional) chapterStreams?: MediaStream[] | null;
  @Field(() => [MediaStream], optional) imageStreams?: MediaStream[] | null;
  @Field(() => [MediaStream], optional) menuStreams?: MediaStream[] | null;
  @Field(() => [MediaStream], optional) textStreams?: MediaStream[] | null;
  @Field(() => [OtherStream], optional) otherStreams?: OtherStream[] | null;
  @Field(() => [VideoStream], optional) videoStreams?: VideoStream[] | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) duration?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Bytes" }) fileSize?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) firstFrameTime?: number | null;
  @Field(() => SafeIntResolver, optional) frameCount?: number | null;
  @Field(() => Int, optional) frameRate?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Bits per second" }) overallBitrate?: number | null;
  @Field(() => Int, optional) streamId?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) timecodeIn?: number | null;
  @Field(() => String, optional) fileExtension?: string | null;
  @Field(() => String, optional) fileName?: string | null;
  @Field(() => String, optional) format?: string | null;
  @Field(() => String, optional) languageCode?: string | null;
  @Field(() => String, optional) title?: string | null;
  @Field(() => GraphQLJSONObject, optional) properties?: JsonObject | null;
}
