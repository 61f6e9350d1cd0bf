// Container healthcheck (docker-compose.yml), without curl in the image:
//   node healthcheck.mjs http <url>    healthy when the URL answers 2xx within 3 s;
//   node healthcheck.mjs bus           healthy when this container holds an open connection to NATS
//                                      and to MongoDB (a service has no HTTP port; the gateway's
//                                      /api/health asks it over NATS).
import { readFileSync } from 'node:fs';

const [mode, url] = process.argv.slice(2);

function portOf(address, fallback) {
  try {
    return Number(new URL(address).port) || fallback;
  } catch {
    return fallback;
  }
}

/** Remote ports of ESTABLISHED TCP connections of this network namespace (/proc/net/tcp{,6}). */
function establishedRemotePorts() {
  const ports = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const [, , remote, state] = line.trim().split(/\s+/);
      if (state === '01') ports.add(parseInt(remote.split(':')[1], 16));
    }
  }
  return ports;
}

if (mode === 'http') {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(3000) });
    process.exit(answer.ok ? 0 : 1);
  } catch {
    process.exit(1);
  }
} else if (mode === 'bus') {
  const open = establishedRemotePorts();
  const needed = [portOf(process.env.NATS_URL, 4222), portOf(process.env.MONGO_URL, 27017)];
  process.exit(needed.every((port) => open.has(port)) ? 0 : 1);
} else {
  process.stderr.write('usage: node healthcheck.mjs http <url> | bus\n');
  process.exit(2);
}
