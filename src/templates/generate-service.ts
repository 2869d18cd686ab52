// generateSchedule: checks what it can at once (the dates, the seed, the schedule and the template
// in one organization), opens a change set of the schedule whose draft the job will write, and
// enqueues the SCHEDULE_GENERATE job, all in one transaction: a refused request leaves nothing.
import { requireRole, type Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";
import { enqueueJob, toJob, type Job, type JobSignal } from "../jobs/index.js";
import { copyIntoDraft, editScheduleEvents, insertChangeSet, outcome } from "../schedules/index.js";
import { generationDates, generationSeed, SCHEDULE_GENERATE, type GeneratePayload, type GenerationStores } from "./generation.js";

export interface GenerateScheduleArgs {
  templateId: string;
  scheduleId: string;
  from: string;
  days: number;
  seed?: number | null;
  organization?: string | null;
}

export class GenerationService {
  constructor(
    private readonly db: Database,
    private readonly signal: JobSignal,
    private readonly stores: GenerationStores,
    /** MAX_OPEN_CHANGE_SETS: a generation opens a change set like createChangeSet. */
    private readonly maxOpenChangeSets = 20,
  ) {}

  async generate(viewer: Viewer, args: GenerateScheduleArgs): Promise<Job> {
    requireRole(viewer, "editor");
    const dates = generationDates(args.from, args.days);
    const seed = generationSeed(args.seed);
    const options = { operation: "generateSchedule", scheduleId: args.scheduleId, organization: args.organization };
    const job = await editScheduleEvents(this.db, viewer, options, async ({ tx, schedule }) => {
      // The template of the schedule's own organization, or NOT_FOUND.
      const inputs = await this.stores.planningInputs(tx, viewer, args.templateId, schedule.organization);
      const changeSet = await insertChangeSet(tx, schedule, viewer.userId, this.maxOpenChangeSets);
      await copyIntoDraft(tx, changeSet.id, schedule.id);
      const payload: GeneratePayload = {
        templateId: inputs.templateId,
        templateVersion: inputs.version,
        scheduleId: schedule.id,
        changeSetId: changeSet.id,
        from: dates[0],
        days: dates.length,
        seed,
      };
      const row = await enqueueJob(tx, { type: SCHEDULE_GENERATE, organization: schedule.organization, userId: viewer.userId, entityId: changeSet.id, payload });
      // The schedule's events did not change: the job writes the draft.
      return outcome(false, () => row);
    });
    this.signal.enqueued();
    return toJob(job);
  }
}
