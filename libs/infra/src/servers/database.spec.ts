import { ferretDbSocketPath, mongoServerSpec, mongoUrlFor } from './database.js';

const ferret = { kind: 'ferretdb', path: '/tools/ferretdb' } as const;

describe('the launcher’s database settings (issue 17, finding 7)', () => {
  it('runs FerretDB on a socket inside DATA_DIR with its TCP listener off', () => {
    const socket = ferretDbSocketPath('/home/ana/dblearn/.data');
    expect(socket).toBe('/home/ana/dblearn/.data/ferretdb.sock');
    const spec = mongoServerSpec(ferret, '/home/ana/dblearn/.data', { socket }, {});
    expect(spec.args).toContain('--listen-addr=');
    expect(spec.args).toContain(`--listen-unix=${socket}`);
    expect(spec.args.filter((arg) => /^--listen-addr=./.test(arg))).toEqual([]);
    expect(spec.ready).toEqual({ kind: 'unix', path: socket });
    expect(mongoUrlFor({ socket })).toBe('mongodb://%2Fhome%2Fana%2Fdblearn%2F.data%2Fferretdb.sock');
  });

  it('keeps a test suite’s private server on a loopback port', () => {
    const spec = mongoServerSpec(ferret, '/tmp/suite', 27999, {});
    expect(spec.args).toContain('--listen-addr=127.0.0.1:27999');
    expect(spec.args.some((arg) => arg.startsWith('--listen-unix'))).toBe(false);
    expect(mongoUrlFor(27999)).toBe('mongodb://127.0.0.1:27999');
  });

  it('says so when DATA_DIR is too long for a socket path', () => {
    expect(() => ferretDbSocketPath(`/${'x'.repeat(120)}`)).toThrow(/DATA_DIR is too long for the database's socket/);
  });
});
