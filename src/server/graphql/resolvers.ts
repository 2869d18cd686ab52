// Every resolver class of every slice; the schema is built from this list.
import type { NonEmptyArray } from "type-graphql";
import { AssetResolver } from "../../assets/resolver.js";
import { ChangeSetDiffResolver, ChangeSetResolver } from "../../changesets/resolver.js";
import { ChangeSetChecksResolver, ScheduleIntroducedIssuesResolver, EventAssetResolver, EventsSummaryAssetsResolver, ScheduleChecksResolver, ValidationResultResolver } from "../../checks/resolver.js";
import { EventResolver, ScheduleEventsResolver } from "../../events/resolver.js";
import { EventFixResolver } from "../../events/marks-resolver.js";
import { IoResolver } from "../../io/resolver.js";
import { JobResolver } from "../../jobs/resolver.js";
import { ReportingResolver } from "../../reporting/resolver.js";
import { ScheduleResolver } from "../../schedules/resolver.js";
import { EventScte35Resolver, Scte35Resolver, Scte35SignalResolver } from "../../scte35/resolver.js";
import { TelemetryResolver } from "../../telemetry/resolver.js";
import { EventTimecodeResolver } from "../../events/timecode-resolver.js";
import { EventLocalTimeResolver } from "../../events/local-time-resolver.js";
import { BroadcastDayResolver, ScheduleBroadcastDayResolver } from "../../events/broadcast-day.js";
import { ScheduleHistoryEntryResolver, ScheduleHistoryResolver } from "../../history/resolver.js";
import { AsRunResolver, ScheduleAsRunResolver } from "../../asrun/resolver.js";
import { AssetCollectionResolver, CollectionItemResolver } from "../../collections/resolver.js";
import { ScheduleTemplateResolver } from "../../templates/resolver.js";
import { GenerationResolver } from "../../templates/generate-resolver.js";

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- type-graphql takes class constructors
export const RESOLVERS: NonEmptyArray<Function> = [
  ScheduleResolver,
  ScheduleEventsResolver,
  EventResolver,
  ChangeSetResolver,
  ChangeSetDiffResolver,
  AssetResolver,
  ScheduleChecksResolver,
  ChangeSetChecksResolver,
  ScheduleIntroducedIssuesResolver,
  EventAssetResolver,
  ValidationResultResolver,
  EventsSummaryAssetsResolver,
  EventFixResolver,
  JobResolver,
  IoResolver,
  ReportingResolver,
  TelemetryResolver,
  EventTimecodeResolver,
  EventLocalTimeResolver,
  ScheduleBroadcastDayResolver,
  BroadcastDayResolver,
  EventScte35Resolver,
  Scte35SignalResolver,
  Scte35Resolver,
  ScheduleHistoryResolver,
  ScheduleHistoryEntryResolver,
  AsRunResolver,
  ScheduleAsRunResolver,
  AssetCollectionResolver,
  CollectionItemResolver,
  ScheduleTemplateResolver,
  GenerationResolver,
];
