// GraphQL output types of a decoded splice_info_section (Query.decodeScte35). Field by field the
// same as src/scte35/types.ts; times are 90 kHz ticks; identifiers wider than 31 bits are SafeInt.
import { SafeIntResolver } from "graphql-scalars";
import { Field, Int, ObjectType, registerEnumType } from "type-graphql";

export enum CueEncoding {
  BASE64 = "BASE64",
  HEX = "HEX",
}
registerEnumType(CueEncoding, { name: "CueEncoding", description: "How an SCTE-35 cue is written as text: base64, or hex (lower case, no 0x)" });

const opt = { nullable: true } as const;

@ObjectType({ description: "splice_time(): a pts_time in 90 kHz ticks (33 bits), when specified" })
export class SpliceTime {
  @Field(() => Boolean) timeSpecified!: boolean;
  @Field(() => SafeIntResolver, opt) ptsTime!: number | null;
}

@ObjectType({ description: "break_duration(): duration in 90 kHz ticks (33 bits)" })
export class BreakDuration {
  @Field(() => Boolean) autoReturn!: boolean;
  @Field(() => SafeIntResolver) duration!: number;
}

@ObjectType({ description: "A component of a splice_insert in component mode" })
export class SpliceInsertComponent {
  @Field(() => Int) componentTag!: number;
  @Field(() => SpliceTime, { nullable: true, description: "null in splice_immediate mode" }) spliceTime!: SpliceTime | null;
}

@ObjectType({ description: "splice_insert(); past a cancel the other fields are false, 0, null or empty (not sent)" })
export class SpliceInsert {
  @Field(() => SafeIntResolver) spliceEventId!: number;
  @Field(() => Boolean) spliceEventCancelIndicator!: boolean;
  @Field(() => Boolean) outOfNetworkIndicator!: boolean;
  @Field(() => Boolean) programSpliceFlag!: boolean;
  @Field(() => Boolean) durationFlag!: boolean;
  @Field(() => Boolean) spliceImmediateFlag!: boolean;
  @Field(() => Boolean) eventIdComplianceFlag!: boolean;
  @Field(() => SpliceTime, opt) spliceTime!: SpliceTime | null;
  @Field(() => [SpliceInsertComponent]) components!: SpliceInsertComponent[];
  @Field(() => BreakDuration, opt) breakDuration!: BreakDuration | null;
  @Field(() => Int) uniqueProgramId!: number;
  @Field(() => Int) availNum!: number;
  @Field(() => Int) availsExpected!: number;
}

@ObjectType({ description: "One UPID: type (table 22 of SCTE 35) and text form (characters for text types, 0x-hex for binary ones)" })
export class SegmentationUpid {
  @Field(() => Int) type!: number;
  @Field(() => String) value!: string;
}

@ObjectType({ description: "A component of a segmentation_descriptor; ptsOffset in 90 kHz ticks" })
export class SegmentationComponent {
  @Field(() => Int) componentTag!: number;
  @Field(() => SafeIntResolver) ptsOffset!: number;
}

@ObjectType({ description: "segmentation_descriptor(); past a cancel the other fields are false, 0, null or empty (not sent)" })
export class SegmentationDescriptor {
  @Field(() => SafeIntResolver) segmentationEventId!: number;
  @Field(() => Boolean) segmentationEventCancelIndicator!: boolean;
  @Field(() => Boolean) segmentationEventIdComplianceIndicator!: boolean;
  @Field(() => Boolean) programSegmentationFlag!: boolean;
  @Field(() => Boolean) segmentationDurationFlag!: boolean;
  @Field(() => Boolean) deliveryNotRestrictedFlag!: boolean;
  @Field(() => Boolean, { nullable: true, description: "null when deliveryNotRestrictedFlag" }) webDeliveryAllowedFlag!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "null when deliveryNotRestrictedFlag" }) noRegionalBlackoutFlag!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "null when deliveryNotRestrictedFlag" }) archiveAllowedFlag!: boolean | null;
  @Field(() => Int, { nullable: true, description: "0–2 a device group, 3 none; null when deliveryNotRestrictedFlag" }) deviceRestrictions!: number | null;
  @Field(() => [SegmentationComponent]) components!: SegmentationComponent[];
  @Field(() => SafeIntResolver, { nullable: true, description: "90 kHz ticks (40 bits)" }) segmentationDuration!: number | null;
  @Field(() => Int) segmentationUpidType!: number;
  @Field(() => String, { description: "The UPID as SCTE35Signal.segmentationUpid holds it (a MID: JSON list of {type, value})" }) segmentationUpid!: string;
  @Field(() => [SegmentationUpid], { description: "The UPID parsed: one entry, a MID's parts, or none for type 0" }) upids!: SegmentationUpid[];
  @Field(() => Int) segmentationTypeId!: number;
  @Field(() => Int) segmentNum!: number;
  @Field(() => Int) segmentsExpected!: number;
  @Field(() => Int, opt) subSegmentNum!: number | null;
  @Field(() => Int, opt) subSegmentsExpected!: number | null;
}

@ObjectType({ description: "A splice_descriptor: segmentation descriptors decoded, the others' private bytes as hex" })
export class SpliceDescriptor {
  @Field(() => Int) spliceDescriptorTag!: number;
  @Field(() => String, { description: "\"CUEI\" for SCTE 35's own" }) identifier!: string;
  @Field(() => SegmentationDescriptor, opt) segmentation!: SegmentationDescriptor | null;
  @Field(() => String, opt) privateBytes!: string | null;
}

@ObjectType({ description: "A decoded SCTE-35 splice_info_section (SCTE 35 2023 §9.6); times in 90 kHz ticks" })
export class SpliceInfo {
  @Field(() => Int) tableId!: number;
  @Field(() => Boolean) sectionSyntaxIndicator!: boolean;
  @Field(() => Boolean) privateIndicator!: boolean;
  @Field(() => Int, { description: "3: not specified" }) sapType!: number;
  @Field(() => Int) sectionLength!: number;
  @Field(() => Int) protocolVersion!: number;
  @Field(() => Boolean) encryptedPacket!: boolean;
  @Field(() => Int) encryptionAlgorithm!: number;
  @Field(() => SafeIntResolver) ptsAdjustment!: number;
  @Field(() => Int) cwIndex!: number;
  @Field(() => Int) tier!: number;
  @Field(() => Int) spliceCommandLength!: number;
  @Field(() => Int, { description: "0x00 splice_null, 0x05 splice_insert, 0x06 time_signal, 0x07 bandwidth_reservation (others are skipped)" })
  spliceCommandType!: number;
  @Field(() => SpliceInsert, opt) spliceInsert!: SpliceInsert | null;
  @Field(() => SpliceTime, opt) timeSignal!: SpliceTime | null;
  @Field(() => Int) descriptorLoopLength!: number;
  @Field(() => [SpliceDescriptor]) descriptors!: SpliceDescriptor[];
  @Field(() => SafeIntResolver, { description: "CRC_32 as sent (checked)" }) crc32!: number;
}
