import GraphQLUpload from "graphql-upload/GraphQLUpload.mjs";
import type { FileUpload } from "graphql-upload/Upload.mjs";
import { Job } from "../jobs/index.js";
import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { AS_RUN_ENTRY_READS } from "./mapper.js";
import { OrganizationArgs } from "../common/graphql-args.js";
import { Schedule } from "../schedules/index.js";
import { callerOf, type Context } from "../common/context.js";
import { AsRunEntryInput, AsRunExportFormat, AsRunEntryPage, AsRunIngestResult, AsRunPageArgs, AsRunReconciliation, ReconciliationState } from "./types.js";

@Resolver(() => Schedule)
export class ScheduleAsRunResolver {
  @FieldResolver(() => AsRunEntryPage, { description: "The as-run entries ingested for this schedule, in actualStart order, paged" })
  asRun(@Root() schedule: Schedule, @Ctx() ctx: Context, @Args(() => AsRunPageArgs) args: AsRunPageArgs, @Info() info?: GraphQLResolveInfo): Promise<AsRunEntryPage> {
    return ctx.services.asRun.page(callerOf(ctx), schedule, args, AS_RUN_ENTRY_READS.planFor(info, "content"), pageNeedsTotal(info));
  }
}

@Resolver()
export class AsRunResolver {
  @Mutation(() => AsRunIngestResult, {
    description: "What aired (admin or playout role): up to 10,000 entries, one transaction; idempotent by entryId; an entryId stored with other content is CONFLICT",
  })
  ingestAsRun(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("entries", () => [AsRunEntryInput]) entries: AsRunEntryInput[],
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<AsRunIngestResult> {
    return ctx.services.asRun.ingest(callerOf(ctx), scheduleId, entries, organization);
  }

  @Query(() => AsRunReconciliation, { description: "Planned against aired per event in [from, to) (docs/ASRUN.md), paged like events, with the summary of the whole window" })
  asRunReconciliation(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("from", () => Date, { nullable: true, description: "Planned (and aired) at or after; default: the first event" }) from?: Date,
    @Arg("to", () => Date, { nullable: true, description: "Planned (and aired) before; default: after the last event" }) to?: Date,
    @Arg("toleranceMs", () => Int, { defaultValue: 0, description: "Deviations up to this many ms count as ON_TIME (at most a day)" }) toleranceMs?: number,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
    @Arg("page", () => Int, { nullable: true, description: "0-based; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "default 20, at most 1000" }) size?: number,
    @Arg("states", () => [ReconciliationState], { nullable: true, description: "List only rows of these states (the summary counts every row)" }) states?: ReconciliationState[],
  ): Promise<AsRunReconciliation> {
    return ctx.services.asRun.reconciliation(callerOf(ctx), scheduleId, { from, to, toleranceMs, page, size, states }, organization);
  }

  @Mutation(() => Job, { description: "An AS_RUN_IMPORT job storing the entries of an as-run CSV (docs/ASRUN.md \"Files\"); admin or playout role" })
  importAsRun(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("file", () => GraphQLUpload) file: Promise<FileUpload>,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Job> {
    return ctx.services.asRun.importFile(callerOf(ctx), scheduleId, file, organization);
  }

  @Mutation(() => Job, { description: "An AS_RUN_RECONCILIATION_EXPORT job writing asRunReconciliation's rows and summary as CSV or JSON, or the window's as-run entries as a BXF AsRun message" })
  exportAsRunReconciliation(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("fileName", () => String, { description: "Name of the file (the format's extension is added when it has none)" }) fileName: string,
    @Arg("format", () => AsRunExportFormat, { defaultValue: AsRunExportFormat.CSV }) format: AsRunExportFormat,
    @Arg("from", () => Date, { nullable: true }) from?: Date,
    @Arg("to", () => Date, { nullable: true }) to?: Date,
    @Arg("toleranceMs", () => Int, { defaultValue: 0 }) toleranceMs?: number,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
  ): Promise<Job> {
    return ctx.services.asRun.exportReconciliation(callerOf(ctx), scheduleId, fileName, format, { from, to, toleranceMs }, organization);
  }
}
