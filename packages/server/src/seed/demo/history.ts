/**
 * The demo plant's recent past: the simulated gateways only report once the server runs, so without
 * this every chart of a fresh demo (and the Entity Manager's last hour) starts empty. Before the port
 * opens, each gateway's readings of the last HISTORY_HOURS are computed with the simulator's own value
 * model (daily wave, process cycle, noise, P-101's wear) at one reading a minute, and written through
 * the telemetry writer, which fills the raw table and the rollups the charts read as live data does.
 */
import { ReadingGenerator } from '@ferrite/simulator';
import { type PointRun, TelemetryWriter } from '../../telemetry/writer';
import type { DemoContext, DemoSeeder } from './context';
import { DEMO_PLANT_SEED, gatewayFields, gatewayProfiles } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';

/** How far back the plant reports, and how often. Measured cost on PGlite: see ARCHITECTURE.md. */
export const HISTORY_HOURS = 6;
export const HISTORY_STEP_MS = 60_000;

/** The readings each demo sensor parameter would have sent from `from` to `to`, one run per series. */
export function historyRuns(
  ctx: Pick<DemoContext, 'orgId' | 'sensors'>,
  createdAt: ReadonlyMap<string, number>,
  from: number,
  to: number,
): PointRun[] {
  const runs: PointRun[] = [];
  for (const plant of DEMO_PLANTS) {
    for (const gateway of plant.gateways) {
      const since = createdAt.get(gateway.name);
      if (since === undefined) continue;
      const fields = gatewayFields(plant, gateway);
      const generator = new ReadingGenerator(
        // Wear counts from the gateway's creation, and values are keyed by its name, as they are live:
        // history and live agree at the seam.
        gatewayProfiles(plant, gateway, since),
        DEMO_PLANT_SEED,
        gateway.name,
      );
      const series = fields.map((field) => {
        const sensor = ctx.sensors.get(field.tag);
        if (!sensor) throw new Error(`Gateway "${gateway.name}" feeds an unknown sensor ${field.tag}`);
        const run = {
          orgId: ctx.orgId,
          sensorId: sensor.id,
          paramKey: field.param,
          ts: [] as number[],
          values: [] as number[],
        };
        runs.push(run);
        return { field: field.field, run };
      });
      for (let ts = from; ts < to; ts += HISTORY_STEP_MS) {
        const reading = generator.next(ts);
        for (const { field, run } of series) {
          run.ts.push(ts);
          run.values.push(reading[field] as number);
        }
      }
    }
  }
  return runs;
}

export const historySeeder: DemoSeeder = {
  key: 'history',
  async seed(ctx) {
    const gateways = await ctx.db
      .selectFrom('gateways')
      .select(['name', 'created_at'])
      .where('org_id', '=', ctx.orgId)
      .execute();
    const createdAt = new Map(gateways.map((g) => [g.name, new Date(g.created_at).getTime()]));
    // Whole minutes up to the one in progress: the live plant's first readings come after it.
    const to = Math.floor(Date.now() / HISTORY_STEP_MS) * HISTORY_STEP_MS;
    const from = to - HISTORY_HOURS * 3_600_000;
    await new TelemetryWriter(ctx.db).writeRuns(historyRuns(ctx, createdAt, from, to));
  },
  async clear(ctx) {
    // Before the demo was ever served, all of its organization's telemetry is this seeder's.
    for (const table of ['telemetry', 'telemetry_1m', 'telemetry_1h', 'telemetry_6h'] as const) {
      await ctx.db.deleteFrom(table).where('org_id', '=', ctx.orgId).execute();
    }
  },
};
