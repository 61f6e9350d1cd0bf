import { CONTENT_PATTERNS, type Course } from '@dblearn/contracts';
import { LARGE_CATALOGUE, type NatsCaller, outsideCatalogue } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exportAll, importAll } from './support/export.js';
import { type ContentSuite, startContentSuite } from './support/content-service.js';

// Issue 30 High 2: re-importing an export wedged svc-content's database until FerretDB restarted
// (decision 0022: one long bulk update held every pooled SQLite connection of the database).

let suite: ContentSuite;
let content: NatsCaller;

beforeAll(async () => {
  suite = await startContentSuite('svc_content_import_roundtrip');
  ({ content } = suite);
}, 60_000);

afterAll(() => suite?.close());

/** Reads one course every 250 ms until stopped; the failures it met. */
function readThroughout(id: string): { stop: () => Promise<string[]> } {
  const failures: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        await content.send<Course>(CONTENT_PATTERNS.findCourse, { id }, 20_000);
      } catch (error) {
        failures.push((error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return failures;
    },
  };
}

describe('import of a large export', () => {
  it('export → import → import of 40 courses with 60 kB blocks writes everything and the service reads throughout', async () => {
    const catalogue = outsideCatalogue(LARGE_CATALOGUE);
    expect(await importAll(content, catalogue)).toEqual({ created: 40 + LARGE_CATALOGUE.questions, updated: 0, rejected: [] });
    const reader = readThroughout(catalogue.courses[0]!._id);
    const exported = await exportAll(content);
    expect(exported.courses).toHaveLength(40);
    expect(exported.interviewQuestions).toHaveLength(LARGE_CATALOGUE.questions);
    for (let round = 0; round < 2; round += 1) {
      // Each slice answers within the gateway's 60 s (importAll's deadline per slice).
      expect(await importAll(content, exported)).toEqual({ created: 0, updated: 40 + LARGE_CATALOGUE.questions, rejected: [] });
    }
    expect(await reader.stop()).toEqual([]);
    expect((await exportAll(content)).courses).toEqual(exported.courses);
  }, 240_000);
});
