// GraphQL shapes of change sets: a draft of a schedule's events.
import { Field, ID, Int, ObjectType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";
import { Event } from "../events/index.js";

@ObjectType({ description: "An open draft of a schedule's events, edited by event mutations given its id as changeSetId" })
export class ChangeSet {
  @Field(() => ID) id!: string;
  @Field(() => ID) scheduleId!: string;
  @Field(() => Int, { description: "1 at creation, + 1 per draft edit; event mutations given changeSetId check their version against it" })
  version!: number;
  @Field(() => Int, { description: "The schedule's version when the draft was taken" }) baseVersion!: number;
  @Field(() => String, { nullable: true }) createdBy!: string | null;
  @Field(() => Date) dateCreated!: Date;
}

@ObjectType({ description: "The open change sets of a schedule, oldest first, a page at a time" })
export class ChangeSetPage extends PageMembers {
  @Field(() => [ChangeSet], { description: "This page's change sets" }) content!: ChangeSet[];
}

@ObjectType({ description: "One event the draft changed: the names of the Event fields that differ, and the event before and after" })
export class EventChange {
  @Field(() => ID, { description: "Cache identity of this change: the event's id with the draft's (556@changeSet12) or the versions' (556@v3..v5)" })
  id!: string;
  @Field(() => ID, { description: "The id of the event that changed, as mutations take it" }) eventId!: string;
  @Field(() => [String]) fields!: string[];
  @Field(() => Event, { description: "The event as the schedule has it" }) before!: Event;
  @Field(() => Event, { description: "The event as the draft has it" }) after!: Event;
}

@ObjectType({ description: "What applying the change set would do to the schedule's events, each list in air order" })
export class ChangeSetDiff {
  @Field(() => [Event], { description: "Events created in the draft" }) added!: Event[];
  @Field(() => [Event], { description: "Events of the schedule the draft removed" }) removed!: Event[];
  /** Not in the schema as it is: the `changed` field resolver answers one page of it. */
  changed!: ChangeList;
  @Field(() => Int, { description: "How many events changed (the `changed` list pages through them)" }) changedCount!: number;
}

/** Every changed event of a diff, made into EventChange objects only for the page asked (a diff can touch a whole schedule). */
export interface ChangeList {
  count: number;
  slice(from: number, to: number): EventChange[];
}

/** A ChangeList over changes already built. */
export function changeListOf(changes: EventChange[]): ChangeList {
  return { count: changes.length, slice: (from, to) => changes.slice(from, to) };
}
