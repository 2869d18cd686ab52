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
    out = (asset.rights ?? []).map((w) => ({ ...w, from: w.start === null ? -Infinity : Date.parse(w.start), to: w.end === null ? Infinity : Date.parse(w.end) }));
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

/**
 * The rights and separation issues, as steps (yields after each event; `step` counts it). Rights:
 * at most one issue per event and reason. Separation: an issue on the later of two consecutive
 * events (air order) sharing the value of a rule, closer than the rule.
 */
export function* rightsAndSeparation(input: RightsInput, step: () => number): Generator<number, { rightsIssues: RightsIssueValue[]; separationCount: number; separationIssues: (limit: number | null) => SeparationIssueValue[] }> {
  const { events, assets, channel } = input;
  const found = new Map<number, Set<RightsReasonValue>>();
  const add = (id: number, reason: RightsReasonValue) => {
    let reasons = found.get(id);
    if (!reasons) found.set(id, (reasons = new Set()));
    reasons.add(reason);
  };
  const ownRuns = new Map<string, { asset: RightsAsset; runs: { id: number; onAirTime: number; own: boolean }[] }>();
  // Compact (event id, other id, rule index, gap) per issue: a schedule may hold tens of thousands,
  // and only the entries answered become objects (separationIssues below).
  const separation: number[] = [];
  const last: Record<SeparationRuleValue, Map<string, { id: number; onAirTime: number }>> = { ASSET: new Map(), ADVERTISER: new Map(), CATEGORY: new Map() };
  const rules: [SeparationRuleValue, number, (a: RightsAsset) => string | null | undefined, number][] = [
    ["ASSET", input.separation.sameAssetMinMs, (a) => a.assetId, 0],
    ["ADVERTISER", input.separation.sameAdvertiserMinMs, (a) => a.advertiser, 1],
    ["CATEGORY", input.separation.sameCategoryMinMs, (a) => a.productCategory, 2],
  ];
  const activeRules = rules.filter(([, ms]) => ms > 0);

  for (const e of events) {
    // A turn to the caller every 1,024 events (each one still counted).
    const handled = step();
    if ((handled & 1023) === 0) yield handled;
    const asset = e.assetKey === null ? undefined : assets.get(e.assetKey);
    if (!asset) continue;
    for (const [rule, ms, valueOf, index] of activeRules) {
      const value = valueOf(asset);
      if (value === null || value === undefined) continue;
      const previous = last[rule].get(value);
      if (previous && e.onAirTime - previous.onAirTime < ms) {
        separation.push(e.id, previous.id, index, e.onAirTime - previous.onAirTime);
      }
      last[rule].set(value, e);
    }
    const windows = windowsOf(asset);
    if (windows.length === 0) continue;
    const inTime = windows.filter((w) => windowHolds(w, e.onAirTime));
    if (inTime.length === 0) add(e.id, "OUTSIDE_WINDOW");
    else if (!inTime.some((w) => listsChannel(w, channel))) add(e.id, "CHANNEL");
    else if (hasRunCaps(asset)) {
      let of = ownRuns.get(asset.assetId);
      if (!of) ownRuns.set(asset.assetId, (of = { asset, runs: [] }));
      of.runs.push({ id: e.id, onAirTime: e.onAirTime, own: true });
    }
  }

  // The caps: every run of the asset on the channel in the window, in air order; those beyond the cap.
  const others = new Map<string, { id: number; onAirTime: number; own: boolean }[]>();
  for (const r of input.otherRuns) {
    if (!ownRuns.has(r.assetId)) continue;
    let list = others.get(r.assetId);
    if (!list) others.set(r.assetId, (list = []));
    list.push({ id: r.id, onAirTime: r.onAirTime, own: false });
  }
  for (const [assetId, { asset, runs: own }] of ownRuns) {
    yield step();
    const all = [...own, ...(others.get(assetId) ?? [])].sort((a, b) => a.onAirTime - b.onAirTime || a.id - b.id);
    for (const w of windowsOf(asset)) {
      if (!listsChannel(w, channel) || (w.maxRuns === null && w.maxRunsPerDay === null)) continue;
      let runs = 0;
      const perDay = new Map<string, number>();
      for (const run of all) {
        if (!windowHolds(w, run.onAirTime)) continue;
        runs++;
        const day = w.maxRunsPerDay === null ? "" : input.broadcastDate(run.onAirTime);
        const onDay = (perDay.get(day) ?? 0) + 1;
        perDay.set(day, onDay);
        if (!run.own) continue;
        if (w.maxRuns !== null && runs > w.maxRuns) add(run.id, "MAX_RUNS");
        if (w.maxRunsPerDay !== null && onDay > w.maxRunsPerDay) add(run.id, "MAX_RUNS_PER_DAY");
      }
    }
  }

  const rightsIssues: RightsIssueValue[] = [];
  for (const e of events) {
    const reasons = found.get(e.id);
    if (!reasons) continue;
    const asset = assets.get(e.assetKey!)!;
    for (const reason of REASONS) if (reasons.has(reason)) rightsIssues.push({ eventId: String(e.id), mediaId: asset.mediaId ?? asset.assetId, reason });
  }
  const RULES: SeparationRuleValue[] = ["ASSET", "ADVERTISER", "CATEGORY"];
  const separationIssues = (limit: number | null): SeparationIssueValue[] => {
    const out: SeparationIssueValue[] = [];
    const n = limit === null ? separation.length / 4 : Math.min(limit, separation.length / 4);
    for (let i = 0; i < n; i++) {
      out.push({ eventId: String(separation[4 * i]), otherEventId: String(separation[4 * i + 1]), rule: RULES[separation[4 * i + 2]], gapMs: separation[4 * i + 3] });
    }
    return out;
  };
  return { rightsIssues, separationCount: separation.length / 4, separationIssues };
}
