// Input and result of bulkEditEvents (S31; members in the order they apply.
import { SafeIntResolver } from "graphql-scalars";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Message } from "../common/graphql-types.js";
import { Schedule } from "../schedules/index.js";
import { ResolveType } from "./enums.js";
import { EventInput } from "./types.js";

const opt = { nullable: true } as const;

@InputType({ description: "Repeats events in order from loopFrom, back to back, the last repetition trimmed to end at loopTo" })
export class EventLoopInput {
  @Field(() => [EventInput]) events!: EventInput[];
  @Field(() => Date) loopFrom!: Date;
  @Field(() => Date) loopTo!: Date;
}

@InputType({ description: "Puts the catalog asset mediaId into one event, named by id or by the time it is on air" })
export class ReplacementInput {
  @Field(() => String) mediaId!: string;
  @Field(() => ID, opt) replacementEventId?: string | null;
  @Field(() => Date, opt) replacementEventOnAirTime?: Date | null;
}

@InputType({ description: "A part of the event to split: startTime/endTime are ms from the event's start; stub parts are cut out" })
export class SplitSegmentInput {
  @Field(() => SafeIntResolver) startTime!: number;
  @Field(() => SafeIntResolver, { nullable: true, description: "Default startTime + duration" }) endTime?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Used when endTime is omitted" }) duration?: number | null;
  @Field(() => Boolean, opt) stub?: boolean | null;
}

@InputType({ description: "Cuts the event on air at onAirTime into parts with PLACEHOLDER breaks between them" })
export class SplitInput {
  @Field(() => Date) onAirTime!: Date;
  @Field(() => [SplitSegmentInput]) segments!: SplitSegmentInput[];
  @Field(() => SafeIntResolver, { nullable: true, description: "ms of each break between parts; default 0 (no break event)" })
  breakDuration?: number | null;
  @Field(() => String, { nullable: true, description: 'Title of the breaks; {n} = break number. Default "Break {n}"' })
  breakTitlePattern?: string | null;
  @Field(() => String, { nullable: true, description: 'Appended to the parts\' title; {n} = part number. Default " ({n})"' })
  partSuffix?: string | null;
  @Field(() => String, { nullable: true, description: "placeholderId of the break events" }) placeholderId?: string | null;
}

@InputType({ description: "Every member optional; applied in one transaction: empty, then deletions, updates and creations (or creations first with createFirst), then the rest" })
export class BulkEditInput {
  @Field(() => Boolean, { nullable: true, description: "Remove every event first" }) empty?: boolean | null;
  @Field(() => [ID], { nullable: true, description: "Ids of events to delete" }) deleted?: string[] | null;
  @Field(() => [EventInput], { nullable: true, description: "Changes, each with id" }) updated?: EventInput[] | null;
  @Field(() => [EventInput], { nullable: true, description: "New events" }) created?: EventInput[] | null;
  @Field(() => Boolean, { nullable: true, description: "Create before deleting and updating" }) createFirst?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "Apply only `created`" }) createOnly?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "Apply only `updated`" }) updateOnly?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "Apply only `deleted`" }) deleteOnly?: boolean | null;
  @Field(() => [EventInput], { nullable: true, description: "Appended in order after the last event" }) sentToEnd?: EventInput[] | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms, may be negative" }) shiftBy?: number | null;
  @Field(() => Date, { nullable: true, description: "shiftBy moves events starting at or after this; default the schedule start" })
  shiftFrom?: Date | null;
  @Field(() => EventLoopInput, opt) eventLoop?: EventLoopInput | null;
  @Field(() => ReplacementInput, opt) replacement?: ReplacementInput | null;
  @Field(() => SplitInput, opt) split?: SplitInput | null;
  @Field(() => ResolveType, { nullable: true, description: "Default OVERLAP" }) resolveType?: ResolveType | null;
  @Field(() => Int, { nullable: true, description: "The page of events the caller shows: content.events answers it when asked without page/size" })
  pageNumber?: number | null;
  @Field(() => Int, opt) pageSize?: number | null;
}

@ObjectType()
export class BulkEditResult {
  @Field(() => Schedule) content!: Schedule;
  @Field(() => [Message]) messages!: Message[];
}
