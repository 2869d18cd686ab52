import { ArgsType, Field, Int } from "type-graphql";
import { EventType } from "./enums.js";

/** The arguments of every paged list of events (Schedule.events, ChangeSet.events). */
@ArgsType()
export class EventPageArgs {
  @Field(() => Int, { nullable: true, description: "0-based; default 0" }) page?: number;
  @Field(() => Int, { nullable: true, description: "default 20, at most 1000" }) size?: number;
  @Field(() => String, { nullable: true, description: "Part of the title, case-insensitive" }) term?: string;
  @Field(() => EventType, { nullable: true }) eventType?: EventType;
  @Field(() => Date, { nullable: true, description: "onAirTime at or after" }) from?: Date;
  @Field(() => Date, { nullable: true, description: "onAirTime before" }) to?: Date;
}
