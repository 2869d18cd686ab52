import { describe, expect, it } from "vitest";
import { type AppError } from "../../src/common/errors.js";
import { checkRange, pageMeta, pageRequest, parseSort } from "../../src/common/paging.js";

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return "none";
};

describe("paging rules", () => {
  it("defaults to page 0 and size 20", () => {
    expect(pageRequest(undefined, undefined, 1000)).toEqual({ page: 0, size: 20 });
    expect(pageRequest(null, null, 1000)).toEqual({ page: 0, size: 20 });
  });

  it.each([
    [-1, 20],
    [0, 0],
    [0, 1001],
    [1.5, 20],
  ])("rejects page %d size %d", (page, size) => {
    expect(code(() => pageRequest(page, size, 1000))).toBe("BAD_USER_INPUT");
  });

  it("parses sort entries, several properties and directions", () => {
    const allowed = ["name", "id", "startDate"];
    expect(parseSort(["name,desc", "id"], allowed, [])).toEqual([
      { property: "name", direction: "DESC" },
      { property: "id", direction: "ASC" },
    ]);
    expect(parseSort(["name,startDate,DESC"], allowed, [])).toEqual([
      { property: "name", direction: "DESC" },
      { property: "startDate", direction: "DESC" },
    ]);
    expect(parseSort([], allowed, [{ property: "id", direction: "ASC" }])).toEqual([{ property: "id", direction: "ASC" }]);
    expect(code(() => parseSort(["secret,asc"], allowed, []))).toBe("BAD_USER_INPUT");
    expect(code(() => parseSort(["asc"], allowed, []))).toBe("BAD_USER_INPUT");
  });

  it("computes page metadata", () => {
    expect(pageMeta({ page: 2, size: 10 }, 25, 5, [])).toMatchObject({ number: 2, totalPages: 3, first: false, last: true, empty: false, pageable: { offset: 20 } });
    expect(pageMeta({ page: 0, size: 10 }, 0, 0, [])).toMatchObject({ totalPages: 0, first: true, last: true, empty: true });
  });

  it("rejects ranges whose start is after their end", () => {
    expect(code(() => checkRange("startDate", new Date(2), new Date(1)))).toBe("BAD_USER_INPUT");
    expect(code(() => checkRange("startDate", new Date(1), new Date(1)))).toBe("none");
    expect(code(() => checkRange("startDate", undefined, new Date(1)))).toBe("none");
  });
});
