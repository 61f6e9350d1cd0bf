import { gunzipSync } from 'node:zlib';
import { type AttemptResult, type CheckPasses, CONTENT_PATTERNS, type Course, type InterviewQuestion, type JsonBytes, type Project, ROUTES, type Tutorial, TUTORIAL_NOT_FOUND_MESSAGE } from '@dblearn/contracts';
import { ServiceReplyDeserializer } from '@dblearn/nest-common';
import { NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { ItemCache } from '../src/item-cache/item-cache.js';
import { Types } from 'mongoose';
import { type ContentSuite, eventually, startContentService, startContentSuite } from './support/content-service.js';

let suite: ContentSuite;
/** Reads raw replies as the gateway does. */
let gateway: NatsCaller;
let second: INestMicroservice;

const send = <T>(pattern: string, payload: object) => suite.content.send<T>(pattern, payload);
const parse = (answer: JsonBytes) => JSON.parse(Buffer.from(answer.gzip ? gunzipSync(answer.body) : answer.body).toString('utf8')) as unknown;

type Kind = 'course' | 'tutorial' | 'project' | 'interview';
const READS = 6;

/**
 * The item as READS reads through the queue group see it, as the gateway reads it: NATS hands each
 * to either instance at random, so both answer some (each instance misses all six 1 time in 64).
 */
async function readEverywhere(kind: Kind, id: string): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (let read = 0; read < READS; read += 1) answers.push(parse(await gateway.send<JsonBytes>(CONTENT_PATTERNS.findItemJson, { kind, id })));
  return answers;
}

/** readEverywhere until the second instance holds an item of `kind`: six reads all miss it 1 time in 64. */
async function readUntilSecondHolds(kind: Kind, id: string): Promise<void> {
  for (let pass = 0; pass < 5; pass += 1) {
    await readEverywhere(kind, id);
    if (second.get(ItemCache).stats()[kind].entries > 0) return;
  }
}

beforeAll(async () => {
  suite = await startContentSuite('svc_content_item_reads');
  second = await startContentService(suite.config);
  gateway = new NatsCaller(suite.infra.natsUrl, { deserializer: new ServiceReplyDeserializer() });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await second?.close();
  await suite?.close();
});

