// The DataLoader behind ChangeSet.events: every change set of a request asking for the same page
// (changeSets lists them) is answered by one statement, as Schedule.events is.
import DataLoader from "dataloader";
import { filterKey } from "../events/index.js";
import type { EventsPageArgs } from "../events/index.js";
import type { EventPage } from "../events/index.js";
import type { ChangeSetService } from "./service.js";
import type { ChangeSet } from "./types.js";

export interface DraftPageKey {
  changeSet: ChangeSet;
  args: EventsPageArgs;
}

const argsKey = (args: EventsPageArgs) => JSON.stringify([args.page ?? null, args.size ?? null, filterKey(args.filter)]);

export function createDraftPageLoader(service: ChangeSetService): DataLoader<DraftPageKey, EventPage, string> {
  return new DataLoader<DraftPageKey, EventPage, string>(
    async (keys) => {
      const groups = new Map<string, { args: EventsPageArgs; changeSets: Map<string, ChangeSet> }>();
      for (const key of keys) {
        const k = argsKey(key.args);
        let group = groups.get(k);
        if (!group) groups.set(k, (group = { args: key.args, changeSets: new Map() }));
        group.changeSets.set(key.changeSet.id, key.changeSet);
      }
      const answers = new Map<string, Map<number, EventPage> | Error>();
      for (const [k, group] of groups) {
        try {
          answers.set(k, await service.pagesOf([...group.changeSets.values()], group.args));
        } catch (error) {
          answers.set(k, error as Error);
        }
      }
      return keys.map((key) => {
        const answer = answers.get(argsKey(key.args))!;
        return answer instanceof Error ? answer : answer.get(Number(key.changeSet.id))!;
      });
    },
    { cacheKeyFn: (key) => `${key.changeSet.id}|${argsKey(key.args)}` },
  );
}
