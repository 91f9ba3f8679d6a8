/** A small seeded random source, so a fleet started with the same seed sends the same values. */

/** A uniform random number in [0, 1). */
export type Random = () => number;

/** Hashes text to 32 bits (FNV-1a), to derive independent streams from one seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: fast, good enough for telemetry, and fully determined by its seed. */
export function seededRandom(seed: string | number): Random {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal sample (Box–Muller), from two uniform draws. */
export function gaussian(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) would be -Infinity
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
