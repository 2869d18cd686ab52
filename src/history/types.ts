// GraphQL shapes of the history.
import { JSONResolver } from "graphql-scalars";
import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";
import { Event } from "../events/index.js";

export enum HistoryChangeKind {
  ADDED = "ADDED",
  REMOVED = "REMOVED",
  CHANGED = "CHANGED",
}
registerEnumType(HistoryChangeKind, { name: "HistoryChangeKind" });

@ObjectType({ description: "One field of an event or schedule a change set: its value before and after" })
export class FieldChange {
  @Field(() => String, { description: "Event or Schedule field name; onAirTimeOffset: ms after the schedule's timeOrigin; timeOrigin: ms since the epoch that event times count from" })
  field!: string;
  @Field(() => JSONResolver, { nullable: true }) before!: unknown;
  @Field(() => JSONResolver, { nullable: true }) after!: unknown;
}

@ObjectType({ description: "What one history entry did to one event" })
export class HistoryEventChange {
  @Field(() => ID) eventId!: string;
  @Field(() => HistoryChangeKind) kind!: HistoryChangeKind;
  @Field(() => [FieldChange], { description: "ADDED: every field (before null); REMOVED: every field (after null); CHANGED: only the fields that differ" })
  changes!: FieldChange[];
}

@ObjectType({ description: "One event a change created, changed or removed; a value without identity of its own (the event it names has one)" })
export class ChangedEvent {
  @Field(() => ID, { description: "The id of the event" }) eventId!: string;
  @Field(() => Boolean, { description: "True when the change removed the event (event is then null)" }) removed!: boolean;
  @Field(() => Event, { nullable: true, description: "The event as it is now, with its new version; null when removed since" }) event!: Event | null;
}

@ObjectType({ description: "The events one change of a schedule created, changed or removed, a page at a time, by event id" })
export class ChangedEventPage extends PageMembers {
  @Field(() => [ChangedEvent], { description: "This page's events" }) content!: ChangedEvent[];
}

@ObjectType({ description: "One committed change of a schedule or its events (one transaction)" })
export class ScheduleHistoryEntry {
  @Field(() => ID) id!: string;
  @Field(() => Int, { nullable: true, description: "The schedule's version before; null for the entry that created it" }) versionBefore!: number | null;
  @Field(() => Int) versionAfter!: number;
  @Field(() => String, { nullable: true, description: "Token sub of the caller (a job: the user who asked for it)" }) actor!: string | null;
  @Field(() => String, { nullable: true, description: "The GraphQL mutation (updateEvents, applyChangeSet, revertSchedule, …) or job:<TYPE>" })
  operation!: string | null;
  @Field(() => Date) date!: Date;
  @Field(() => [FieldChange], { description: "Schedule fields changed (dates and counters the server keeps included)" }) scheduleChanges!: FieldChange[];
  @Field(() => Int) eventsAdded!: number;
  @Field(() => Int) eventsRemoved!: number;
  @Field(() => Int) eventsChanged!: number;
}

@ObjectType({ description: "What one history entry did to events, in the order it did it, a page at a time" })
export class HistoryEventChangePage extends PageMembers {
  @Field(() => [HistoryEventChange], { description: "This page's event changes" }) content!: HistoryEventChange[];
}

@ObjectType({ description: "History entries of a schedule, newest first" })
export class ScheduleHistoryPage extends PageMembers {
  @Field(() => [ScheduleHistoryEntry]) content!: ScheduleHistoryEntry[];
}
