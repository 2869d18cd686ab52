// Every resolver class of every slice; the schema is built from this list.
import type { NonEmptyArray } from "type-graphql";
import { ReportingResolver } from "../reporting/resolver.js";
import { ScheduleResolver } from "../schedules/resolver.js";
import { TelemetryResolver } from "../telemetry/resolver.js";

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- type-graphql takes class constructors
export const RESOLVERS: NonEmptyArray<Function> = [ScheduleResolver, ReportingResolver, TelemetryResolver];
