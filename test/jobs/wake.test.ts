// A job enqueued by this server's services is claimed at once, not at the worker's next poll.
import { describe, it } from "vitest";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService({ runWorker: true, jobPollMs: 60_000 });

describe("the worker inside the server", () => {
  it("claims a job as soon as a mutation has enqueued it", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "Now" }) { id } }`);
    // The worker polls once a minute: only the wake-up gets these jobs done within the 10 s waits.
    for (let round = 0; round < 3; round++) {
      const { archiveSchedule } = await gql.data(`mutation($id: ID!) { archiveSchedule(id: $id) { ${JOB_FIELDS} } }`, { id: createSchedule.id });
      await waitForStatus(gql, archiveSchedule.id, ["SUCCEEDED"], 10_000);
      const { restoreSchedules } = await gql.data(`mutation($id: ID!) { restoreSchedules(ids: [$id]) { ${JOB_FIELDS} } }`, { id: createSchedule.id });
      await waitForStatus(gql, restoreSchedules.id, ["SUCCEEDED"], 10_000);
    }
  });
});
