// What generating a schedule from a template needs and carries: the job's type and payload, the
// template's stores the job reads and writes through (handed in by the composition root, so the
// job does not reach into another module's store), and the rules of its input. Pure.
import { badInput } from "../common/errors.js";
import { dateText, DAY_MS, LocalTimeError, parseDate } from "../localtime/index.js";
import type { Executor } from "../db/client.js";
import type { Viewer } from "../common/auth.js";
import type { PlanningInputs } from "./planning.js";

export const SCHEDULE_GENERATE = "SCHEDULE_GENERATE";
/** The longest generation: a month of broadcast days. */
export const MAX_GENERATED_DAYS = 31;
/** The job's messages stop here (then one counts the rest): a month of gaps stays a readable list. */
export const MAX_GENERATION_MESSAGES = 1_000;

export interface GeneratePayload {
  [key: string]: unknown;
  templateId: string;
  templateVersion: number;
  scheduleId: number;
  changeSetId: number;
  /** The first broadcast date, YYYY-MM-DD. */
  from: string;
  days: number;
  seed: number;
}

/** The templates module's stores the generation uses. */
export interface GenerationStores {
  planningInputs(executor: Executor, viewer: Viewer, templateId: string, organization?: string | null): Promise<PlanningInputs>;
  /** Per slot, where its series stands at the start of `from` (the last position stored on or before it). */
  readSlotPositions(executor: Executor, scheduleId: number, slotKeys: string[], from: string): Promise<Map<string, number>>;
  /** Where each series stands at the start of `date` (the day after a generation's last). */
  writeSlotPositions(executor: Executor, organization: string, scheduleId: number, date: string, positions: Map<string, number>): Promise<void>;
}

/** The broadcast dates of a generation: `days` (1–31) consecutive dates from `from`. BAD_USER_INPUT otherwise. */
export function generationDates(from: string, days: number): string[] {
  if (!Number.isInteger(days) || days < 1 || days > MAX_GENERATED_DAYS) throw badInput(`days must be a whole number from 1 to ${MAX_GENERATED_DAYS}`, { argument: "input.days" });
  let first: number;
  try {
    first = parseDate(from, "from");
  } catch (error) {
    if (error instanceof LocalTimeError) throw badInput(error.message, { argument: "input.from" });
    throw error;
  }
  return Array.from({ length: days }, (_, i) => dateText(first + i * DAY_MS));
}

/** The seed as the planner takes it: a 32-bit integer. */
export function generationSeed(seed: number | null | undefined): number {
  if (seed === null || seed === undefined) return 0;
  if (!Number.isSafeInteger(seed)) throw badInput("seed must be a whole number", { argument: "input.seed" });
  return seed | 0;
}
