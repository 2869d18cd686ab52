// Values that follow a request share one AsyncLocalStorage (src/common/request-scoped.ts): each
// must still behave as a storage of its own.
import { describe, expect, it } from "vitest";
import { requestScoped } from "../../src/common/request-scoped.js";

describe("requestScoped", () => {
  it("keeps each value apart, through promises and timers, and drops it once the callback returns", async () => {
    const id = requestScoped<string>("id");
    const budget = requestScoped<number>("budget");
    const sameName = requestScoped<string>("id");
    expect(id.get()).toBeUndefined();
    const seen = await id.run("r1", () =>
      budget.run(5, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const inner = await id.run("r2", async () => [id.get(), budget.get()]);
        return [id.get(), budget.get(), sameName.get(), ...inner];
      }),
    );
    expect(seen).toEqual(["r1", 5, undefined, "r2", 5]);
    expect([id.get(), budget.get()]).toEqual([undefined, undefined]);
  });

  it("gives concurrent requests their own values", async () => {
    const id = requestScoped<number>("id");
    const answers = await Promise.all([1, 2, 3].map((n) => id.run(n, async () => {
      await new Promise((resolve) => setTimeout(resolve, 4 - n));
      return id.get();
    })));
    expect(answers).toEqual([1, 2, 3]);
  });
});
