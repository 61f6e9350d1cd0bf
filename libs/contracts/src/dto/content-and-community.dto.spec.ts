import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import {
  CourseDto,
  CreateProjectDto,
  CreateTutorialDto,
  ImportedInterviewQuestionDto,
  InterviewQuestionDto,
  QnaQuestionDto,
  QnaReplyDto,
  QnaUpdateDto,
  UpdateProjectDto,
  UpdateQuestionMessageDto,
} from './index.js';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    return error.children?.length ? flatten(error.children, path) : [path];
  });
}

async function brokenRules<T extends object>(type: new () => T, body: Record<string, unknown>): Promise<string[]> {
  return flatten(await validate(plainToInstance(type, body), { whitelist: true, forbidNonWhitelisted: true }));
}

describe('content DTOs (SPEC §5)', () => {
  const course = { topic: 'sql', name: 'SQL joins', teacher: 'Ada Lovelace', length: '3 hours' };

  it('a course needs a known topic and names of 5–50 characters', async () => {
    expect(await brokenRules(CourseDto, course)).toEqual([]);
    expect(await brokenRules(CourseDto, { ...course, topic: 'cooking', name: 'SQL', teacher: 'x'.repeat(51), length: '1h' })).toEqual([
      'topic',
      'name',
      'teacher',
      'length',
    ]);
  });

  it('a project needs a title of 5–50 characters and one of the three difficulties; its block is checked too', async () => {
    expect(await brokenRules(CreateProjectDto, { title: 'Build a schema', difficulty: 'beginner', courseId: '6560f0c2a1b2c3d4e5f60718' })).toEqual([]);
    expect((await brokenRules(CreateProjectDto, { title: 'Tiny', difficulty: 'easy', courseId: 'abc' })).sort()).toEqual(['courseId', 'difficulty', 'title']);
    expect(await brokenRules(UpdateProjectDto, { title: 'Build a schema', difficulty: 'professional', content: { header: 'x'.repeat(256) } })).toEqual([
      'content.header',
    ]);
    expect(await brokenRules(UpdateProjectDto, { title: 'Build a schema', difficulty: 'professional', content: { detail: 'Only a detail' } })).toEqual([]);
  });

  it('a tutorial needs a title of at most 50 characters, and a block needs 5 characters of header and of detail', async () => {
    expect(await brokenRules(CreateTutorialDto, { title: 'Joins', content: { header: 'Inner joins', detail: 'Rows that match.' } })).toEqual([]);
    expect(await brokenRules(CreateTutorialDto, { title: '', content: { header: 'Hi', detail: 'Ok' } })).toEqual(['title', 'content.header', 'content.detail']);
  });

  it('an interview question needs topic, question and answer', async () => {
    expect(await brokenRules(InterviewQuestionDto, { topic: 'rm', question: 'What is a key?', answer: 'A set of attributes.' })).toEqual([]);
    expect(await brokenRules(InterviewQuestionDto, { topic: 'rm' })).toEqual(['question', 'answer']);
  });

  it('an interview question may carry a difficulty: easy, medium or hard', async () => {
    const question = { topic: 'rm', question: 'What is a key?', answer: 'A set of attributes.' };
    for (const difficulty of ['easy', 'medium', 'hard']) expect(await brokenRules(InterviewQuestionDto, { ...question, difficulty })).toEqual([]);
    expect(await brokenRules(InterviewQuestionDto, { ...question, difficulty: 'beginner' })).toEqual(['difficulty']);
    expect(await brokenRules(ImportedInterviewQuestionDto, { ...question, _id: '6560f0c2a1b2c3d4e5f60718', difficulty: 'expert' })).toEqual(['difficulty']);
  });
});

describe('community DTOs (SPEC §5)', () => {
  it('a Q&A question needs a topic, and title and description of 10–3000 characters; a userName rides along only as text', async () => {
    const question = { topic: 'nosql', title: 'When to pick a document store?', description: 'I am choosing between Postgres and MongoDB.' };
    expect(await brokenRules(QnaQuestionDto, question)).toEqual([]);
    expect(await brokenRules(QnaQuestionDto, { ...question, title: 'Short', description: { $ne: '' } })).toEqual(['title', 'description']);
    expect(await brokenRules(QnaQuestionDto, { ...question, userName: 'someone@else.dev' })).toEqual([]);
    expect(await brokenRules(QnaQuestionDto, { ...question, userName: { $gt: '' } })).toEqual(['userName']);
    expect(await brokenRules(QnaQuestionDto, { ...question, replies: [] })).toEqual(['replies']);
  });

  it('a reply needs 10–3000 characters', async () => {
    expect(await brokenRules(QnaReplyDto, { reply: 'Use a document store when…' })).toEqual([]);
    expect(await brokenRules(QnaReplyDto, { reply: 'Too short' })).toEqual(['reply']);
  });

  it('PUT /qna/{id} is an edit with all three fields, or a reply with the fields optional beside it', async () => {
    const question = { topic: 'sql', title: 'How do I write a join?', description: 'Two tables, one result.' };
    expect(await brokenRules(QnaUpdateDto, question)).toEqual([]);
    expect(await brokenRules(QnaUpdateDto, { title: question.title })).toEqual(['topic', 'description']);
    expect(await brokenRules(QnaUpdateDto, { reply: { reply: 'A reply long enough.' } })).toEqual([]);
    expect(await brokenRules(QnaUpdateDto, { ...question, _id: '665f1c2a9b1e8a3d4c5b6a79', userName: 'a@b.cd', reply: { reply: 'A reply long enough.', userName: 'a@b.cd' } })).toEqual([]);
    expect(await brokenRules(QnaUpdateDto, { reply: { reply: 'Too short' } })).toEqual(['reply.reply']);
    expect(await brokenRules(QnaUpdateDto, { reply: { reply: 'A reply long enough.' }, title: 'Short' })).toEqual(['title']);
    expect(await brokenRules(QnaUpdateDto, { reply: { reply: 'A reply long enough.' }, replies: [], datePosted: 'x' })).toEqual(['replies', 'datePosted']);
  });

  it("svc-community's update message checks the caller, the edit and the reply again", async () => {
    const caller = { _id: '665f1c2a9b1e8a3d4c5b6a79', name: 'Ana', isAdmin: false };
    expect(await brokenRules(UpdateQuestionMessageDto, { caller, reply: 'A reply long enough.' })).toEqual([]);
    expect(await brokenRules(UpdateQuestionMessageDto, { caller: { _id: { $ne: '' }, name: 7, isAdmin: 'yes' }, edit: { topic: 'sql' } })).toEqual([
      'edit.title',
      'edit.description',
      'caller._id',
      'caller.name',
      'caller.isAdmin',
    ]);
    // Issue 36: the caller is an account id; an e-mail is no longer part of it.
    expect(await brokenRules(UpdateQuestionMessageDto, { caller: { ...caller, email: 'ana@example.com' }, reply: 'A reply long enough.' })).toEqual(['caller.email']);
  });
});
