import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { OrganizationArgs } from "../common/graphql-args.js";
import { Link } from "../common/graphql-types.js";
import { callerOf, type Context } from "../common/context.js";
import { JOB_READS, underBaseUrl } from "./mapper.js";
import { Job, JobPage, JobStatus } from "./types.js";

@Resolver(() => Job)
export class JobResolver {
  @Query(() => [Job], { description: "Jobs the caller may see, newest first" })
  jobs(
    @Ctx() ctx: Context,
    @Arg("organizations", () => [String], { nullable: true, description: "Default: every organization the caller may see" }) organizations?: string[],
    @Arg("providerId", () => String, { nullable: true }) providerId?: string,
    @Arg("userId", () => String, { nullable: true, description: "Who started the job" }) userId?: string,
    @Arg("statuses", () => [JobStatus], { nullable: true }) statuses?: JobStatus[],
    @Arg("limit", () => Int, { nullable: true, description: "At most this many (default 100, at most 1000)" }) limit?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<Job[]> {
    return ctx.services.jobs.list(callerOf(ctx), { organizations, providerId, userId, statuses, limit }, JOB_READS.planFor(info));
  }

  @Query(() => JobPage, { description: "The jobs of jobs, a page at a time: the paged form of that list, newest first" })
  jobPage(
    @Ctx() ctx: Context,
    @Arg("organizations", () => [String], { nullable: true, description: "Default: every organization the caller may see" }) organizations?: string[],
    @Arg("providerId", () => String, { nullable: true, description: "Only jobs of this provider" }) providerId?: string,
    @Arg("userId", () => String, { nullable: true, description: "Who started the job" }) userId?: string,
    @Arg("statuses", () => [JobStatus], { nullable: true, description: "Only jobs in these states" }) statuses?: JobStatus[],
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Jobs per page; default 20, at most the page limit (1000)" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<JobPage> {
    return ctx.services.jobs.page(callerOf(ctx), { organizations, providerId, userId, statuses }, page, size, JOB_READS.planFor(info, "content"), pageNeedsTotal(info));
  }

  @Query(() => Job, { nullable: true, description: "One job, for polling; null when unknown or not visible" })
  job(@Ctx() ctx: Context, @Arg("id", () => ID) id: string, @Info() info?: GraphQLResolveInfo): Promise<Job | null> {
    return ctx.services.jobs.get(callerOf(ctx), id, JOB_READS.planFor(info));
  }

  @Mutation(() => Job, { description: "PENDING or PROCESSING → CANCELED (a running job stops at its next step); a finished job → CONFLICT" })
  cancelJob(@Ctx() ctx: Context, @Arg("id", () => ID) id: string): Promise<Job> {
    return ctx.services.jobs.cancel(callerOf(ctx), id);
  }

  // Every Job answered (by any slice) carries paths; these two make them URLs of this request.
  @FieldResolver(() => String, { nullable: true })
  resourceLink(@Root() job: Job, @Ctx() ctx: Context): string | null {
    return underBaseUrl(ctx.baseUrl, job.resourceLink);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Once SUCCEEDED with a file: a signed URL of that file that works without the Authorization header (for a link or window.open), any number of times until it expires after FILE_LINK_TTL_SECONDS; null otherwise",
  })
  downloadUrl(@Root() job: Job, @Ctx() ctx: Context): string | null {
    return job.resourceLink ? underBaseUrl(ctx.baseUrl, ctx.services.fileLinks.pathFor(job.id)) : null;
  }

  @FieldResolver(() => [Link])
  links(@Root() job: Job, @Ctx() ctx: Context): Link[] {
    return job.links.map((link) => ({ ...link, href: underBaseUrl(ctx.baseUrl, link.href) }));
  }

  @Mutation(() => Job, { description: "Archives a schedule: NOT_ARCHIVED → ARCHIVING (at once) → ARCHIVED (when the job succeeds)" })
  archiveSchedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Job> {
    return ctx.services.archive.archive(callerOf(ctx), id, organization);
  }

  @Mutation(() => Job, { description: "Restores archived schedules: ARCHIVED → UN_ARCHIVING (at once) → NOT_ARCHIVED; all or nothing" })
  restoreSchedules(
    @Ctx() ctx: Context,
    @Arg("ids", () => [ID]) ids: string[],
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Job> {
    return ctx.services.archive.restore(callerOf(ctx), ids, organization);
  }
}
