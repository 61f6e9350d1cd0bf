import { describe, expect, it } from '@jest/globals';
import type { Model } from 'mongoose';
import type { SandboxSourceRecord } from './sandbox-source.schema.js';
import { SandboxesService } from './sandboxes.service.js';

/** A sandbox_sources model whose upsert meets `error`, as the second of two concurrent upserts of one script does. */
function sourcesFailingWith(error: Error): Model<SandboxSourceRecord> {
  return { updateOne: () => ({ exec: () => Promise.reject(error) }) } as unknown as Model<SandboxSourceRecord>;
}

const service = (sources: Model<SandboxSourceRecord>) => new SandboxesService(sources, {} as never, {} as never, {} as never);

describe('storing a sandbox script', () => {
  it('takes a duplicate key as stored: a concurrent save of the same script (keyed by its hash) won the insert', async () => {
    const duplicate = Object.assign(new Error('E11000 duplicate key error collection: dblearn_content.sandbox_sources'), { code: 11000 });
    const pointer = await service(sourcesFailingWith(duplicate)).store({ kind: 'sql', source: 'CREATE TABLE t (x INTEGER);' });
    expect(pointer).toEqual({ kind: 'sql', hash: expect.stringMatching(/^[0-9a-f]+$/), hiddenHash: null });
  });

  it('lets any other failure through', async () => {
    await expect(service(sourcesFailingWith(new Error('connection lost'))).store({ kind: 'sql', source: 'CREATE TABLE t (x INTEGER);' })).rejects.toThrow('connection lost');
  });
});
