import { afterAll, describe, expect, it } from '@jest/globals';
import { HIDDEN_DATA_PREFIX, type Probe, type Quiz, type QuizAnswerValue } from '@dblearn/contracts';
import { gradeQuiz, MISSING_ORDER_MESSAGE, type MongoCollections, type MongoQuery, mongoQueryOrders, parseMongoQuery, quizAnswerRefusal, quizRefusal } from '@dblearn/lab';
import { aggregate, find } from 'mingo';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from '../seed/content-folder.js';
import { SqlRunner } from './sql-runner.js';

/** Every fail on the hidden data starts so, then names the kind of difference. */
const hiddenDataMessage = new RegExp(`^${HIDDEN_DATA_PREFIX}`);

// Issue 19: the shipped mongo checks are graded as a learner's attempt is, through the real worker
// pool (its worker script is the built one in dist/), on the visible JSON sandbox and the hidden
// variant derived from it; every shipped quiz takes its declared answer and refuses a wrong one.

const runner = new SqlRunner({ sqlWorkers: 1 });
/**
 * What a check does, not how fast: every job gets 20 s, as a first build of a sandbox and its variant
 * (and a 150-row pasted answer) can outlast the learner's time limit on a machine busy with other suites.
 */
const grade = (job: Parameters<SqlRunner['run']>[0]) => runner.run(job, undefined, 20_000);
afterAll(() => runner.onModuleDestroy());

type ShippedCheck = { _id: string; kind: string; task: string; referenceQuery?: string; referenceSql?: string; verifySql?: string; probes?: Probe[]; quiz?: Quiz };

const courses = readContentFolder(SHIPPED_CONTENT_DIR).courses;
const shipped = courses.flatMap((course) => course.projects.flatMap((project) => (project.checks ?? []).map((check) => ({ course, check: check as ShippedCheck }))));
const ofKind = (kind: string) => shipped.filter(({ check }) => check.kind === kind);

/** The reference's documents on the visible data, as the lab's mingo gives them (scripts off, $lookup within the sandbox). */
function visibleDocuments(source: string, referenceQuery: string): Record<string, unknown>[] {
  const parsed = parseMongoQuery(referenceQuery);
  if ('error' in parsed) throw new Error(parsed.error);
  const { query } = parsed;
  const collections = JSON.parse(source) as MongoCollections;
  const documents = collections[query.collection] ?? [];
  const options = { scriptEnabled: false, collectionResolver: (name: string) => collections[name] ?? [] };
  if (query.kind === 'aggregate') return aggregate(documents, query.pipeline, options) as Record<string, unknown>[];
  let cursor = find(documents, query.filter, query.projection, options);
  if (query.sort) cursor = cursor.sort(query.sort);
  if (query.skip !== undefined) cursor = cursor.skip(query.skip);
  if (query.limit) cursor = cursor.limit(query.limit);
  return cursor.all() as Record<string, unknown>[];
}

/** The visible result typed in as a literal: a pipeline that ignores the data and emits those documents in order. */
function pasted(collection: string, documents: Record<string, unknown>[]): string {
  const pipeline = [{ $limit: 1 }, { $project: { _id: 0, pasted: { $literal: documents } } }, { $unwind: '$pasted' }, { $replaceRoot: { newRoot: '$pasted' } }];
  return `db.${collection}.aggregate(${JSON.stringify(pipeline)})`;
}

