// Input values drawn at random for a GraphQL input type, as callers send them: mostly well typed,
// now and then junk or an unknown field (test/server/variable-coercion.test.ts and
// type-graphql-mend.test.ts), and the seeded generators tests draw their cases from.
import { isEnumType, isListType, isNonNullType, isScalarType, type GraphQLInputType } from "graphql";

/** Values of no type in particular: what a caller sends by mistake. */
const JUNK: unknown[] = [null, 1, -3, 2.5, 2 ** 40, "x", "", true, false, {}, [], [1], { a: 1 }, "2026-01-01T00:00:00Z", "00:00:10:00", "PRIMARY"];
const SCALARS: Record<string, unknown[]> = { String: ["a", "b c"], Int: [0, 5, -7], Float: [1.5, 0], Boolean: [true, false], ID: ["12", 7] };
const OTHER_SCALAR = ["2026-01-01T00:00:00Z", "00:00:10:00", 5, "5", "abc", 0, 25];

/** A value for `type` from a seeded generator: mostly well typed, now and then junk or an unknown field. */
export function drawValue(type: GraphQLInputType, next: () => number, depth = 0): unknown {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  if (next() < 0.06) return pick(JUNK);
  if (isNonNullType(type)) return drawValue(type.ofType, next, depth);
  if (isListType(type)) return next() < 0.15 ? drawValue(type.ofType, next, depth + 1) : Array.from({ length: Math.floor(next() * 3) }, () => drawValue(type.ofType, next, depth + 1));
  if (isEnumType(type)) return pick(type.getValues()).name;
  if (isScalarType(type)) return pick(SCALARS[type.name] ?? OTHER_SCALAR);
  const value: Record<string, unknown> = {};
  if (depth > 5) return value;
  for (const field of Object.values(type.getFields())) {
    if (next() < 0.35 || (isNonNullType(field.type) && next() < 0.9)) value[field.name] = drawValue(field.type, next, depth + 1);
  }
  if (next() < 0.04) value.notAField = 1;
  return value;
}

/** A small seeded generator (mulberry32): fast-check draws the seed, so a failure shrinks to one. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `draw(n)`: a whole number from 0 to n − 1, from a linear congruential sequence started at `seed`,
 * so a test draws the same cases on every run.
 */
export function drawing(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n);
  };
}
