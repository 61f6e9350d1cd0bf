import { parseArgs } from 'node:util';
import { SERVICES, type ServiceName } from '@dblearn/contracts';
import { connect } from '@nats-io/transport-node';
import { DEFAULT_NATS_URL, type Environment, nonEmpty } from '../config/service-config.js';
import { natsConnectionOptions } from '../config/nats-connection.js';
import { redactUrl } from '../config/redact-url.js';
import { ParkedEvents } from '../events/parked-events.js';

const USAGE = `Lists or replays the events a service's consumer parked (NATS_URL chooses the server).

Usage: npm run events -w svc-<service> -- parked
       npm run events -w svc-<service> -- replay <eventId>… | --all

  parked            one line per parked event: key, subject, deliveries, when, reason
  replay <ids>      sends those events to the service's consumer again and unparks them
  replay --all      the same for every parked event of the service`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const CONSOLE_OUTPUT: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** `events <service> parked|replay …`. Exit codes: 0 done, 1 NATS failed, 2 wrong usage. */
export async function eventsCommand(argv: string[], env: Environment = process.env, output: CommandOutput = CONSOLE_OUTPUT): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const [service, action, ...ids] = parsed.positionals;
  if (parsed.values.help) {
    output.out(USAGE);
    return 0;
  }
  const usable =
    service !== undefined &&
    service in SERVICES &&
    ((action === 'parked' && ids.length === 0 && !parsed.values.all) || (action === 'replay' && (ids.length > 0) !== (parsed.values.all === true)));
  if (!usable) {
    output.err(USAGE);
    return 2;
  }
  const natsUrl = nonEmpty(env.NATS_URL) ?? DEFAULT_NATS_URL;
  let nc;
  try {
    nc = await connect({ ...natsConnectionOptions(natsUrl), timeout: 3_000, maxReconnectAttempts: 0 });
  } catch (error) {
    output.err(`Could not reach NATS at ${redactUrl(natsUrl)}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const parked = await ParkedEvents.open(nc, service as ServiceName);
    if (action === 'parked') {
      const events = await parked.list();
      for (const event of events) output.out(`${event.key}  ${event.subject}  ${event.deliveries} deliveries  ${event.parkedAt}  ${event.reason}`);
      output.out(`${events.length} parked event(s) for svc-${service}.`);
      return 0;
    }
    const replayed = await parked.replay(parsed.values.all ? undefined : ids);
    output.out(`Replayed ${replayed.length} event(s)${replayed.length > 0 ? `: ${replayed.join(', ')}` : ''}.`);
    const missing = ids.filter((id) => !replayed.includes(id.includes('.') ? id : `${service}.${id}`));
    if (missing.length > 0) output.err(`Not parked: ${missing.join(', ')}.`);
    return missing.length > 0 ? 1 : 0;
  } catch (error) {
    output.err(`NATS failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await nc.drain().catch(() => nc.close());
  }
}
