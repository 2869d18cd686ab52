// readEvents hands a batch over while it reads the next one (one write at a time): the writes
// overlap the reading, never each other; a failed write stops the reading with its fault; a fault
// of the file waits for the batch being written before it is thrown (the caller's clean-up must
// know what that batch wrote).
import { describe, expect, it } from "vitest";
import type { EventValues } from "../../src/events/index.js";
import { BATCH_SIZE, readEvents } from "../../src/io/importer.js";

const START = Date.UTC(2026, 4, 1);
const noJson = (() => {
  throw new Error("no JSON here");
}) as never;

async function* csv(rows: number, bad?: number, onRow?: (i: number) => void): AsyncGenerator<string> {
  yield "onAirTime,duration,title\n";
  for (let i = 0; i < rows; i++) {
    onRow?.(i);
    yield i === bad ? "not a time,10,x\n" : `${new Date(START + i * 10_000).toISOString()},10000,Programme ${i}\n`;
  }
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe("readEvents", () => {
  it("reads the next batch while one is written, and never starts a write before the last one settled", async () => {
    const log: string[] = [];
    let writing = 0;
    let readWhileWriting = 0;
    const rows = csv(BATCH_SIZE * 3 + 10, undefined, () => (readWhileWriting += writing));
    const result = await readEvents(rows, { fileName: "a.csv" }, noJson, async (batch: EventValues[]) => {
      expect(writing).toBe(0);
      writing++;
      log.push(`start ${batch.length}`);
      await settle();
      await settle();
      writing--;
      log.push("end");
    });
    // Rows were read while a batch was being written: the reader did not wait for the writes.
    expect(readWhileWriting).toBeGreaterThan(0);
    expect(result.count).toBe(BATCH_SIZE * 3 + 10);
    expect(log).toEqual([`start ${BATCH_SIZE}`, "end", `start ${BATCH_SIZE}`, "end", `start ${BATCH_SIZE}`, "end", "start 10", "end"]);
  });

  it("stops reading at a failed write and throws its fault", async () => {
    let batches = 0;
    let read = 0;
    await expect(
      readEvents(csv(BATCH_SIZE * 20, undefined, () => read++), { fileName: "a.csv" }, noJson, async () => {
        batches++;
        throw new Error("the database went away");
      }),
    ).rejects.toThrow("the database went away");
    expect(batches).toBe(1);
    // Stopped within the next batch, not at the end of the file.
    expect(read).toBeLessThanOrEqual(BATCH_SIZE * 2);
  });

  it("throws a fault of the file only once the batch being written has settled", async () => {
    let settled = false;
    const error = await readEvents(csv(BATCH_SIZE + 3, BATCH_SIZE + 1), { fileName: "a.csv" }, noJson, async () => {
      await settle();
      await settle();
      settled = true;
    }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/line 5003/);
    expect(settled).toBe(true);
  });
});
