// Evaluating secondary event parameters (S35), pure: placeholders such as ${current.title} are
// replaced by values of the events around an instant, the schedule and the current asset.
// An unknown placeholder is never an error: it stays as written and is reported.
import type { EvaluatedParameter } from "./types.js";

export interface ParameterEvent {
  id: number;
  onAirTime: number;
  duration: number;
  eventType: string;
  title: string | null;
  mediaId: string | null;
  houseId: string | null;
  assetKey: string | null;
}

export interface ParameterContext {
  schedule: { id: string; name: string; channel: string | null; channelId: number | null };
  current: ParameterEvent | null;
  previous: ParameterEvent | null;
  next: ParameterEvent | null;
  /** Catalog assets by key (the keys of current, previous and next), as plain objects (Asset). */
  assets: Map<string, Record<string, unknown>>;
  /** The command's own substitution map: ${name} → value, before every other placeholder. */
  substitution: Record<string, string>;
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;
const EVENT_FIELDS = new Set(["id", "title", "duration", "onAirTime", "endTime", "eventType", "mediaId", "assetId", "houseId"]);
/** Top-level members of Asset that ${asset.<member>[.<member>…]} may read. */
const ASSET_FIELDS = new Set([
  "assetId", "mediaId", "name", "assetSize", "customFields", "dateApplied", "dateCreated", "dateUpdated", "fileCount",
  "metadata", "qcInfo", "sourceAssetData", "storageType", "systemFields", "tags", "version",
  // shorthands
  "title", "duration",
]);

interface Lookup {
  value: string;
  known: boolean;
  /** The key of the asset the placeholder names, when it names one. */
  assetKey?: string | null;
}

const text = (v: unknown): string => (v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : typeof v === "object" ? JSON.stringify(v) : String(v));

function eventValue(event: ParameterEvent | null, field: string): Lookup {
  if (!EVENT_FIELDS.has(field)) return { value: "", known: false };
  const naming = field === "assetId" || field === "mediaId";
  if (!event) return { value: "", known: true, ...(naming ? { assetKey: null } : {}) };
  const values: Record<string, unknown> = {
    id: event.id,
    title: event.title,
    duration: event.duration,
    onAirTime: new Date(event.onAirTime),
    endTime: new Date(event.onAirTime + event.duration),
    eventType: event.eventType,
    mediaId: event.mediaId,
    assetId: event.assetKey,
    houseId: event.houseId,
  };
  return { value: text(values[field]), known: true, ...(naming ? { assetKey: event.assetKey } : {}) };
}

function assetValue(context: ParameterContext, path: string[]): Lookup {
  const [head, ...rest] = path;
  if (!head || !ASSET_FIELDS.has(head)) return { value: "", known: false };
  const key = context.current?.assetKey ?? null;
  const asset = key === null ? undefined : context.assets.get(key);
  if (!asset) return { value: "", known: true, assetKey: key };
  let value: unknown;
  if (head === "title") value = (asset.systemFields as { title?: string } | null)?.title ?? asset.name;
  else if (head === "duration") value = (asset.metadata as { durationInMilliseconds?: number } | null)?.durationInMilliseconds;
  else value = asset[head];
  for (const member of rest) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[member] : undefined;
  return { value: text(value), known: true, assetKey: key };
}

function lookup(context: ParameterContext, name: string): Lookup {
  if (Object.prototype.hasOwnProperty.call(context.substitution, name)) return { value: context.substitution[name], known: true };
  const [scope, ...path] = name.split(".");
  switch (scope) {
    case "current":
    case "previous":
    case "next":
      return path.length === 1 ? eventValue(context[scope], path[0]) : { value: "", known: false };
    case "schedule":
      if (path.length !== 1) return { value: "", known: false };
      if (path[0] === "name") return { value: context.schedule.name, known: true };
      if (path[0] === "id") return { value: context.schedule.id, known: true };
      if (path[0] === "channel") return { value: context.schedule.channel ?? "", known: true };
      if (path[0] === "channelId") return { value: text(context.schedule.channelId), known: true };
      return { value: "", known: false };
    case "channel":
      return path.length === 0 ? { value: context.schedule.channel ?? "", known: true } : { value: "", known: false };
    case "asset":
      return assetValue(context, path);
    default:
      return { value: "", known: false };
  }
}

/** Every parameter of a command, evaluated, in the order given. */
export function evaluateParameters(parameters: Record<string, unknown>, context: ParameterContext): EvaluatedParameter[] {
  return Object.entries(parameters).map(([name, raw]) => {
    const unknown: string[] = [];
    const named: (string | null)[] = [];
    const evaluatedValue = text(raw).replace(PLACEHOLDER, (whole, inner: string) => {
      const found = lookup(context, inner.trim());
      if (!found.known) {
        if (!unknown.includes(whole)) unknown.push(whole);
        return whole;
      }
      if (found.assetKey !== undefined) named.push(found.assetKey);
      return found.value;
    });
    const asset = named.length > 0;
    const assetExists = asset && named.every((key) => key !== null && context.assets.has(key));
    return { name, evaluatedValue, asset, assetExists, unknownPlaceholders: unknown };
  });
}
