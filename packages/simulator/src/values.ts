/**
 * Realistic readings: per parameter a day-long wave, a process cycle of minutes, a slow drift, noise
 * and occasional decaying spikes, kept within the parameter's bounds. Everything random comes from
 * the seed, so the same seed and timestamps give the same readings.
 */
import type { ParameterProfile } from './parameters';
import { gaussian, type Random, seededRandom } from './random';

/** One reading as a device sends it: epoch milliseconds in `ts`, one number per parameter. */
export type Reading = { ts: number } & Record<string, number>;

const DAY_MS = 86_400_000;

interface ParameterState {
  profile: ParameterProfile;
  random: Random;
  /** Each gateway sits a little apart from the others, on its own phase. */
  offset: number;
  dailyPhase: number;
  cyclePhase: number;
  cycleMs: number;
  drift: number;
  spike: number;
}

/** Produces one gateway's readings; `gatewayKey` (its place in a fleet, or a name) keeps gateways of one seed distinct. */
export class ReadingGenerator {
  private readonly states: ParameterState[];

  constructor(profiles: readonly ParameterProfile[], seed: string | number, gatewayKey: string | number = 0) {
    this.states = profiles.map((profile) => {
      const random = seededRandom(`${seed}/${gatewayKey}/${profile.key}`);
      const range = profile.max - profile.min;
      return {
        profile,
        random,
        offset: (random() - 0.5) * 0.1 * range,
        dailyPhase: random() * 2 * Math.PI,
        cyclePhase: random() * 2 * Math.PI,
        cycleMs: (5 + random() * 15) * 60_000,
        drift: 0,
        spike: 0,
      };
    });
  }

  /** The parameter values at `ts` (epoch ms); each call advances noise, drift and spikes. */
  next(ts: number): Reading {
    const reading: Reading = { ts } as Reading;
    for (const state of this.states) reading[state.profile.key] = this.value(state, ts);
    return reading;
  }

  private value(state: ParameterState, ts: number): number {
    const { profile, random } = state;
    // Mean-reverting drift: wanders like a real process without running off to a bound.
    state.drift = state.drift * 0.995 + gaussian(random) * profile.noise * 0.3;
    if (state.spike === 0 && random() < profile.spikeChance)
      state.spike = profile.spike * (0.6 + random() * 0.4);
    else state.spike = Math.abs(state.spike) < Math.abs(profile.spike) * 0.05 ? 0 : state.spike * 0.5;
    const raw =
      profile.base +
      state.offset +
      profile.daily * Math.sin((2 * Math.PI * ts) / DAY_MS + state.dailyPhase) +
      profile.cycle * Math.sin((2 * Math.PI * ts) / state.cycleMs + state.cyclePhase) +
      state.drift +
      gaussian(random) * profile.noise +
      state.spike +
      creepAt(profile, ts);
    const bounded = Math.min(profile.max, Math.max(profile.min, raw));
    const scale = 10 ** profile.decimals;
    return Math.round(bounded * scale) / scale;
  }
}

/** How far wear has moved the level by `ts` (never negative: before `since` nothing has worn). */
function creepAt(profile: ParameterProfile, ts: number): number {
  if (!profile.creep) return 0;
  return (profile.creep.perDay * Math.max(0, ts - profile.creep.since)) / DAY_MS;
}
