/**
 * `npm run simulate -- --gateways 50 --rate 100 --protocol mqtt`: create (or take) gateways, publish
 * until Ctrl+C or --duration, print a live line every 5 s and the totals at the end.
 */
import { signIn } from './api';
import { ArgError, type CliOptions, parseCliArgs, USAGE } from './args';
import { runFleet } from './fleet';
import { gatewayFromToken, type SimulatedGateway, type SimulatorProtocol } from './gateway';
import { lookupGateway } from './provision/gateways';
import { provisionFleet } from './provision/index';
import { liveLine, plural, totalsLines } from './report';
import type { FleetStats } from './stats';

const LIVE_EVERY_MS = 5_000;
const LISTED_GATEWAYS = 10;
const PROTOCOL_LABEL: Record<SimulatorProtocol, string> = { mqtt: 'MQTT', http: 'HTTP', coap: 'CoAP' };

async function main(): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ArgError)) throw error;
    console.error(`simulate: ${error.message}\nRun with --help for the options.`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }

  const gateways =
    options.existing.length > 0 ? await existingGateways(options) : await createGateways(options);
  const perSecond = options.rate * gateways.length;
  console.log(
    `Publishing over ${PROTOCOL_LABEL[options.protocol]}: ${plural(gateways.length, 'gateway')} × ${options.rate} readings/s ` +
      `= ${perSecond} readings/s, ${perSecond * options.params} points/s` +
      `${options.batch > 1 ? `, ${options.batch} readings per message` : ''}` +
      `${options.duration ? `, for ${options.duration}s` : ' (Ctrl+C stops)'}`,
  );

  const fleet = await runFleet({
    gateways,
    protocol: options.protocol,
    rate: options.rate,
    batch: options.batch,
    params: options.params,
    seed: options.seed,
    url: options.url,
    mqttUrl: options.mqttUrl,
    coapUrl: options.coapUrl,
    durationMs: options.duration === undefined ? undefined : options.duration * 1000,
  });

  let previous: FleetStats = fleet.stats();
  const live = setInterval(() => {
    const current = fleet.stats();
    console.log(liveLine(previous, current));
    previous = current;
  }, LIVE_EVERY_MS);

  let interrupted = false;
  const onSignal = () => {
    // A second Ctrl+C means "now", without waiting for messages in flight.
    if (interrupted) process.exit(130);
    interrupted = true;
    console.log('\nStopping: sending the last readings and disconnecting (Ctrl+C again to quit at once)…');
    void fleet.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const totals = await fleet.done;
  clearInterval(live);
  console.log(totalsLines(totals));
  return totals.readings > 0 ? 0 : 1;
}

async function createGateways(options: CliOptions): Promise<SimulatedGateway[]> {
  console.log(
    `Creating ${plural(options.gateways, `${PROTOCOL_LABEL[options.protocol]} gateway`)} through ${options.url}…`,
  );
  const fleet = await provisionFleet({
    url: options.url,
    email: options.email,
    password: options.password,
    org: options.org,
    project: options.project,
    gateways: options.gateways,
    protocol: options.protocol,
    params: options.params,
    onProgress: (message) => console.log(`  ${message}`),
  });
  for (const gateway of fleet.gateways.slice(0, LISTED_GATEWAYS)) {
    console.log(`  ${gateway.name}  gateway ${gateway.uuid}  sensor ${gateway.sensor_id}`);
  }
  if (fleet.gateways.length > LISTED_GATEWAYS) {
    console.log(`  … and ${fleet.gateways.length - LISTED_GATEWAYS} more`);
  }
  console.log(`  Data: GET /api/telemetry/orgs/${fleet.orgId}/sensors/<sensor>/latest`);
  return fleet.gateways;
}

/**
 * HTTP and CoAP need only uuid and token. MQTT also needs topic, client id and user name: asked from
 * the API when it answers, else the server's defaults for a gateway created without them.
 */
async function existingGateways(options: CliOptions): Promise<SimulatedGateway[]> {
  const fallback = () => options.existing.map(({ uuid, token }) => gatewayFromToken(uuid, token));
  if (options.protocol !== 'mqtt') return fallback();
  try {
    const session = await signIn(options.url, options.email, options.password, options.org);
    return await Promise.all(
      options.existing.map(({ uuid, token }) => lookupGateway(session.api, session.orgId, uuid, token)),
    );
  } catch (error) {
    console.warn(
      `Could not read the gateways from the API (${(error as Error).message}); ` +
        'using the default topic ferrite/<uuid> and client id gw-<12 hex of the uuid>',
    );
    return fallback();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`simulate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
