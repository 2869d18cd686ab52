// Every resolver class of every slice; the schema is built from this list.
import type { NonEmptyArray } from "type-graphql";
import { ScheduleResolver } from "../schedules/resolver.js";

export const RESOLVERS: NonEmptyArray<Function> = [ScheduleResolver];