describe('item reads from memory (content.item.find-json)', () => {
  it('answers what find answers, with an entity tag that changes with the item, gzipped when large and asked', async () => {
    const course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Cached reads', teacher: 'Edgar Codd', length: '1 hour' } }));
    const detail = 'SELECT name FROM student WHERE year = 2; '.repeat(60);
    const tutorial = await send<Tutorial>(...routeCall(ROUTES.tutorials.create, { body: { title: 'Large enough to gzip', courseId: course._id, content: { header: 'Filters', detail } } }));
    const plain = await gateway.send<JsonBytes>(CONTENT_PATTERNS.findItemJson, { kind: 'tutorial', id: tutorial._id });
    expect(parse(plain)).toEqual(await send(CONTENT_PATTERNS.findTutorial, { id: tutorial._id }));
    expect(plain.gzip).toBe(false);
    const gzipped = await gateway.send<JsonBytes>(CONTENT_PATTERNS.findItemJson, { kind: 'tutorial', id: tutorial._id, gzip: true });
    expect(gzipped.gzip).toBe(true);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(parse(gzipped)).toEqual(parse(plain));
    expect(gzipped.etag).toBe(plain.etag);
    // The course as stored, with its tutorial (find may answer from a read model that another instance's event has not reached yet).
    expect(parse(await gateway.send<JsonBytes>(CONTENT_PATTERNS.findItemJson, { kind: 'course', id: course._id }))).toEqual({ ...course, tutorials: [{ _id: tutorial._id, title: 'Large enough to gzip' }] });

    await send(...routeCall(ROUTES.tutorials.update, { params: { id: tutorial._id }, body: { title: 'Renamed' } }));
    const after = await gateway.send<JsonBytes>(CONTENT_PATTERNS.findItemJson, { kind: 'tutorial', id: tutorial._id });
    expect((parse(after) as Tutorial).title).toBe('Renamed');
    expect(after.etag).not.toBe(plain.etag);
  });

  it('answers 404 for a missing item and 400 for a malformed request, and keeps neither', async () => {
    expect(await gateway.refusal(CONTENT_PATTERNS.findItemJson, { kind: 'tutorial', id: '0123456789abcdef01234567' })).toEqual({ statusCode: 404, message: TUTORIAL_NOT_FOUND_MESSAGE });
    expect((await gateway.refusal(CONTENT_PATTERNS.findItemJson, { kind: 'user', id: '0123456789abcdef01234567' })).statusCode).toBe(400);
    expect((await gateway.refusal(CONTENT_PATTERNS.findItemJson, { kind: 'tutorial', id: 'nope' })).statusCode).toBe(400);
  });

  it('never serves the old version on another instance once a write was answered, whatever wrote it', async () => {
    const course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'rm', name: 'Fresh everywhere', teacher: 'Edgar Codd', length: '1 hour' } }));
    const tutorial = await send<Tutorial>(...routeCall(ROUTES.tutorials.create, { body: { title: 'Round 0', courseId: course._id } }));
    const project = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Project round 0', difficulty: 'beginner', courseId: course._id } }));
    const question = await send<InterviewQuestion>(...routeCall(ROUTES.interview.create, { body: { topic: 'rm', question: 'Round 0?', answer: 'Yes.' } }));
    for (let round = 1; round <= 8; round += 1) {
      // Both instances hold the current version, then a write goes through the queue group.
      for (const [kind, id] of [['tutorial', tutorial._id], ['project', project._id], ['interview', question._id], ['course', course._id]] as const) await readUntilSecondHolds(kind, id);
      expect(second.get(ItemCache).stats().tutorial.entries).toBeGreaterThan(0);
      await send(...routeCall(ROUTES.tutorials.update, { params: { id: tutorial._id }, body: { title: `Round ${round}` } }));
      await send(...routeCall(ROUTES.projects.update, { params: { id: project._id }, body: { title: `Project round ${round}`, difficulty: 'beginner' } }));
      await send(...routeCall(ROUTES.interview.update, { params: { id: question._id }, body: { topic: 'rm', question: `Round ${round}?`, answer: 'Yes.' } }));
      expect(await readEverywhere('tutorial', tutorial._id)).toEqual(Array(READS).fill(expect.objectContaining({ title: `Round ${round}` })));
      expect(await readEverywhere('project', project._id)).toEqual(Array(READS).fill(expect.objectContaining({ title: `Project round ${round}` })));
      expect(await readEverywhere('interview', question._id)).toEqual(Array(READS).fill(expect.objectContaining({ question: `Round ${round}?` })));
      // The course lists its items by title: renaming them rewrote the course document too.
      expect(await readEverywhere('course', course._id)).toEqual(Array(READS).fill(expect.objectContaining({ tutorials: [{ _id: tutorial._id, title: `Round ${round}` }] })));
    }
    await send(...routeCall(ROUTES.tutorials.delete, { params: { id: tutorial._id } }));
    for (let read = 0; read < READS; read += 1) expect((await gateway.refusal(CONTENT_PATTERNS.findItemJson, { kind: 'tutorial', id: tutorial._id })).statusCode).toBe(404);
  });

  it('an import (a bulk write) drops what it may have changed on every instance', async () => {
    const question = await send<InterviewQuestion>(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: 'Before the import?', answer: 'Yes.' } }));
    // The relay's background clear of the created event is a whole-document write on FerretDB: let it
    // land first, or it may overwrite the import's change in the database itself (not this cache's doing).
    await eventually(async () => ((await suite.db.collection('interviewquestions').findOne({ _id: new Types.ObjectId(question._id) }))?.pendingEvents ?? [1]).length === 0, 30_000, 'the relay has cleared the created event');
    await readEverywhere('interview', question._id);
    const report = await suite.content.send(CONTENT_PATTERNS.importSlice, { courseOffset: 0, interviewOffset: 0, interviewQuestions: [{ ...question, question: 'After the import?' }] }, 60_000);
    expect(report).toEqual({ created: 0, updated: 1, rejected: [] });
    const stored = await suite.db.collection('interviewquestions').findOne({ _id: new Types.ObjectId(question._id) });
    expect(stored?.question).toBe('After the import?');
    expect(await readEverywhere('interview', question._id)).toEqual(Array(READS).fill(expect.objectContaining({ question: 'After the import?' })));
  });

  it('reports the memory it holds, within its bound', async () => {
    const course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'fo', name: 'Counted', teacher: 'Edgar Codd', length: '1 hour' } }));
    await readUntilSecondHolds('course', course._id);
    const stats = second.get(ItemCache).stats();
    for (const kind of ['course', 'tutorial', 'project', 'interview'] as const) {
      expect(stats[kind].bytes).toBeLessThanOrEqual(stats[kind].maxBytes);
      expect(stats[kind].maxBytes).toBe(Math.floor((64 * 1024 * 1024) / 4));
    }
    expect(stats.course.entries).toBeGreaterThan(0);
  });
});

describe('learners\' check progress, kept by every instance that read it (ChecksService)', () => {
  it('an attempt answered on one instance is what every instance answers next', async () => {
    const course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Blocks and records', teacher: 'Edgar Codd', length: '1 hour' } }));
    const project = await send<Project>(...routeCall(ROUTES.projects.create, { body: { title: 'Counting blocks', difficulty: 'beginner', courseId: course._id } }));
    const withCheck = await send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId: project._id }, body: { kind: 'quiz', task: 'How many blocks hold 1000 records of 100 bytes in 4096-byte blocks?', quiz: { type: 'number', answer: 25, tolerance: 0 }, explanation: 'bfr = 40; 1000 / 40 = 25.' } }));
    const checkId = withCheck.checks[withCheck.checks.length - 1]!._id;
    const userId = new Types.ObjectId().toHexString();
    const passesEverywhere = async () => {
      const seen: CheckPasses[] = [];
      for (let read = 0; read < READS; read += 1) seen.push(await send<CheckPasses>(CONTENT_PATTERNS.checkPasses, { projectId: project._id, userId }));
      return seen;
    };
    const failuresEverywhere = async () => (await passesEverywhere()).map((passes) => passes.failures[checkId] ?? 0);

    // Both instances keep the learner's progress (READS reads reach both), then each wrong answer changes it.
    expect(await failuresEverywhere()).toEqual(Array(READS).fill(0));
    for (let failures = 1; failures <= 3; failures += 1) {
      expect((await send<AttemptResult>(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId, checkId, answer: 24 } })).passed).toBe(false);
      expect(await failuresEverywhere()).toEqual(Array(READS).fill(failures));
    }
    expect((await send<AttemptResult>(CONTENT_PATTERNS.attempt, { id: project._id, body: { userId, checkId, answer: 25 } })).passed).toBe(true);
    expect((await passesEverywhere()).map((passes) => passes.passed)).toEqual(Array(READS).fill([checkId]));
  });
});
