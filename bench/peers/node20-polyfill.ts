// PostGraphile 5 declares Node >= 22: on Node 20 the one missing API it calls is
// Promise.withResolvers (grafast, @dataplan/pg). Imported before postgraphile by serve-postgraphile.ts.
const P = Promise as unknown as { withResolvers?: <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } };
P.withResolvers ??= <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
export {};
