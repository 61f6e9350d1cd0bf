import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { join, resolve } from 'node:path';

// eslint.config.js: a service writes through its store alone (libs/nest-common README, "storage layer").
const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const eslint = new ESLint({ cwd: repoRoot });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const outboxWrite = [
  "import { EventOutbox } from '@dblearn/nest-common';",
  'export class Grants {',
  '  constructor(private readonly outbox: EventOutbox) {}',
  '}',
].join('\n');

describe('one write API: the store', () => {
  it.each(['svc-users/src/admin/x.ts', 'svc-content/src/courses/x.ts', 'svc-community/test/x.spec.ts', 'gateway/src/auth/x.ts'])('refuses EventOutbox in %s', async (file) => {
    expect(await problems(file, outboxWrite)).toContainEqual(expect.stringMatching(/^no-restricted-imports: .*Write through the model's store/));
  });

  it('refuses events written into pendingEvents by hand in service code', async () => {
    const code = "export const grant = (users: { updateOne(f: object, u: object): void }, event: object) => users.updateOne({ _id: 1 }, { $push: { pendingEvents: event } });";
    expect(await problems('svc-users/src/admin/x.ts', code)).toEqual([expect.stringMatching(/^no-restricted-syntax: Events are written by a store/)]);
  });

  it('lets the storage layer itself use EventOutbox', async () => {
    expect(await problems('libs/nest-common/src/storage/x.ts', outboxWrite.replace("'@dblearn/nest-common'", "'../events/event-outbox.js'"))).toEqual([]);
  });
});
