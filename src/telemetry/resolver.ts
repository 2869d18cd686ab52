import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import { ResultMessage } from "../common/graphql-types.js";
import { callerOf, type Context } from "../common/context.js";
import { ExecutionReportInput, IngestResult, TelemetryBatchInput } from "./types.js";

@Resolver()
export class TelemetryResolver {
  @Mutation(() => IngestResult, { description: "Registry records upserted, measurements appended; one transaction (role admin)" })
  ingestTelemetry(@Ctx() ctx: Context, @Arg("batch", () => TelemetryBatchInput) batch: TelemetryBatchInput): Promise<IngestResult> {
    return ctx.services.telemetry.ingest(callerOf(ctx), batch);
  }

  @Mutation(() => ResultMessage, { description: "Records an execution; the same executionId again replaces it (role admin)" })
  reportExecution(@Ctx() ctx: Context, @Arg("input", () => ExecutionReportInput) input: ExecutionReportInput): Promise<ResultMessage> {
    return ctx.services.telemetry.reportExecution(callerOf(ctx), input);
  }
}
