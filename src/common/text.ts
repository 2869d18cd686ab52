// Wording of the figures in messages a person reads: "1 event", "2 events".

/** `n` and the noun, in agreement: plural(1, "event") = "1 event", plural(3, "entry", "entries") = "3 entries". */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
