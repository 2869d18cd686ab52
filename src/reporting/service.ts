// Reporting: every figure of O1–O20 from the registry and the measurements. Reads only the
// organizations the caller may see; windows and buckets follow ./window.ts.
import { sql } from "drizzle-orm";
import { requireRole, scopeOrganization, scopeOrganizations, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import { pageRequest, type PageRequest, type SortSpec } from "../common/paging.js";
import { queryRows, type Database } from "../db/client.js";
import { HEALTH_FIGURE_NAMES } from "../telemetry/index.js";
import { billingRun, type BillingRunResult } from "./billing.js";
import {
  bucketOf,
  checkPlayoutIds,
  inScope,
  list,
  playoutBucketRows,
  playoutBuckets,
  playoutUsageRows,
  ts,
  type OrgScope,
  type PlayoutFilter,
  type Source,
} from "./figures.js";
import { toBillingUsage, toDate, toLicenceUsage, toOrganization, toPlayoutHistory, toPlayoutUsageRecords, toRegionStreamStats, type BillingRow, type OrganizationRow, type StreamStatsRow } from "./mapper.js";
import { pageClause, pageOf, sqlListing, type Listing } from "./listing.js";
import { historyGroups, knownOrganizationIds, organizationSummaries } from "./organizations.js";
import type {
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
import { parseWindow, type Window } from "./window.js";

export interface HistoryArgs {
  organizations?: string[] | null;
  providerId?: string | null;
  channelIds?: string[] | null;
  includeData?: string[] | null;
  window: TimeWindowInput;
}

/** The orders of the lists that have a paged sibling, as their pages name them. */
const BY_ADDRESS: SortSpec[] = [{ property: "ip", direction: "ASC" }, { property: "port", direction: "ASC" }];
const NEWEST_DAY_FIRST: SortSpec[] = [{ property: "executionDate", direction: "DESC" }];
const BY_DAY: SortSpec[] = [{ property: "timeStamp", direction: "ASC" }, { property: "organization", direction: "ASC" }, { property: "type", direction: "ASC" }];

const DAY_SECONDS = 86_400;
/** In SQL as a literal: the day expression is the same text in every statement. */
const DAY = sql.raw(String(DAY_SECONDS));

export class ReportingService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
  ) {}

  /** A checked window whose playoutIds are all registered playouts of the scope. */
  private async window(input: TimeWindowInput, scope: OrgScope): Promise<Window> {
    const window = parseWindow(input);
    await checkPlayoutIds(this.db, window, scope);
    return window;
  }

  /** O1: downloads summed per (ip, port) over the whole window (the record has no time field). */
  async cacheDownloads(viewer: Viewer, organization: string, input: TimeWindowInput): Promise<CacheDownloadRecord[]> {
    return (await this.cacheDownloadListing(viewer, organization, input)).items();
  }

  /** The records of cacheDownloads, a page at a time. */
  async cacheDownloadPage(viewer: Viewer, organization: string, input: TimeWindowInput, page?: number | null, size?: number | null, withTotal = true): Promise<CacheDownloadPage> {
    const request = pageRequest(page, size, this.maxPageSize);
    return pageOf(await this.cacheDownloadListing(viewer, organization, input), request, BY_ADDRESS, withTotal);
  }

  private async cacheDownloadListing(viewer: Viewer, organization: string, input: TimeWindowInput): Promise<Listing<CacheDownloadRecord>> {
    const org = scopeOrganization(viewer, organization);
    const window = await this.window(input, [org]);
    const byPlayout = window.playoutIds ? sql`and playout_name in (select playout_name from playouts where playout_id in ${list(window.playoutIds)})` : sql``;
    return sqlListing<{ ip: string; port: string | null; count: number; size: number; names: string[] | null }, CacheDownloadRecord>(
      this.db,
      sql`select ip, port, sum(count)::int8 as count, sum(size)::int8 as size,
          array_remove(array_agg(distinct playout_name order by playout_name), null) as names
        from cache_downloads where organization = ${org} and time >= ${ts(window.from)} and time < ${ts(window.to)} ${byPlayout}
        group by ip, port`,
      sql`ip, port nulls first`,
      (r) => ({ ip: r.ip, port: r.port, count: Number(r.count), size: Number(r.size), playoutNames: r.names ?? [] }),
    );
  }

  /** O2: health figures averaged per playout per bucket. */
  async playoutHistory(viewer: Viewer, args: HistoryArgs, force?: Source): Promise<PlayoutHistoryRecord[]> {
    const filter = this.historyFilter(viewer, args);
    const wanted = new Set(args.includeData ?? HEALTH_FIGURE_NAMES);
    for (const name of wanted) if (!HEALTH_FIGURE_NAMES.includes(name)) throw badInput(`includeData: unknown figure "${name}"; known: ${HEALTH_FIGURE_NAMES.join(", ")}`, { argument: "includeData" });
    const window = await this.window(args.window, filter.organizations);
    const rows = await playoutBucketRows(this.db, window, filter, force);
    return rows.map((r) => toPlayoutHistory(r, wanted));
  }

  /** O3: registered playouts grouped by provider, with every name seen. */
  async playoutHistoryGroups(viewer: Viewer, organizations?: string[] | null, providerId?: string | null): Promise<PlayoutHistoryGroup[]> {
    return historyGroups(this.db, scopeOrganizations(viewer, organizations), providerId ?? null);
  }

  /** O4: uptime and downtime per playout licence per bucket. */
  async licenceUsage(viewer: Viewer, organization: string, input: TimeWindowInput, force?: Source): Promise<LicenceUsageRecord[]> {
    const org = scopeOrganization(viewer, organization);
    const window = await this.window(input, [org]);
    return (await playoutBucketRows(this.db, window, { organizations: [org] }, force, false)).map(toLicenceUsage);
  }

  /** O5: uptime and downtime per playout per bucket. */
  async playoutUsage(viewer: Viewer, organization: string, input: TimeWindowInput, force?: Source): Promise<PlayoutUsageRecord[]> {
    const org = scopeOrganization(viewer, organization);
    const window = await this.window(input, [org]);
    return toPlayoutUsageRecords(await playoutUsageRows(this.db, window, { organizations: [org] }, force));
  }

  /** O6: as O5 over several organizations (default: every one the caller sees). */
  async playoutUptime(viewer: Viewer, organizations: string[] | null | undefined, input: TimeWindowInput, force?: Source): Promise<PlayoutUsageRecord[]> {
    const scope = scopeOrganizations(viewer, organizations);
    const window = await this.window(input, scope);
    return toPlayoutUsageRecords(await playoutUsageRows(this.db, window, { organizations: scope }, force));
  }

  /** O7: names of the playouts behind an ip: from cache downloads and from registered playouts with samples, in the window. */
  async playoutNamesByIp(viewer: Viewer, ip: string, organization: string, input: TimeWindowInput): Promise<string[]> {
    const org = scopeOrganization(viewer, organization);
    const window = await this.window(input, [org]);
    const byId = (column: string) => (window.playoutIds ? sql`and ${sql.raw(column)} in ${list(window.playoutIds)}` : sql``);
    const rows = await queryRows<{ name: string }>(
      this.db,
      sql`select name from (
          select playout_name as name from cache_downloads
            where organization = ${org} and ip = ${ip} and time >= ${ts(window.from)} and time < ${ts(window.to)}
              ${window.playoutIds ? sql`and playout_name in (select playout_name from playouts where playout_id in ${list(window.playoutIds)})` : sql``}
          union
          select p.playout_name from playouts p where p.organization = ${org} and p.ip = ${ip} ${byId("p.playout_id")}
            and exists (select 1 from playout_samples s where s.playout_id = p.playout_id and s.time >= ${ts(window.from)} and s.time < ${ts(window.to)})
        ) names where name is not null order by name`,
    );
    return rows.map((r) => r.name);
  }

  /** O8 */
  async generateBillingUsage(viewer: Viewer, organization: string, input: TimeWindowInput): Promise<BillingRunResult> {
    requireRole(viewer, "admin");
    const org = scopeOrganization(viewer, organization);
    return billingRun(this.db, [org], parseWindow(input));
  }

  /** O9: every organization the caller may see that the registry knows. */
  async generateAllBillingUsage(viewer: Viewer, input: TimeWindowInput): Promise<BillingRunResult> {
    requireRole(viewer, "admin");
    const window = parseWindow(input);
    const orgs = await knownOrganizationIds(this.db, viewer, false);
    return billingRun(this.db, orgs, window);
  }

  /** O10: the latest storage snapshot inside each bucket. */
  async storageUsage(viewer: Viewer, organization: string, input: TimeWindowInput): Promise<StorageRecord[]> {
    const org = scopeOrganization(viewer, organization);
    const window = parseWindow(input);
    const rows = await queryRows<{ bucket: string | Date; count: number; size: number }>(
      this.db,
      sql`select distinct on (bucket) ${bucketOf(window, sql`time`)} as bucket, count, size from storage_snapshots
        where organization = ${org} and time >= ${ts(window.from)} and time < ${ts(window.to)} order by bucket, time desc, id desc`,
    );
    return rows.map((r) => ({ organization: org, timeStamp: toDate(r.bucket), count: Number(r.count), size: Number(r.size) }));
  }

  /**
   * O11: executions of the caller's organizations (a platform token: every one, and the platform's
   * own) grouped by UTC day, newest day first, newest execution first.
   */
  async executionDays(viewer: Viewer, from: Date, to?: Date | null): Promise<ExecutionDay[]> {
    return this.executionDayListing(viewer, from, to).items();
  }

  /** The days of executionDays, a page at a time: a page holds whole days (every execution of each). */
  async executionDayPage(viewer: Viewer, from: Date, to?: Date | null, page?: number | null, size?: number | null, withTotal = true): Promise<ExecutionDayPage> {
    const request = pageRequest(page, size, this.maxPageSize);
    return pageOf(this.executionDayListing(viewer, from, to), request, NEWEST_DAY_FIRST, withTotal);
  }

  /**
   * The items are UTC days, not rows: a page is a page of the distinct days that have executions
   * (LIMIT and OFFSET over them, newest first), and the executions read are those from the page's
   * oldest day to its newest. Those days are consecutive among the days with executions, so that
   * range holds exactly the page's days; the executions are then grouped by day as they come.
   */
  private executionDayListing(viewer: Viewer, from: Date, to?: Date | null): Listing<ExecutionDay> {
    if (to && from.getTime() >= to.getTime()) throw badInput("from must be before to", { argument: "from" });
    const where = sql`${inScope(sql`organization`, viewer.orgs)} and execution_time >= ${ts(from)} ${to ? sql`and execution_time < ${ts(to)}` : sql``}`;
    const day = sql`floor(extract(epoch from execution_time) / ${DAY})::int8`;
    const read = (page?: PageRequest) => {
      const days = page
        ? sql`with days as (select distinct ${day} as day from executions where ${where} order by day desc ${pageClause(page)})`
        : sql``;
      const ofPage = page
        ? sql`and execution_time >= to_timestamp((select min(day) from days) * ${DAY})
            and execution_time < to_timestamp(((select max(day) from days) + 1) * ${DAY})`
        : sql``;
      return queryRows<ExecutionRow>(
        this.db,
        sql`${days} select organization, execution_id, duration, execution_time, success, type from executions
          where ${where} ${ofPage}
          order by execution_time desc, organization, execution_id`,
      );
    };
    return {
      items: async (page) => groupByDay(await read(page)),
      count: async () => Number((await queryRows<{ n: number }>(this.db, sql`select count(distinct ${day})::int8 as n from executions where ${where}`))[0].n),
    };
  }

  /** O13: the latest snapshot of each region: platform records, read by every caller (any authenticated one: hence the Viewer). */
  async regionStreamStats(_viewer: Viewer): Promise<RegionStreamStats[]> {
    const rows = await queryRows<StreamStatsRow>(
      this.db,
      sql`select distinct on (region) region, time, active_stream_count, stream_count, webrtc_stats from stream_stats order by region, time desc, id desc`,
    );
    return rows.map(toRegionStreamStats);
  }

  /** O14: stored usage records in the window, of the organizations the caller may see. */
  async billingUsage(viewer: Viewer, input: TimeWindowInput): Promise<BillingUsageRecord[]> {
    return this.billingUsageListing(viewer, input).items();
  }

  /** The records of billingUsage, a page at a time. */
  async billingUsagePage(viewer: Viewer, input: TimeWindowInput, page?: number | null, size?: number | null, withTotal = true): Promise<BillingUsagePage> {
    const request = pageRequest(page, size, this.maxPageSize);
    return pageOf(this.billingUsageListing(viewer, input), request, BY_DAY, withTotal);
  }

  private billingUsageListing(viewer: Viewer, input: TimeWindowInput): Listing<BillingUsageRecord> {
    const window = parseWindow(input);
    const scope = viewer.orgs;
    return sqlListing<BillingRow, BillingUsageRecord>(
      this.db,
      sql`select organization, type, time_stamp, customer_id, product_code, playout_uptime, storage_amount, bandwidth, platform, reported
        from billing_usage where ${inScope(sql`organization`, scope)} and time_stamp >= ${ts(window.from)} and time_stamp < ${ts(window.to)}`,
      // The table's key: a total order.
      sql`time_stamp, organization, type`,
      toBillingUsage,
    );
  }

  /** O15 */
  async organizations(viewer: Viewer): Promise<OrganizationRecord[]> {
    const scope = viewer.orgs;
    const rows = await queryRows<OrganizationRow>(this.db, sql`select * from organizations where ${inScope(sql`organization_id`, scope)} order by organization_id`);
    return rows.map(toOrganization);
  }

  /** O16: uptime per channel per bucket, summed over the channel's playouts. */
  async channelUptime(viewer: Viewer, args: HistoryArgs, force?: Source): Promise<ChannelUptimeRecord[]> {
    const filter = this.historyFilter(viewer, args);
    const window = await this.window(args.window, filter.organizations);
    const rows = await queryRows<{
      channel_id: string; organization: string; bucket: string | Date; uptime: number; playouts: number; playout_id: string; playout_name: string | null;
      channel_name: string | null; provider_id: string | null; provider_name: string | null; organization_name: string | null;
    }>(
      this.db,
      sql`select p.channel_id, p.organization, b.bucket, sum(b.up_seconds)::int8 as uptime, count(*)::int as playouts,
          min(p.playout_id) as playout_id, min(p.playout_name) as playout_name,
          min(c.channel_name) as channel_name, min(coalesce(c.provider_id, p.provider_id)) as provider_id, min(pr.provider_name) as provider_name, min(o.name) as organization_name
        from (${playoutBuckets(window, filter, force, false)}) as b
        join playouts p on p.playout_id = b.playout_id
        left join channels c on c.channel_id = p.channel_id and c.organization = p.organization
        left join providers pr on pr.provider_id = coalesce(c.provider_id, p.provider_id)
        left join organizations o on o.organization_id = p.organization
        where p.channel_id is not null
        group by p.channel_id, p.organization, b.bucket order by b.bucket, p.channel_id, p.organization`,
    );
    return rows.map((r) => {
      const time = toDate(r.bucket);
      const one = Number(r.playouts) === 1;
      return {
        channelId: r.channel_id, channelName: r.channel_name, organization: r.organization, organizationName: r.organization_name,
        playoutId: one ? r.playout_id : null, playoutName: one ? r.playout_name : null, providerId: r.provider_id, providerName: r.provider_name,
        time, timeStamp: time, uptime: Number(r.uptime),
      };
    });
  }

  /** O17 */
  async organizationIds(viewer: Viewer): Promise<string[]> {
    return knownOrganizationIds(this.db, viewer, true);
  }

  /** O18 */
  async organizationSummaries(viewer: Viewer): Promise<OrganizationSummary[]> {
    const ids = await knownOrganizationIds(this.db, viewer, true);
    return organizationSummaries(this.db, ids);
  }

  /** O19: totals over the window and playout states at its edges. */
  async uptimeTotals(viewer: Viewer, organization: string, input: TimeWindowInput, force?: Source): Promise<UptimeTotals> {
    const org = scopeOrganization(viewer, organization);
    const window = await this.window({ ...input, period: null, periodType: null }, [org]);
    const filter: PlayoutFilter = { organizations: [org] };
    const [[totals], [edges]] = await Promise.all([
      queryRows<{ up: number | null; down: number | null }>(this.db, sql`select sum(up_seconds)::int8 as up, sum(down_seconds)::int8 as down from (${playoutBuckets(window, filter, force, false)}) b`),
      queryRows<Record<string, number>>(this.db, edgeStates(org, window)),
    ]);
    return {
      totalUptime: Number(totals?.up ?? 0),
      totalDowntime: Number(totals?.down ?? 0),
      activeOnPeriodStart: Number(edges.active_start),
      inActiveOnPeriodStart: Number(edges.inactive_start),
      activeOnPeriodEnd: Number(edges.active_end),
      inActiveOnPeriodEnd: Number(edges.inactive_end),
    };
  }

  /** O20: the named organization, or the caller's only one. */
  async organizationSummary(viewer: Viewer, organization?: string | null): Promise<OrganizationSummary> {
    const org = scopeOrganization(viewer, organization);
    const [summary] = await organizationSummaries(this.db, [org]);
    return summary;
  }

  private historyFilter(viewer: Viewer, args: HistoryArgs): PlayoutFilter {
    const organizations = scopeOrganizations(viewer, args.organizations);
    return { organizations, providerId: args.providerId ?? null, channelIds: args.channelIds?.length ? args.channelIds : null };
  }
}

