// Shared steps of the events tests: a schedule with events made through GraphQL.
import type { GraphQLClient } from "../helpers/service.js";

export const T0 = Date.parse("2026-03-01T06:00:00.000Z");
export const iso = (ms: number) => new Date(ms).toISOString();
export const MIN = 60_000;

export const EVENT_FIELDS = `id scheduleId onAirTime duration eventType title locked mediaId status version`;
export const SCHEDULE_FIELDS = `id version startDate finishDate`;

export async function createSchedule(gql: GraphQLClient, name = "Day", input: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const { createSchedule } = await gql.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id version } }`, { input: { name, ...input } });
  return createSchedule;
}

export interface Spec {
  at: number;
  duration: number;
  title?: string;
  eventType?: string;
  locked?: boolean;
  [key: string]: unknown;
}

/** Creates events one by one (createEvent); answers their ids in the given order. */
export async function addEvents(gql: GraphQLClient, scheduleId: string, specs: Spec[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { at, ...rest } of specs) {
    const { createEvent } = await gql.data(`mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { id } }`, {
      s: scheduleId,
      input: { onAirTime: iso(at), title: "Event", ...rest },
    });
    ids.push(createEvent.id);
  }
  return ids;
}

/** Every event of a schedule in air order (up to 1000). */
export async function allEvents(gql: GraphQLClient, scheduleId: string): Promise<any[]> {
  const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events(size: 1000) { content { ${EVENT_FIELDS} som } } } }`, { id: scheduleId });
  return schedule.events.content;
}

export async function scheduleState(gql: GraphQLClient, scheduleId: string): Promise<{ version: number; startDate: string | null; finishDate: string | null; events: any[] }> {
  const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { ${SCHEDULE_FIELDS} events(size: 1000) { content { ${EVENT_FIELDS} som } } } }`, { id: scheduleId });
  return { version: schedule.version, startDate: schedule.startDate, finishDate: schedule.finishDate, events: schedule.events.content };
}

/** Every event as a slot in minutes: [start offset from T0 in minutes, duration in minutes, title]. */
export const minuteSlots = (events: any[]) => events.map((e) => [(Date.parse(e.onAirTime) - T0) / MIN, e.duration / MIN, e.title]);
