// GraphQL shapes of schedule templates: the template, its slots, their enums, inputs and page.
// The enums' values are the planner's (plan-types.ts), name for name.
import { SafeIntResolver } from "graphql-scalars";
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";
import { EventType } from "../events/index.js";
import type { CollectionOrder as PlanCollectionOrder, OverrunMode as PlanOverrunMode, SlotAnchor as PlanSlotAnchor, SlotSource as PlanSlotSource, Weekday as PlanWeekday } from "./plan-types.js";
import { MAX_SLOT_ITEMS, MAX_TEMPLATE_SLOTS } from "./rules.js";

export enum Weekday {
  MON = "MON",
  TUE = "TUE",
  WED = "WED",
  THU = "THU",
  FRI = "FRI",
  SAT = "SAT",
  SUN = "SUN",
}
registerEnumType(Weekday, {
  name: "Weekday",
  description: "A day of the week, of the broadcast day's date",
  valuesConfig: {
    MON: { description: "Monday" },
    TUE: { description: "Tuesday" },
    WED: { description: "Wednesday" },
    THU: { description: "Thursday" },
    FRI: { description: "Friday" },
    SAT: { description: "Saturday" },
    SUN: { description: "Sunday" },
  },
});

export enum SlotAnchor {
  HARD = "HARD",
  SOFT = "SOFT",
}
registerEnumType(SlotAnchor, {
  name: "SlotAnchor",
  description: "How a slot's start holds",
  valuesConfig: {
    HARD: { description: "Starts exactly at its time: what runs before it ends there (overrun)" },
    SOFT: { description: "Starts when the slot before it ends, not before its time" },
  },
});

export enum SlotSource {
  ASSET = "ASSET",
  COLLECTION = "COLLECTION",
  LIVE = "LIVE",
  PLACEHOLDER = "PLACEHOLDER",
}
registerEnumType(SlotSource, {
  name: "SlotSource",
  description: "What a slot plays",
  valuesConfig: {
    ASSET: { description: "One asset (mediaId), items times or once" },
    COLLECTION: { description: "Items of a collection (collectionId), in the slot's order" },
    LIVE: { description: "A live window of durationMs" },
    PLACEHOLDER: { description: "A placeholder of durationMs, to be filled later" },
  },
});

export enum CollectionOrder {
  SEQUENTIAL = "SEQUENTIAL",
  SHUFFLE = "SHUFFLE",
  RANDOM = "RANDOM",
}
registerEnumType(CollectionOrder, {
  name: "CollectionOrder",
  description: "The order a slot draws a collection's items in",
  valuesConfig: {
    SEQUENTIAL: { description: "In position order, continuing from where the slot stopped the day before" },
    SHUFFLE: { description: "Every item once in a shuffled order before any repeats" },
    RANDOM: { description: "Any item each time" },
  },
});

export enum OverrunMode {
  DROP = "DROP",
  TRIM = "TRIM",
}
registerEnumType(OverrunMode, {
  name: "OverrunMode",
  description: "What happens to an item that would run past the next hard start",
  valuesConfig: {
    DROP: { description: "It is left out" },
    TRIM: { description: "It is cut at the hard start" },
  },
});

// The enums hold the planner's values exactly (tsc fails here when they part).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const SAME_VALUES: [
  Same<`${Weekday}`, PlanWeekday>,
  Same<`${SlotAnchor}`, PlanSlotAnchor>,
  Same<`${SlotSource}`, PlanSlotSource>,
  Same<`${CollectionOrder}`, PlanCollectionOrder>,
  Same<`${OverrunMode}`, PlanOverrunMode>,
] = [true, true, true, true, true];
void SAME_VALUES;

@ObjectType({ description: "One rule of a template: on these days, at this time, play this" })
export class TemplateSlot {
  @Field(() => ID, { description: "The template's id and the slot's index in its list: \"<templateId>.<index>\"" }) id!: string;
  @Field(() => [Weekday], { description: "The weekdays (of the broadcast day's date) it applies on" }) days!: Weekday[];
  @Field(() => String, { description: "Local time of day it starts, HH:MM or HH:MM:SS; before the broadcast day start: the end of that broadcast day" }) start!: string;
  @Field(() => SlotAnchor, { description: "How its start holds" }) anchor!: SlotAnchor;
  @Field(() => SlotSource, { description: "What it plays" }) source!: SlotSource;
  @Field(() => String, { nullable: true, description: "Title of its events (LIVE, PLACEHOLDER); null: the asset's title, or Live / Placeholder" }) title!: string | null;
  @Field(() => EventType, { description: "Type of the events it places" }) eventType!: EventType;
  @Field(() => String, { nullable: true, description: "ASSET: the media id it plays" }) mediaId!: string | null;
  @Field(() => ID, { nullable: true, description: "COLLECTION: the collection it plays (PROGRAMMES, FILLER or PROMOS)" }) collectionId!: string | null;
  @Field(() => CollectionOrder, { description: "The order it draws its collection in" }) order!: CollectionOrder;
  @Field(() => Int, { nullable: true, description: "How many items it plays (or times its asset); null: as durationMs says, else one" }) items!: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "How long it lasts, ms; LIVE and PLACEHOLDER always have it" }) durationMs!: number | null;
  @Field(() => ID, { nullable: true, description: "The collection its breaks draw from (ADVERTISEMENTS or PROMOS)" }) breakCollectionId!: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Length of the break after each item, ms" }) breakMs!: number | null;
  @Field(() => ID, { nullable: true, description: "The collection that fills the time left after it (FILLER or PROMOS)" }) fillerCollectionId!: string | null;
  @Field(() => OverrunMode, { description: "What happens to an item that would run past the next hard start" }) overrun!: OverrunMode;
}

