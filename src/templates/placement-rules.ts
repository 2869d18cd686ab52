// The traffic rules a generated item must keep (docs/CHECKS.md "Rights and separation"): its asset's
// rights windows (time, channel, run caps in the window and per broadcast day) and the schedule's
// separation (least time between two starts of the same asset, advertiser, product category). The
// day planner asks before it places an item and tells after; an item a rule refuses is swapped for
// another of its collection, or left out, and the rule is named. Pure. It is stricter than
// validation where that keeps a generated day clean: a run counts against a cap wherever it falls
// in the window, and separation looks both ways.
import { listsChannel, windowHolds, windowsOf, type SeparationMs } from "../traffic/index.js";
import type { CatalogItem } from "./plan-types.js";

export type PlacementRule = "OUTSIDE_WINDOW" | "CHANNEL" | "MAX_RUNS" | "MAX_RUNS_PER_DAY" | "SEPARATION_ASSET" | "SEPARATION_ADVERTISER" | "SEPARATION_CATEGORY";

export interface PlacementContext {
  /** The schedule's channel (null: only windows that list no channel let an item air). */
  channel: string | null;
  separation: SeparationMs;
  /** The broadcast date of an instant, on the schedule's clock. */
  broadcastDate: (ms: number) => string;
  /** Starts already taken by each asset key on the channel: other schedules, the draft's kept days. */
  runs: Map<string, number[]>;
}

/** What the rules read of an item: its asset's identity and traffic fields. */
type Ruled = Pick<CatalogItem, "mediaId" | "assetId" | "rights" | "advertiser" | "productCategory">;

const keyOf = (item: Ruled): string | null => item.assetId ?? item.mediaId;

export class PlacementRules {
  private readonly runs: Map<string, number[]>;
  /** Starts placed so far, per separation rule and value. */
  private readonly starts: Record<"ASSET" | "ADVERTISER" | "CATEGORY", Map<string, number[]>> = { ASSET: new Map(), ADVERTISER: new Map(), CATEGORY: new Map() };

  constructor(private readonly context: PlacementContext) {
    this.runs = new Map([...context.runs].map(([key, starts]) => [key, [...starts]]));
  }

  /** The rule that refuses the item at `start`, or null when it may air there. */
  refusal(item: Ruled, start: number): PlacementRule | null {
    const windows = windowsOf(item);
    if (windows.length) {
      const inTime = windows.filter((w) => windowHolds(w, start));
      if (inTime.length === 0) return "OUTSIDE_WINDOW";
      const here = inTime.filter((w) => listsChannel(w, this.context.channel));
      if (here.length === 0) return "CHANNEL";
      const taken = this.runs.get(keyOf(item) ?? "") ?? [];
      const day = this.context.broadcastDate(start);
      for (const w of here) {
        if (w.maxRuns !== null && taken.filter((t) => windowHolds(w, t)).length >= w.maxRuns) return "MAX_RUNS";
        if (w.maxRunsPerDay !== null && taken.filter((t) => windowHolds(w, t) && this.context.broadcastDate(t) === day).length >= w.maxRunsPerDay) return "MAX_RUNS_PER_DAY";
      }
    }
    for (const [rule, ms, value] of this.separations(item)) {
      if (ms > 0 && value && (this.starts[rule].get(value) ?? []).some((t) => Math.abs(t - start) < ms)) return `SEPARATION_${rule}`;
    }
    return null;
  }

  /** The item was placed at `start`: it counts against its caps and separations from now on. */
  placed(item: Ruled, start: number): void {
    const key = keyOf(item);
    if (key !== null && (item.rights ?? []).length) appendTo(this.runs, key, start);
    for (const [rule, ms, value] of this.separations(item)) if (ms > 0 && value) appendTo(this.starts[rule], value, start);
  }

  private separations(item: Ruled): ["ASSET" | "ADVERTISER" | "CATEGORY", number, string | null | undefined][] {
    const { sameAssetMinMs, sameAdvertiserMinMs, sameCategoryMinMs } = this.context.separation;
    return [
      ["ASSET", sameAssetMinMs, keyOf(item)],
      ["ADVERTISER", sameAdvertiserMinMs, item.advertiser],
      ["CATEGORY", sameCategoryMinMs, item.productCategory],
    ];
  }
}

/** Adds a start to the list kept under `key` (in place: a month's runs, not a copy per run). */
function appendTo(lists: Map<string, number[]>, key: string, start: number): void {
  const list = lists.get(key);
  if (list) list.push(start);
  else lists.set(key, [start]);
}
