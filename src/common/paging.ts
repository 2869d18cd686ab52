// Paging and sorting rules of the GraphQL contract: pure, shared by every paged field.
import { badInput } from "./errors.js";

export const DEFAULT_PAGE_SIZE = 20;

export interface PageRequest {
  page: number;
  size: number;
}

export interface SortSpec {
  property: string;
  direction: "ASC" | "DESC";
}

export function pageRequest(page: number | null | undefined, size: number | null | undefined, maxSize: number): PageRequest {
  const p = page ?? 0;
  const s = size ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(p) || p < 0) throw badInput(`page must be 0 or more (got ${p})`, { argument: "page" });
  if (!Number.isInteger(s) || s < 1 || s > maxSize) {
    throw badInput(`size must be from 1 to ${maxSize} (got ${s})`, { argument: "size" });
  }
  return { page: p, size: s };
}

/**
 * Parses `["name,asc", "startDate,desc"]`; one entry may also name several properties before its
 * direction (`"name,startDate,desc"`). Unknown properties are BAD_USER_INPUT.
 */
export function parseSort(sort: readonly string[] | null | undefined, allowed: readonly string[], fallback: SortSpec[]): SortSpec[] {
  if (!sort || sort.length === 0) return fallback;
  const specs: SortSpec[] = [];
  for (const entry of sort) {
    const parts = entry.split(",").map((p) => p.trim()).filter(Boolean);
    let direction: SortSpec["direction"] = "ASC";
    const last = parts[parts.length - 1]?.toUpperCase();
    if (last === "ASC" || last === "DESC") {
      direction = last;
      parts.pop();
    }
    if (parts.length === 0) throw badInput(`sort entry "${entry}" names no property`, { argument: "sort" });
    for (const property of parts) {
      if (!allowed.includes(property)) {
        throw badInput(`cannot sort by "${property}"; sortable: ${allowed.join(", ")}`, { argument: "sort" });
      }
      specs.push({ property, direction });
    }
  }
  return specs;
}

export interface PageMeta {
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
  pageable: {
    offset: number;
    pageNumber: number;
    pageSize: number;
    paged: boolean;
    unpaged: boolean;
    sort: SortOrderValue | null;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
  sort: SortOrderValue[];
}

export interface SortOrderValue {
  property: string;
  direction: string;
  ascending: boolean;
  ignoreCase: boolean;
  nullHandling: string;
}

export function sortOrders(specs: SortSpec[]): SortOrderValue[] {
  return specs.map((s) => ({ property: s.property, direction: s.direction, ascending: s.direction === "ASC", ignoreCase: false, nullHandling: "NATIVE" }));
}

/**
 * The total a page answers when its count was not read (no count member selected): the rows
 * before it and those it shows, exact on the last page and a lower bound before it. The members
 * made from the total are then not in the answer.
 */
export function shownTotal(request: PageRequest, shown: number): number {
  return request.page * request.size + shown;
}

export function pageMeta(request: PageRequest, totalElements: number, numberOfElements: number, sort: SortSpec[]): PageMeta {
  const totalPages = Math.ceil(totalElements / request.size);
  const orders = sortOrders(sort);
  return {
    number: request.page,
    size: request.size,
    totalElements,
    totalPages,
    numberOfElements,
    first: request.page === 0,
    last: request.page >= totalPages - 1,
    empty: numberOfElements === 0,
    pageable: {
      offset: request.page * request.size,
      pageNumber: request.page,
      pageSize: request.size,
      paged: true,
      unpaged: false,
      sort: orders[0] ?? null,
      hasNextPage: request.page < totalPages - 1,
      hasPreviousPage: request.page > 0,
    },
    sort: orders,
  };
}

/** Rejects a range whose start is after its end. */
export function checkRange<T extends Date | number>(name: string, from: T | null | undefined, to: T | null | undefined): void {
  if (from !== null && from !== undefined && to !== null && to !== undefined && from > to) {
    throw badInput(`${name}From must not be after ${name}To`, { argument: `${name}From` });
  }
}

/**
 * Lists inside one answer that can be as long as a schedule (a diff's `changed`, a validation's
 * `breaks` and `gaps`) answer at most this many entries unless asked for a page.
 */
export const LIST_PAGE_SIZE = 1000;

/** The page of such a list: `size` defaults to LIST_PAGE_SIZE, which is lowered to MAX_PAGE_SIZE when that is smaller. */
export function listPageRequest(page: number | null | undefined, size: number | null | undefined, maxSize: number): PageRequest {
  const wanted = size ?? LIST_PAGE_SIZE;
  return pageRequest(page, wanted === LIST_PAGE_SIZE ? Math.min(wanted, maxSize) : wanted, maxSize);
}
