// Rights windows and separation rules (docs/CHECKS.md "Rights and separation"), pure: from the
// events of the schedule validated, their catalog assets and the runs of the same assets on the
// same channel in the organization's other schedules to the issues. No database, no GraphQL.

/** A rights window as the catalog stores it (instants as ISO strings; null: open on that side). */
export interface RightsWindowRule {
  start: string | null;
  end: string | null;
  channels: string[];
  maxRuns: number | null;
  maxRunsPerDay: number | null;
}

/** What these rules read of a catalog asset. */
export interface RightsAsset {
  assetId: string;
  mediaId?: string | null;
  rights?: RightsWindowRule[];
  advertiser?: string | null;
  productCategory?: string | null;
}

export type RightsReasonValue = "OUTSIDE_WINDOW" | "CHANNEL" | "MAX_RUNS" | "MAX_RUNS_PER_DAY";
export type SeparationRuleValue = "ASSET" | "ADVERTISER" | "CATEGORY";

export interface RightsIssueValue {
  eventId: string;
  mediaId: string;
  reason: RightsReasonValue;
}

export interface SeparationIssueValue {
  eventId: string;
  otherEventId: string;
  rule: SeparationRuleValue;
  gapMs: number;
}

/** A run of another schedule of the organization on the same channel: its event id, absolute start and catalog asset. */
export interface OtherRun {
  id: number;
  onAirTime: number;
  assetId: string;
}

export interface SeparationMs {
  sameAssetMinMs: number;
  sameAdvertiserMinMs: number;
  sameCategoryMinMs: number;
}

export interface RightsInput {
  /** The schedule's events in air order: id, absolute start, asset key. */
  events: { id: number; onAirTime: number; assetKey: string | null }[];
  assets: Map<string, RightsAsset>;
  /** The schedule's channel (null: only windows with no channels let it air, and no other schedule shares its runs). */
  channel: string | null;
  /** The broadcast date (of the schedule's clock) of an instant. */
  broadcastDate: (ms: number) => string;
  /** Runs of the capped assets on the channel in the organization's other schedules. */
  otherRuns: OtherRun[];
  separation: SeparationMs;
}

const REASONS: RightsReasonValue[] = ["OUTSIDE_WINDOW", "CHANNEL", "MAX_RUNS", "MAX_RUNS_PER_DAY"];

/** A window with its bounds as ms (open sides as ±Infinity). */
export interface ParsedWindow extends RightsWindowRule {
  from: number;
  to: number;
}

const parsedWindows = new WeakMap<object, ParsedWindow[]>();
/** The windows of an asset (or of a catalog item carrying them) with their bounds parsed, once per object. */
export function windowsOf(asset: { rights?: RightsWindowRule[] }): ParsedWindow[] {
  let out = parsedWindows.get(asset);
  if (!out) {
    out = (asset.rights ?? []).map((w) => ({
      ...w,
      from: w.start === null ? -Infinity : Date.parse(w.start),
      to: w.end === null ? Infinity : Date.parse(w.end),
    }));
    parsedWindows.set(asset, out);
  }
  return out;
}

/** The window holds `t` ([start, end): the event's start decides, not its end). */
export const windowHolds = (w: ParsedWindow, t: number): boolean => t >= w.from && t < w.to;

/** The window lets the asset air on `channel` (no channels: any). */
export const listsChannel = (w: RightsWindowRule, channel: string | null) => w.channels.length === 0 || (channel !== null && w.channels.includes(channel));

/** An asset whose windows cap its runs (their runs are read from the other schedules). */
export const hasRunCaps = (asset: RightsAsset): boolean => (asset.rights ?? []).some((w) => w.maxRuns !== null || w.maxRunsPerDay !== null);

/** The issues found: counts, and the first `limit` of each list (null: all) made into objects when asked. */
export interface RightsAndSeparation {
  rightsCount: number;
  rightsIssues: (limit: number | null) => RightsIssueValue[];
  separationCount: number;
  separationIssues: (limit: number | null) => SeparationIssueValue[];
}

/** What the rules read of an asset, worked out once per asset per call (not per event). */
interface AssetRules {
  assetId: string;
  windows: ParsedWindow[];
  capped: boolean;
  /** The asset's value for each separation rule (ASSET, ADVERTISER, CATEGORY). */
  values: (string | null | undefined)[];
  /** Indexes (into the events) of its runs within a window on the channel, when capped. */
  runs: number[];
}

const RULES: SeparationRuleValue[] = ["ASSET", "ADVERTISER", "CATEGORY"];
const REASON_BIT: Record<RightsReasonValue, number> = { OUTSIDE_WINDOW: 1, CHANNEL: 2, MAX_RUNS: 4, MAX_RUNS_PER_DAY: 8 };

/**
 * The rights and separation issues, as steps (yields after each event; `step` counts it). Rights:
 * at most one issue per event and reason. Separation: an issue on the later of two consecutive
 * events (air order) sharing the value of a rule, closer than the rule. Issues are kept as numbers
 * (a schedule may hold tens of thousands) and become objects only for the entries answered.
 */
