// Rules of a playout's health samples (PlayoutSampleInput): the figures' domain. Pure.
//
// What the figures measure and in which unit is the reporter's (the contract does not say), so
// the rule is only what keeps every stored figure, sum and average a number: finite, and at most
// 10^15 in magnitude (a day of one-second samples sums to under 10^20; bytes of free memory, a
// percentage or a count all fit). Negative figures are kept as sent.
import { badInput } from "../common/errors.js";

/** The figures of a sample, as PlayoutSampleInput names them. */
export const HEALTH_FIGURES = ["avmon", "cache", "connection", "cpu", "fileDescriptors", "freeMemory", "playback", "storage"] as const;

export type HealthFigure = (typeof HEALTH_FIGURES)[number];

/** The largest magnitude of a figure. */
export const MAX_HEALTH_FIGURE = 1e15;

/** The domain, as the schema describes each figure. */
export const HEALTH_FIGURE_DOMAIN = "a finite number from -10^15 to 10^15";

/** Checks each figure of each sample; BAD_USER_INPUT naming the first one out of its domain. */
export function checkSampleFigures(samples: readonly Partial<Record<HealthFigure, number | null>>[], argument = "batch.playoutSamples"): void {
  samples.forEach((sample, i) => {
    for (const name of HEALTH_FIGURES) {
      const value = sample[name];
      if (value === undefined || value === null) continue;
      if (!(Number.isFinite(value) && Math.abs(value) <= MAX_HEALTH_FIGURE)) {
        throw badInput(`${argument}[${i}].${name} must be ${HEALTH_FIGURE_DOMAIN} (got ${value})`, { argument: `${argument}[${i}].${name}` });
      }
    }
  });
}
