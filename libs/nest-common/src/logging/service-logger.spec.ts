import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createServiceLogger } from './service-logger.js';

describe('createServiceLogger', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  function captureStdout(): string[] {
    const lines: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    return lines;
  }

  it('writes one JSON object per line', () => {
    const lines = captureStdout();
    createServiceLogger({ name: 'svc-test', logLevel: 'log', logJson: true }).log('ready', 'Bootstrap');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'log', message: 'ready', context: 'Bootstrap' });
  });

  it("moves Nest's boot announcements to debug", () => {
    const lines = captureStdout();
    const quiet = createServiceLogger({ name: 'svc-test', logLevel: 'log', logJson: true });
    quiet.log('UsersModule dependencies initialized', 'InstanceLoader');
    expect(lines).toHaveLength(0);
    createServiceLogger({ name: 'svc-test', logLevel: 'debug', logJson: true }).log('UsersModule dependencies initialized', 'InstanceLoader');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'debug', context: 'InstanceLoader' });
  });

  it('masks passwords passed as structured values', () => {
    const lines = captureStdout();
    createServiceLogger({ name: 'svc-test', logLevel: 'log', logJson: true }).log({ email: 'a@b.io', password: 'hunter22' }, 'Spec');
    expect(lines.join('')).not.toContain('hunter22');
    expect(lines.join('')).toContain('a@b.io');
  });
});