type ExecutionRow = { organization: string; execution_id: string; duration: number | null; execution_time: string | Date; success: boolean; type: string | null };

/** Executions, newest first, grouped by UTC day in that order. */
function groupByDay(rows: ExecutionRow[]): ExecutionDay[] {
  const days = new Map<number, ExecutionDay>();
  for (const r of rows) {
    const time = toDate(r.execution_time);
    const day = Math.floor(time.getTime() / (DAY_SECONDS * 1000)) * DAY_SECONDS * 1000;
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { executionDate: new Date(day), success: true, executions: [] }));
    entry.executions.push({ organization: r.organization, executionId: r.execution_id, duration: r.duration === null ? null : Number(r.duration), success: r.success, timeStamp: time, type: r.type });
    entry.success &&= r.success;
  }
  return [...days.values()];
}

/**
 * For each playout of the organization, the latest sample starting at or before an instant,
 * kept when it still covers that instant: up (playback > 0) or not. Instants: from, and the last
 * second before to.
 */
function edgeStates(org: string, window: Window) {
  const at = (instant: Date, name: string) => sql`cross join lateral (
      select coalesce(s.playback > 0, false) as up, s.time + s.interval_seconds * interval '1 second' > ${ts(instant)} as covers
      from playout_samples s where s.playout_id = p.playout_id and s.time <= ${ts(instant)} order by s.time desc limit 1
    ) as ${sql.raw(name)}`;
  const end = new Date(window.to.getTime() - 1000);
  const only = window.playoutIds ? sql`and p.playout_id in ${list(window.playoutIds)}` : sql``;
  return sql`select
      (select count(*) from playouts p ${at(window.from, "st")} where p.organization = ${org} ${only} and st.covers and st.up)::int as active_start,
      (select count(*) from playouts p ${at(window.from, "st")} where p.organization = ${org} ${only} and st.covers and not st.up)::int as inactive_start,
      (select count(*) from playouts p ${at(end, "st")} where p.organization = ${org} ${only} and st.covers and st.up)::int as active_end,
      (select count(*) from playouts p ${at(end, "st")} where p.organization = ${org} ${only} and st.covers and not st.up)::int as inactive_end`;
}