export function* rightsAndSeparation(input: RightsInput, step: () => number): Generator<number, RightsAndSeparation> {
  const { events, assets, channel } = input;
  const minMs = [input.separation.sameAssetMinMs, input.separation.sameAdvertiserMinMs, input.separation.sameCategoryMinMs];
  const active = [0, 1, 2].filter((rule) => minMs[rule] > 0);
  const reasons = new Uint8Array(events.length);
  let reasonCount = 0;
  const add = (index: number, reason: RightsReasonValue) => {
    const bit = REASON_BIT[reason];
    if ((reasons[index] & bit) === 0) reasonCount++;
    reasons[index] |= bit;
  };
  const rulesOf = new Map<RightsAsset, AssetRules>();
  const capped: AssetRules[] = [];
  // (event index, other event id, rule, gap) per separation issue.
  const separation: number[] = [];
  // The last event (its index) with each value, per rule.
  const last = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];

  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    // A turn to the caller every 1,024 events (each one still counted).
    const handled = step();
    if ((handled & 1023) === 0) yield handled;
    const asset = e.assetKey === null ? undefined : assets.get(e.assetKey);
    if (!asset) continue;
    let rules = rulesOf.get(asset);
    if (!rules) {
      rules = { assetId: asset.assetId, windows: windowsOf(asset), capped: hasRunCaps(asset), values: [asset.assetId, asset.advertiser, asset.productCategory], runs: [] };
      rulesOf.set(asset, rules);
      if (rules.capped) capped.push(rules);
    }
    for (const rule of active) {
      const value = rules.values[rule];
      if (value === null || value === undefined) continue;
      const previous = last[rule].get(value);
      if (previous !== undefined && e.onAirTime - events[previous].onAirTime < minMs[rule]) {
        separation.push(i, events[previous].id, rule, e.onAirTime - events[previous].onAirTime);
      }
      last[rule].set(value, i);
    }
    if (rules.windows.length === 0) continue;
    let inTime = false;
    let here = false;
    for (const w of rules.windows) {
      if (!windowHolds(w, e.onAirTime)) continue;
      inTime = true;
      if (listsChannel(w, channel)) here = true;
    }
    if (!inTime) add(i, "OUTSIDE_WINDOW");
    else if (!here) add(i, "CHANNEL");
    else if (rules.capped) rules.runs.push(i);
  }

  // The caps: every run of the asset on the channel in the window, in air order; those beyond the cap.
  const othersOf = new Map<string, OtherRun[]>();
  for (const r of input.otherRuns) {
    let list = othersOf.get(r.assetId);
    if (!list) othersOf.set(r.assetId, (list = []));
    list.push(r);
  }
  for (const rules of capped) {
    yield step();
    const own = rules.runs;
    const others = (othersOf.get(rules.assetId) ?? []).sort((a, b) => a.onAirTime - b.onAirTime || a.id - b.id);
    for (const w of rules.windows) {
      if (!listsChannel(w, channel) || (w.maxRuns === null && w.maxRunsPerDay === null)) continue;
      let runs = 0;
      let day = "";
      let onDay = 0;
      // The own runs (already in air order) merged with the others', counting both, marking the own.
      let o = 0;
      for (let k = 0; k <= own.length; k++) {
        const ownTime = k < own.length ? events[own[k]].onAirTime : Infinity;
        const ownId = k < own.length ? events[own[k]].id : Infinity;
        while (o < others.length && (others[o].onAirTime < ownTime || (others[o].onAirTime === ownTime && others[o].id < ownId))) {
          count(others[o++].onAirTime);
        }
        if (k === own.length) break;
        if (!count(ownTime)) continue;
        if (w.maxRuns !== null && runs > w.maxRuns) add(own[k], "MAX_RUNS");
        if (w.maxRunsPerDay !== null && onDay > w.maxRunsPerDay) add(own[k], "MAX_RUNS_PER_DAY");
      }
      // Counts a run at `t` when the window holds it (the day's count restarting on a new broadcast day).
      function count(t: number): boolean {
        if (!windowHolds(w, t)) return false;
        runs++;
        if (w.maxRunsPerDay !== null) {
          const date = input.broadcastDate(t);
          if (date !== day) [day, onDay] = [date, 0];
          onDay++;
        }
        return true;
      }
    }
  }

  const rightsIssues = (limit: number | null): RightsIssueValue[] => {
    const out: RightsIssueValue[] = [];
    const n = limit === null ? reasonCount : Math.min(limit, reasonCount);
    for (let i = 0; i < events.length && out.length < n; i++) {
      if (reasons[i] === 0) continue;
      const asset = assets.get(events[i].assetKey!)!;
      for (const reason of REASONS) {
        if (reasons[i] & REASON_BIT[reason] && out.length < n) out.push({ eventId: String(events[i].id), mediaId: asset.mediaId ?? asset.assetId, reason });
      }
    }
    return out;
  };
  const separationIssues = (limit: number | null): SeparationIssueValue[] => {
    const out: SeparationIssueValue[] = [];
    const n = limit === null ? separation.length / 4 : Math.min(limit, separation.length / 4);
    for (let i = 0; i < n; i++) {
      out.push({ eventId: String(events[separation[4 * i]].id), otherEventId: String(separation[4 * i + 1]), rule: RULES[separation[4 * i + 2]], gapMs: separation[4 * i + 3] });
    }
    return out;
  };
  return {
    rightsCount: reasonCount,
    rightsIssues,
    separationCount: separation.length / 4,
    separationIssues,
  };
}
