import { describe, expect, it } from '@jest/globals';
import { UserFacingError } from '../errors.js';
import { parseCliArgs } from './args.js';

describe('parseCliArgs', () => {
  it('reads each command', () => {
    expect(parseCliArgs(['tools'])).toEqual({ name: 'tools' });
    expect(parseCliArgs(['start'])).toEqual({ name: 'start' });
    expect(parseCliArgs(['build'])).toEqual({ name: 'build', force: false });
    expect(parseCliArgs(['build', '--force'])).toEqual({ name: 'build', force: true });
  });

  it('reads test options and workspace filters in any order', () => {
    expect(parseCliArgs(['test'])).toEqual({ name: 'test', unit: false, busy: false, workspaces: [] });
    expect(parseCliArgs(['test', 'svc-users', '--unit', 'libs/infra'])).toEqual({ name: 'test', unit: true, busy: false, workspaces: ['svc-users', 'libs/infra'] });
    expect(parseCliArgs(['test', '--busy', 'svc-content'])).toEqual({ name: 'test', unit: false, busy: true, workspaces: ['svc-content'] });
  });

  it('shows help with no command', () => {
    expect(parseCliArgs([])).toEqual({ name: 'help' });
    expect(parseCliArgs(['--help'])).toEqual({ name: 'help' });
  });

  it('refuses unknown commands, options and stray arguments with the usage', () => {
    expect(() => parseCliArgs(['deploy'])).toThrow(/Unknown command: deploy[\s\S]*Usage/);
    expect(() => parseCliArgs(['test', '--watch'])).toThrow('Unknown option for test: --watch');
    expect(() => parseCliArgs(['start', 'now'])).toThrow(UserFacingError);
    expect(() => parseCliArgs(['build', '--unit'])).toThrow('Unknown option for build: --unit');
  });
});