describe('the shipped mongo checks on visible and hidden data', () => {
  const mongo = ofKind('mongo');

  it('shows in the querying lesson a book that dotted paths match and $elemMatch does not, and a $lookup that finds the referenced books', () => {
    const course = courses.find((candidate) => candidate.tutorials.some((tutorial) => tutorial.title === 'Querying documents'));
    const blocks = [...(course?.tutorials ?? [])].flatMap((tutorial) => tutorial.contents);
    const examples = (header: string) => [...(blocks.find((block) => block.header.includes(header))?.detail ?? '').matchAll(/```mongo\n([\s\S]*?)```/g)].map((match) => (match[1] ?? '').trim());
    const [dotted = '', elemMatch = ''] = examples('dotted paths against $elemMatch');
    const titles = (query: string) => visibleDocuments(course?.sandbox?.source ?? '', query).map((document) => document.title);
    expect(titles(elemMatch).length).toBeGreaterThan(0);
    expect(titles(dotted)).toEqual(expect.arrayContaining(titles(elemMatch)));
    expect(titles(dotted).length).toBeGreaterThan(titles(elemMatch).length);
    const [lookup = ''] = examples('with $lookup');
    const joined = visibleDocuments(course?.sandbox?.source ?? '', lookup);
    expect(joined.length).toBeGreaterThan(0);
    expect(joined.every((loan) => Array.isArray(loan.book) && loan.book.length === 1)).toBe(true);
  });

  it('gives every NoSQL course 3 mongo checks or more', () => {
    const nosql = courses.filter((course) => course.topic === 'nosql');
    expect(nosql.length).toBeGreaterThan(0);
    const fewer = nosql.filter((course) => mongo.filter((entry) => entry.course === course).length < 3).map((course) => course.name);
    expect(fewer).toEqual([]);
  });

  it.each(mongo.map(({ course, check }) => [check.task.slice(0, 60), course, check] as const))('%s', async (_task, course, check) => {
    const referenceQuery = check.referenceQuery ?? '';
    const source = { visible: course.sandbox?.source ?? '', hidden: null };
    const job = { sandboxKey: `shipped:${course._id}`, source, check: { kind: 'mongo' as const, referenceQuery } };
    // Its reference runs on both datasets (the save check) and passes against itself on both.
    expect(await grade({ op: 'reference', ...job })).toEqual({ ok: true });
    expect(await grade({ op: 'attempt', ...job, answer: referenceQuery })).toMatchObject({ passed: true });
    const documents = visibleDocuments(source.visible, referenceQuery);
    expect(documents.length).toBeGreaterThan(0);
    const collection = (parseMongoQuery(referenceQuery) as { query: { collection: string } }).query.collection;
    // The paste matches on the visible data by construction: the hidden data is what fails it (or, where the task sorts, its missing sort).
    const paste = await grade({ op: 'attempt', ...job, answer: pasted(collection, documents) });
    const sorted = mongoQueryOrders((parseMongoQuery(referenceQuery) as { query: MongoQuery }).query);
    expect({ task: check.task, paste }).toMatchObject({ task: check.task, paste: { passed: false, message: sorted ? MISSING_ORDER_MESSAGE : expect.stringMatching(hiddenDataMessage) } });
  });
});

/** The answer a quiz declares correct, as a learner sends it. */
function declaredAnswer(quiz: Quiz): QuizAnswerValue {
  return quiz.type === 'choice' ? [...quiz.correct] : quiz.answer;
}

/** An answer of the right shape that is wrong: another choice, a number past the tolerance, a set missing an item or with a stray one. */
function wrongAnswers(quiz: Quiz): QuizAnswerValue[] {
  switch (quiz.type) {
    case 'choice': {
      const others = quiz.options.map((_, index) => index).filter((index) => !quiz.correct.includes(index));
      const answers: QuizAnswerValue[] = others.map((index) => [index]);
      if (others[0] !== undefined) answers.push([...quiz.correct, others[0]]);
      if (quiz.correct.length > 1) answers.push(quiz.correct.slice(1));
      return answers;
    }
    case 'number':
      return [quiz.answer + quiz.tolerance + 1, quiz.answer - quiz.tolerance - 1];
    case 'set':
      return [[...quiz.answer, 'not-an-item'], ...(quiz.answer.length > 1 ? [quiz.answer.slice(1)] : [])];
  }
}

describe('the shipped quizzes', () => {
  const quizzes = ofKind('quiz');

  it('there are shipped quizzes of every type', () => {
    expect(new Set(quizzes.map(({ check }) => check.quiz?.type))).toEqual(new Set(['choice', 'number', 'set']));
  });

  it.each(quizzes.map(({ check }) => [check.task.slice(0, 60), check.quiz as Quiz] as const))('%s', (_task, quiz) => {
    expect(quizRefusal(quiz)).toBeNull();
    const answer = declaredAnswer(quiz);
    expect(quizAnswerRefusal(quiz, answer)).toBeNull();
    expect(gradeQuiz(quiz, answer).passed).toBe(true);
    const wrong = wrongAnswers(quiz);
    expect(wrong.length).toBeGreaterThan(0);
    for (const answer of wrong) expect({ answer, passed: gradeQuiz(quiz, answer).passed }).toEqual({ answer, passed: false });
  });
});
