import seedrandom from "seedrandom";

/** A seeded generator: the same seed gives the same sequence on every machine. */
export function createRandom(seed: string) {
  const next = seedrandom.alea(seed);
  const random = {
    next: () => next(),
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    between: (min: number, max: number) => min + next() * (max - min),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Picks by weight: `[[value, weight], …]`. */
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries.at(-1)![0];
    },
    /** A standard normal draw (Box–Muller). */
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    /** A multiplicative factor around 1 with the given log-spread. */
    lognormal: (sigma: number) => Math.exp(sigma * random.normal()),
    date: (from: string, to: string) => {
      const start = Date.parse(from);
      const day = 86_400_000;
      return new Date(start + Math.floor(next() * ((Date.parse(to) - start) / day)) * day).toISOString().slice(0, 10);
    },
  };
  return random;
}

export type Random = ReturnType<typeof createRandom>;
