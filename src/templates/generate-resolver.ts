// Mutation.generateSchedule: a template's broadcast days generated as a job into a new change set
// of the schedule (never its live events); the job's entityId is that change set.
import { Arg, Ctx, Field, ID, InputType, Int, Mutation, Resolver } from "type-graphql";
import { callerOf, type Context } from "../common/context.js";
import { Job } from "../jobs/index.js";
import { MAX_GENERATED_DAYS } from "./generation.js";

@InputType({ description: "What to generate: a template's broadcast days into a draft of a schedule" })
export class GenerateScheduleInput {
  @Field(() => ID, { description: "The template whose slots make the days (of the schedule's organization)" }) templateId!: string;
  @Field(() => ID, { description: "The schedule whose draft (a new change set, counted against MAX_OPEN_CHANGE_SETS) receives the generated days" }) scheduleId!: string;
  @Field(() => String, { description: "The first broadcast date, YYYY-MM-DD, in the template's zone and broadcast day" }) from!: string;
  @Field(() => Int, { description: `How many broadcast days, 1 to ${MAX_GENERATED_DAYS}` }) days!: number;
  @Field(() => Int, { defaultValue: 0, description: "Seeds SHUFFLE and RANDOM: the same template version, seed and catalog generate the same draft" }) seed!: number;
  @Field(() => String, { nullable: true }) organization?: string | null;
}

@Resolver()
export class GenerationResolver {
  @Mutation(() => Job, {
    description:
      "Generates broadcast days from a template as a job (SCHEDULE_GENERATE, progress per day, cancellable) into a new change set of the schedule, whose id is the job's entityId: review its diff and validation, edit it, apply it. The draft's events starting in those days are replaced; other days stay. The job's messages name every gap filled, placeholder made and item dropped or trimmed",
  })
  generateSchedule(@Ctx() ctx: Context, @Arg("input", () => GenerateScheduleInput) input: GenerateScheduleInput): Promise<Job> {
    return ctx.services.generation.generate(callerOf(ctx), input);
  }
}
