// DataLoaders of the checks (registered in src/server/graphql/loaders.ts): Schedule.assets over a list of
// schedules is one statement per (organization, name), whatever the number of schedules.
import DataLoader from "dataloader";
import type { Asset } from "../assets/index.js";
import type { Executor } from "../db/client.js";
import { schedulesAssets } from "./reads.js";

export interface ScheduleAssetsKey {
  scheduleId: number;
  organization: string;
  name: string;
}

const groupOf = (key: ScheduleAssetsKey) => JSON.stringify([key.organization, key.name.trim().toLowerCase()]);

export function createScheduleAssetsLoader(executor: Executor): DataLoader<ScheduleAssetsKey, Asset[], string> {
  return new DataLoader<ScheduleAssetsKey, Asset[], string>(
    async (keys) => {
      const groups = new Map<string, { organization: string; name: string; ids: Set<number> }>();
      for (const key of keys) {
        const g = groupOf(key);
        if (!groups.has(g)) groups.set(g, { organization: key.organization, name: key.name, ids: new Set() });
        groups.get(g)!.ids.add(key.scheduleId);
      }
      const answers = new Map<string, Map<number, Asset[]> | Error>();
      for (const [g, group] of groups) {
        try {
          answers.set(g, await schedulesAssets(executor, [...group.ids], group.organization, group.name));
        } catch (error) {
          answers.set(g, error as Error);
        }
      }
      return keys.map((key) => {
        const answer = answers.get(groupOf(key))!;
        return answer instanceof Error ? answer : (answer.get(key.scheduleId) ?? []);
      });
    },
    { cacheKeyFn: (key) => `${key.scheduleId}|${groupOf(key)}` },
  );
}
