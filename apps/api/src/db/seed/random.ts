/**
 * Deterministic randomness for the seed: the same input always gives the same catalogue and the same artwork,
 * so generated files can be cached by content and benchmark runs are comparable.
 */

/** FNV-1a, 32 bit: a stable number for a string (a slug picks its artwork variant with it). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers over one generator, so callers say what they draw instead of doing index arithmetic. */
export function randomTools(random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T extends NonNullable<unknown>>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('Cannot pick from an empty list');
    return item;
  };
  /** `count` distinct items, in random order. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length) chosen.push(...pool.splice(int(0, pool.length - 1), 1));
    return chosen;
  };
  const chance = (probability: number) => random() < probability;
  return { random, int, pick, sample, chance };
}
