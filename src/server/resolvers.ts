// Every resolver class of every slice; the schema is built from this list.
import type { NonEmptyArray } from "type-graphql";
import { AssetResolver } from "../assets/resolver.js";
import { CheckMutationResolver, EventAssetResolver, EventsSummaryAssetsResolver, ScheduleChecksResolver, ValidationResultResolver } from "../checks/resolver.js";
import { EventResolver, ScheduleEventsResolver } from "../events/resolver.js";
import { JobResolver } from "../jobs/resolver.js";
import { ReportingResolver } from "../reporting/resolver.js";
import { ScheduleResolver } from "../schedules/resolver.js";
import { TelemetryResolver } from "../telemetry/resolver.js";

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- type-graphql takes class constructors
export const RESOLVERS: NonEmptyArray<Function> = [
  ScheduleResolver,
  ScheduleEventsResolver,
  EventResolver,
  AssetResolver,
  ScheduleChecksResolver,
  EventAssetResolver,
  ValidationResultResolver,
  EventsSummaryAssetsResolver,
  CheckMutationResolver,
  JobResolver,
  ReportingResolver,
  TelemetryResolver,
];