@ObjectType({ description: "A week of rules from which a channel's schedule is generated" })
export class ScheduleTemplate {
  @Field(() => ID, { description: "The template's id" }) id!: string;
  @Field(() => String, { description: "Name of the template" }) name!: string;
  @Field(() => String, { description: "IANA time zone its slots' times are read in" }) timeZone!: string;
  @Field(() => String, { description: "Local time of day HH:MM at which each broadcast day starts" }) broadcastDayStart!: string;
  @Field(() => [TemplateSlot], { description: "Its slots, in the order given" }) slots!: TemplateSlot[];
  @Field(() => Int, { description: "Adds 1 at every change; updateScheduleTemplate takes the version read" }) version!: number;
  /** Not in the schema: whose template it is. */
  organization!: string;
}

@InputType({ description: "A slot of a template (its id is given by its place in the list)" })
export class TemplateSlotInput {
  @Field(() => [Weekday], { description: "The weekdays it applies on: at least one, each once" }) days!: Weekday[];
  @Field(() => String, { description: "Local time of day it starts, HH:MM or HH:MM:SS, 00:00 to 23:59:59" }) start!: string;
  @Field(() => SlotAnchor, { description: "How its start holds" }) anchor!: SlotAnchor;
  @Field(() => SlotSource, { description: "What it plays" }) source!: SlotSource;
  @Field(() => String, { nullable: true, description: "Title of its events; at most 500 characters" }) title?: string | null;
  @Field(() => EventType, { description: "Type of the events it places" }) eventType!: EventType;
  @Field(() => String, { nullable: true, description: "ASSET (required there, only there): the media id it plays" }) mediaId?: string | null;
  @Field(() => ID, { nullable: true, description: "COLLECTION (required there, only there): a collection of PROGRAMMES, FILLER or PROMOS" }) collectionId?: string | null;
  @Field(() => CollectionOrder, { nullable: true, defaultValue: CollectionOrder.SEQUENTIAL, description: "The order it draws its collection in; null or left out: SEQUENTIAL" }) order?: CollectionOrder | null;
  @Field(() => Int, { nullable: true, description: `ASSET and COLLECTION: how many items, 1 to ${MAX_SLOT_ITEMS.toLocaleString("en-US")}; not with durationMs` }) items?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "How long it lasts, ms, above 0 and at most 25 hours; required for LIVE and PLACEHOLDER; not with items" }) durationMs?: number | null;
  @Field(() => ID, { nullable: true, description: "ASSET and COLLECTION: a collection of ADVERTISEMENTS or PROMOS for the break after each item; with breakMs" }) breakCollectionId?: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Length of the break after each item, ms, above 0; with breakCollectionId" }) breakMs?: number | null;
  @Field(() => ID, { nullable: true, description: "A collection of FILLER or PROMOS for the time left after it" }) fillerCollectionId?: string | null;
  @Field(() => OverrunMode, { nullable: true, defaultValue: OverrunMode.DROP, description: "What happens to an item that would run past the next hard start; null or left out: DROP" }) overrun?: OverrunMode | null;
}

@InputType({ description: "A template's name, local clock and slots (all given at every write: the slots replace the stored ones)" })
export class ScheduleTemplateInput {
  @Field(() => String, { description: "Name, 1 to 200 characters, one line" }) name!: string;
  @Field(() => String, { description: "IANA time zone such as Europe/London" }) timeZone!: string;
  @Field(() => String, { description: "Local time of day HH:MM at which each broadcast day starts" }) broadcastDayStart!: string;
  @Field(() => [TemplateSlotInput], { description: `The slots, at most ${MAX_TEMPLATE_SLOTS}` }) slots!: TemplateSlotInput[];
}

@ObjectType({ description: "A page of schedule templates, by id" })
export class ScheduleTemplatePage extends PageMembers {
  @Field(() => [ScheduleTemplate], { description: "The templates of this page" }) content!: ScheduleTemplate[];
}
