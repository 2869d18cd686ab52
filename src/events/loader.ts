// The DataLoader behind Schedule.events: every schedule of a request asking for the same page
// is answered by one statement whatever their number (the row-by-row read of a later page of one
// schedule, for a selection the JSON read does not build, takes two).
import DataLoader from "dataloader";
import { filterKey } from "../schedules/index.js";
import type { JsonPagePlan } from "./json-plan.js";
import { FULL_SELECTION, selectionKey, type PageSelection } from "./selection.js";
import type { EventService } from "./service.js";
import type { EventsPageArgs } from "./types.js";
import type { EventPage } from "./types.js";


export interface EventsPageKey {
  scheduleId: number;
  args: EventsPageArgs;
  /** What the query reads of the page (selection.ts); everything when absent. */
  selection?: PageSelection;
  /** When json-plan.ts accepts the selection: the page is built as JSON by PostgreSQL (json-reads.ts). */
  plan?: JsonPagePlan | null;
}

/** Keys asking the same page with the same selection share one statement. */
const argsKey = (key: EventsPageKey) =>
  JSON.stringify([key.args.page ?? null, key.args.size ?? null, filterKey(key.args.filter), selectionKey(key.selection ?? FULL_SELECTION), key.plan?.key ?? null]);

export function createEventsPageLoader(service: EventService): DataLoader<EventsPageKey, EventPage, string> {
  return new DataLoader<EventsPageKey, EventPage, string>(
    async (keys) => {
      const groups = new Map<string, { args: EventsPageArgs; selection: PageSelection; plan?: JsonPagePlan | null; ids: Set<number> }>();
      for (const key of keys) {
        const k = argsKey(key);
        let group = groups.get(k);
        if (!group) groups.set(k, (group = { args: key.args, selection: key.selection ?? FULL_SELECTION, plan: key.plan, ids: new Set() }));
        group.ids.add(key.scheduleId);
      }
      const answers = new Map<string, Map<number, EventPage> | Error>();
      for (const [k, group] of groups) {
        try {
          // Every page of a selection the JSON read builds, first or later, of one schedule or many: one statement.
          answers.set(k, await (group.plan ? service.jsonPagesOf([...group.ids], group.args, group.plan) : service.pagesOf([...group.ids], group.args, group.selection)));
        } catch (error) {
          answers.set(k, error as Error);
        }
      }
      return keys.map((key) => {
        const answer = answers.get(argsKey(key))!;
        return answer instanceof Error ? answer : answer.get(key.scheduleId)!;
      });
    },
    { cacheKeyFn: (key) => `${key.scheduleId}|${argsKey(key)}` },
  );
}
