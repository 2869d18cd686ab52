import { describe, expect, it } from "vitest";
import { runCommandLine } from "../helpers/cli-in-process.js";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService({ runWorker: true, jobPollMs: 50 });

/** The command in this process (helpers/cli-in-process.ts), with no settings but the token it is given. */
const cli = (args: string[]) => runCommandLine(args, { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent" });

describe("jobs command against a running service", () => {
  it("lists jobs and follows one to its end", async () => {
    const { org, gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "cli" }) { id } }`);
    const { archiveSchedule } = await gql.data(`mutation($id: ID!) { archiveSchedule(id: $id) { id } }`, { id: createSchedule.id });
    const token = await t.token(org);
    const watched = await cli(["jobs", "--url", t.url, "--token", token, "--watch", archiveSchedule.id]);
    expect(watched.code).toBe(0);
    expect(watched.stdout).toMatch(new RegExp(`job ${archiveSchedule.id} SCHEDULE_ARCHIVE SUCCEEDED`));
    expect(watched.stderr).toMatch(/100%/);
    const listed = await cli(["jobs", "--url", t.url, "--token", token, "--status", "succeeded"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split("\n")[1]).toMatch(new RegExp(`^${archiveSchedule.id}\\tSCHEDULE_ARCHIVE\\tSUCCEEDED\\t100%`));
  });

  it("exits 3 when the service refuses, 4 when it cannot be reached", async () => {
    const token = await t.token("nobody", "viewer");
    expect(await cli(["jobs", "--url", t.url, "--token", token, "--watch", "999999"])).toMatchObject({ code: 3, stderr: expect.stringMatching(/not found/) });
    expect(await cli(["jobs", "--url", t.url, "--token", "garbage"])).toMatchObject({ code: 3, stderr: expect.stringMatching(/UNAUTHENTICATED/) });
    expect(await cli(["jobs", "--url", "http://127.0.0.1:1", "--token", token])).toMatchObject({ code: 4, stderr: expect.stringMatching(/Cannot reach the service/) });
  });
});
