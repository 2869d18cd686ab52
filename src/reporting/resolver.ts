import type { GraphQLResolveInfo } from "graphql";
import { Arg, Ctx, Info, Int, Mutation, Query, Resolver } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { callerOf, type Context } from "../common/context.js";
import {
  BillingRun,
  BillingUsagePage,
  BillingUsageRecord,
  CacheDownloadPage,
  CacheDownloadRecord,
  ChannelUptimeRecord,
  ExecutionDay,
  ExecutionDayPage,
  LicenceUsageRecord,
  OrganizationRecord,
  OrganizationSummary,
  PlayoutHistoryGroup,
  PlayoutHistoryRecord,
  PlayoutUsageRecord,
  RegionStreamStats,
  StorageRecord,
  TimeWindowInput,
  UptimeTotals,
} from "./types.js";

const WINDOW = () => TimeWindowInput;
const window = { description: "[from, to), optional buckets of period × periodType aligned on from" };
const PAGE = { nullable: true, description: "Page number from 0; default 0" } as const;
const sizeOf = (items: string) => ({ nullable: true, description: `${items} per page; default 20, at most the page limit (1000)` }) as const;

@Resolver()
export class ReportingResolver {
  @Query(() => [CacheDownloadRecord], { description: "Cache downloads summed per (ip, port) over the window" })
  cacheDownloads(@Ctx() ctx: Context, @Arg("organization", () => String) organization: string, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.cacheDownloads(callerOf(ctx), organization, w);
  }

