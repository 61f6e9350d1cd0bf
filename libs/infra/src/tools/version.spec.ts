import { describe, expect, it } from '@jest/globals';
import { ferretDbArgs } from './ferretdb.js';
import { natsServerArgs } from './nats.js';
import { compareVersions, parseVersion } from './version.js';

describe('parseVersion', () => {
  it('reads the version lines of go, FerretDB and nats-server', () => {
    expect(parseVersion('go version go1.26.8 linux/amd64')).toEqual({ major: 1, minor: 26, patch: 8 });
    expect(parseVersion('go version go1.24 linux/arm64')).toEqual({ major: 1, minor: 24, patch: 0 });
    expect(parseVersion('version: v1.24.2\ncommit: unknown')).toEqual({ major: 1, minor: 24, patch: 2 });
    expect(parseVersion('nats-server: v2.10.29')).toEqual({ major: 2, minor: 10, patch: 29 });
    expect(parseVersion('no version here')).toBeUndefined();
  });

  it('orders versions', () => {
    expect(compareVersions({ major: 1, minor: 22, patch: 9 }, { major: 1, minor: 24, patch: 0 })).toBeLessThan(0);
    expect(compareVersions({ major: 2, minor: 10, patch: 0 }, { major: 2, minor: 10, patch: 0 })).toBe(0);
  });
});

describe('server arguments', () => {
  it('runs FerretDB on SQLite in the data dir, loopback only, telemetry off', () => {
    expect(ferretDbArgs('/data', 27017)).toEqual([
      '--handler=sqlite',
      '--sqlite-url=file:/data/ferretdb/',
      '--listen-addr=127.0.0.1:27017',
      '--state-dir=/data/ferretdb-state',
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ]);
  });

  it('runs nats-server with JetStream stored in the data dir', () => {
    expect(natsServerArgs('/data', 4222)).toEqual(['-js', '-sd', '/data/nats', '-a', '127.0.0.1', '-p', '4222']);
  });
});
