import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { createPino, createServiceLogger, logsAsJson } from './service-logger.js';

/** Collects what pino writes: one JSON object per line. */
function sink(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}


describe('the pino logger of every NestJS process', () => {
  it('writes JSON with the level, message, context and process name', () => {
    const { lines, stream } = sink();
    createServiceLogger({ name: 'svc-test', logLevel: 'log', logJson: true }, stream).log('ready', 'Bootstrap');
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'ready', context: 'Bootstrap', name: 'svc-test' })]);
  });

  it("moves Nest's boot announcements to debug", () => {
    const quiet = sink();
    createServiceLogger({ name: 'svc-test', logLevel: 'log', logJson: true }, quiet.stream).log('UsersModule dependencies initialized', 'InstanceLoader');
    expect(quiet.lines).toEqual([]);
    const chatty = sink();
    createServiceLogger({ name: 'svc-test', logLevel: 'debug', logJson: true }, chatty.stream).log('UsersModule dependencies initialized', 'InstanceLoader');
    expect(chatty.lines).toEqual([expect.objectContaining({ level: 20, context: 'InstanceLoader' })]);
  });

  it('keeps the stack and context of an error, and the fields of an object', () => {
    const { lines, stream } = sink();
    const logger = createServiceLogger({ name: 'svc-test', logLevel: 'log', logJson: true }, stream);
    logger.error('could not start', 'Error: boom\n    at x', 'Bootstrap');
    logger.warn({ msg: 'slow', ms: 1200 }, 'HTTP');
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, msg: 'could not start', stack: 'Error: boom\n    at x', context: 'Bootstrap' }),
      expect.objectContaining({ level: 40, msg: 'slow', ms: 1200, context: 'HTTP' }),
    ]);
  });

  it('hides passwords passed as structured values', () => {
    const { lines, stream } = sink();
    createPino({ name: 'svc-test', logLevel: 'log', logJson: true }, stream).info({ user: { email: 'a@b.io', password: 'hunter22' }, password: 'x1' }, 'Spec');
    expect(JSON.stringify(lines)).not.toMatch(/hunter22|x1/);
    expect(JSON.stringify(lines)).toContain('a@b.io');
  });

  it('logs JSON in production and readable lines for a person', () => {
    expect(logsAsJson({ NODE_ENV: 'production' })).toBe(true);
    expect(logsAsJson({})).toBe(false);
    expect(logsAsJson({ LOG_FORMAT: 'json' })).toBe(true);
    expect(logsAsJson({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe(false);
  });
});