  @Query(() => CacheDownloadPage, { description: "The records of cacheDownloads, a page at a time: the paged form of that list, by ip then port" })
  cacheDownloadPage(
    @Ctx() ctx: Context,
    @Arg("organization", () => String, { description: "The organization whose downloads to sum" }) organization: string,
    @Arg("window", WINDOW, window) w: TimeWindowInput,
    @Arg("page", () => Int, PAGE) page?: number,
    @Arg("size", () => Int, sizeOf("Records")) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<CacheDownloadPage> {
    return ctx.services.reporting.cacheDownloadPage(callerOf(ctx), organization, w, page, size, pageNeedsTotal(info));
  }

  @Query(() => [PlayoutHistoryRecord], { description: "Health figures averaged per playout per bucket" })
  playoutHistory(
    @Ctx() ctx: Context,
    @Arg("window", WINDOW, window) w: TimeWindowInput,
    @Arg("organizations", () => [String], { nullable: true, description: "Default: every organization the caller sees" }) organizations?: string[],
    @Arg("providerId", () => String, { nullable: true }) providerId?: string,
    @Arg("channelIds", () => [String], { nullable: true }) channelIds?: string[],
    @Arg("includeData", () => [String], { nullable: true, description: "Health figure names to fill (others null); omitted = all" }) includeData?: string[],
  ) {
    return ctx.services.reporting.playoutHistory(callerOf(ctx), { organizations, providerId, channelIds, includeData, window: w });
  }

  @Query(() => [PlayoutHistoryGroup], { description: "Registered playouts per provider, with every name seen" })
  playoutHistoryGroups(
    @Ctx() ctx: Context,
    @Arg("organizations", () => [String], { nullable: true }) organizations?: string[],
    @Arg("providerId", () => String, { nullable: true }) providerId?: string,
  ) {
    return ctx.services.reporting.playoutHistoryGroups(callerOf(ctx), organizations, providerId);
  }

  @Query(() => [LicenceUsageRecord], { description: "Uptime and downtime per playout licence per bucket" })
  licenceUsage(@Ctx() ctx: Context, @Arg("organization", () => String) organization: string, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.licenceUsage(callerOf(ctx), organization, w);
  }

  @Query(() => [PlayoutUsageRecord], { description: "Uptime and downtime per playout per bucket" })
  playoutUsage(@Ctx() ctx: Context, @Arg("organization", () => String) organization: string, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.playoutUsage(callerOf(ctx), organization, w);
  }

  @Query(() => [PlayoutUsageRecord], { description: "As playoutUsage over several organizations" })
  playoutUptime(
    @Ctx() ctx: Context,
    @Arg("window", WINDOW, window) w: TimeWindowInput,
    @Arg("organizations", () => [String], { nullable: true, description: "Default: every organization the caller sees" }) organizations?: string[],
  ) {
    return ctx.services.reporting.playoutUptime(callerOf(ctx), organizations, w);
  }

  @Query(() => [String], { description: "Sorted distinct names of the playouts seen behind an ip in the window" })
  playoutNamesByIp(
    @Ctx() ctx: Context,
    @Arg("ip", () => String) ip: string,
    @Arg("organization", () => String) organization: string,
    @Arg("window", WINDOW, window) w: TimeWindowInput,
  ) {
    return ctx.services.reporting.playoutNamesByIp(callerOf(ctx), ip, organization, w);
  }

  @Mutation(() => BillingRun, { description: "Writes one DAILY usage record per UTC day the window touches (role admin)" })
  generateBillingUsage(@Ctx() ctx: Context, @Arg("organization", () => String) organization: string, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.generateBillingUsage(callerOf(ctx), organization, w);
  }

  @Mutation(() => BillingRun, { description: "As generateBillingUsage for every organization the caller sees (role admin)" })
  generateAllBillingUsage(@Ctx() ctx: Context, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.generateAllBillingUsage(callerOf(ctx), w);
  }

  @Query(() => [StorageRecord], { description: "The latest storage snapshot inside each bucket" })
  storageUsage(@Ctx() ctx: Context, @Arg("organization", () => String) organization: string, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.storageUsage(callerOf(ctx), organization, w);
  }

  @Query(() => [ExecutionDay], { description: "Executions per UTC day, newest first" })
  executionDays(@Ctx() ctx: Context, @Arg("from", () => Date) from: Date, @Arg("to", () => Date, { nullable: true, description: "Default: no end" }) to?: Date) {
    return ctx.services.reporting.executionDays(callerOf(ctx), from, to);
  }

  @Query(() => ExecutionDayPage, { description: "The days of executionDays, a page at a time: the paged form of that list, newest day first, each day whole" })
  executionDayPage(
    @Ctx() ctx: Context,
    @Arg("from", () => Date, { description: "First UTC day (included)" }) from: Date,
    @Arg("to", () => Date, { nullable: true, description: "Default: no end" }) to?: Date,
    @Arg("page", () => Int, PAGE) page?: number,
    @Arg("size", () => Int, sizeOf("Days")) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ExecutionDayPage> {
    return ctx.services.reporting.executionDayPage(callerOf(ctx), from, to, page, size, pageNeedsTotal(info));
  }

  @Query(() => [RegionStreamStats], { description: "The latest stream statistics of each region" })
  regionStreamStats(@Ctx() ctx: Context) {
    return ctx.services.reporting.regionStreamStats(callerOf(ctx));
  }

  @Query(() => [BillingUsageRecord], { description: "Stored usage records in the window" })
  billingUsage(@Ctx() ctx: Context, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.billingUsage(callerOf(ctx), w);
  }

  @Query(() => BillingUsagePage, { description: "The records of billingUsage, a page at a time: the paged form of that list, by day, organization and type" })
  billingUsagePage(
    @Ctx() ctx: Context,
    @Arg("window", WINDOW, window) w: TimeWindowInput,
    @Arg("page", () => Int, PAGE) page?: number,
    @Arg("size", () => Int, sizeOf("Records")) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<BillingUsagePage> {
    return ctx.services.reporting.billingUsagePage(callerOf(ctx), w, page, size, pageNeedsTotal(info));
  }

  @Query(() => [OrganizationRecord], { description: "Registered organizations the caller may see" })
  organizations(@Ctx() ctx: Context) {
    return ctx.services.reporting.organizations(callerOf(ctx));
  }

  @Query(() => [ChannelUptimeRecord], { description: "Uptime per channel per bucket, summed over its playouts" })
  channelUptime(
    @Ctx() ctx: Context,
    @Arg("window", WINDOW, window) w: TimeWindowInput,
    @Arg("organizations", () => [String], { nullable: true }) organizations?: string[],
    @Arg("providerId", () => String, { nullable: true }) providerId?: string,
    @Arg("channelIds", () => [String], { nullable: true }) channelIds?: string[],
    @Arg("includeData", () => [String], { nullable: true, description: "Accepted as in playoutHistory; uptime is always filled" }) includeData?: string[],
  ) {
    return ctx.services.reporting.channelUptime(callerOf(ctx), { organizations, providerId, channelIds, includeData, window: w });
  }

  @Query(() => [String], { description: "Organization ids the caller may see, sorted" })
  organizationIds(@Ctx() ctx: Context) {
    return ctx.services.reporting.organizationIds(callerOf(ctx));
  }

  @Query(() => [OrganizationSummary], { description: "A summary of each organization of organizationIds" })
  organizationSummaries(@Ctx() ctx: Context) {
    return ctx.services.reporting.organizationSummaries(callerOf(ctx));
  }

  @Query(() => UptimeTotals, { description: "Uptime totals over the window and playout states at its edges" })
  uptimeTotals(@Ctx() ctx: Context, @Arg("organization", () => String) organization: string, @Arg("window", WINDOW, window) w: TimeWindowInput) {
    return ctx.services.reporting.uptimeTotals(callerOf(ctx), organization, w);
  }

  @Query(() => OrganizationSummary, { description: "The summary of one organization (default: the caller's only one)" })
  organizationSummary(@Ctx() ctx: Context, @Arg("organization", () => String, { nullable: true }) organization?: string) {
    return ctx.services.reporting.organizationSummary(callerOf(ctx), organization);
  }
}
