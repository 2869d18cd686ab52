// The peer benchmark's profile summary (bench/peers/profile.ts stagesOf) on real profiles of V8's
// sampling profiler taken in this process: work in the database layer's files lands in the SQL
// stage, work elsewhere does not, the profiler's own stop is left out, and the shares add up to 1.
import { Session } from "node:inspector/promises";
import { describe, expect, it } from "vitest";
import { stagesOf } from "../../bench/peers/profile.js";
import { isReadStatement } from "../../src/db/read-statements.js";

async function profiled(work: () => void): Promise<Parameters<typeof stagesOf>[0]> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  const until = Date.now() + 300;
  while (Date.now() < until) work();
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  return profile as Parameters<typeof stagesOf>[0];
}

const share = (stages: { stage: string; share: number }[], prefix: string) => stages.find((s) => s.stage.startsWith(prefix))?.share ?? 0;

describe("the profile's stages", () => {
  it("put the database layer's code in the SQL stage and nothing else there, without the profiler's own stop", async () => {
    const answer = { data: { events: Array.from({ length: 2000 }, (_, i) => ({ id: String(i), title: `event ${i}`, onAirTime: i * 30_000 })) } };
    const json = stagesOf(await profiled(() => JSON.stringify(answer)));
    expect(share(json.stages, "SQL")).toBeLessThan(0.05);
    expect(json.stages.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 5);
    expect(json.otherLeaves.join()).not.toMatch(/^dispatch /);
    // A long read-only `with`: the test scans all of it for a writing keyword.
    const text = `with x as (${Array.from({ length: 400 }, (_, i) => `select ${i} as n${i} from events where updated_at > now()`).join(" union all ")}) select * from x`;
    const sqlWork = stagesOf(await profiled(() => isReadStatement(text)));
    expect(share(sqlWork.stages, "SQL")).toBeGreaterThan(0.3);
  });
});
