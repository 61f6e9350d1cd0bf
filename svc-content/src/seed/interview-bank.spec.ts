import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INTERVIEW_DIFFICULTIES, TOPICS } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from './content-folder.js';
import { contentProblems } from './content-validation.js';

const folder = readContentFolder(SHIPPED_CONTENT_DIR);
const questions = folder.interviewQuestions;
const topicFiles = (readFileSync(join(SHIPPED_CONTENT_DIR, 'interview/index.yaml'), 'utf8').match(/^- (\S+)$/gm) ?? []).map((line) => line.slice(2));

/** The 1-based line of `needle` in a shipped interview file. */
function lineIn(file: string, needle: string): number {
  const text = readFileSync(join(SHIPPED_CONTENT_DIR, 'interview', file), 'utf8');
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('the interview bank (issue 33)', () => {
  it('holds at least 120 questions, every topic file non-empty, every topic covered, every difficulty valid', () => {
    expect(questions.length).toBeGreaterThanOrEqual(120);
    expect(topicFiles.length).toBe(TOPICS.length);
    for (const file of topicFiles) expect(readFileSync(join(SHIPPED_CONTENT_DIR, 'interview', file), 'utf8')).toMatch(/^ {2}- id: [0-9a-f]{24}$/m);
    expect(new Set(questions.map((question) => question.topic))).toEqual(new Set(TOPICS));
    expect(questions.filter((question) => !(INTERVIEW_DIFFICULTIES as readonly string[]).includes(question.difficulty))).toEqual([]);
    // Each level is used, so the badge tells questions apart.
    expect(new Set(questions.map((question) => question.difficulty))).toEqual(new Set(INTERVIEW_DIFFICULTIES));
  });

  it('dates every id in the past, so a question an admin adds is listed after the bank (oldest first)', () => {
    const now = Date.now() / 1000;
    expect(questions.filter(({ _id }) => Number.parseInt(_id.slice(0, 8), 16) >= now).map(({ _id }) => _id)).toEqual([]);
  });

  it('keeps every question to 3–8 paragraphs, with no empty one', () => {
    const outside = questions.filter(({ answer }) => {
      const paragraphs = answer.split('\n');
      return paragraphs.length < 3 || paragraphs.length > 8 || paragraphs.some((paragraph) => paragraph.trim() === '');
    });
    expect(outside.map(({ question }) => question)).toEqual([]);
  });

  it('refuses a question without a difficulty, or with one that does not exist, naming file and line', () => {
    const at = questions.findIndex((question) => question.topic === 'sql');
    const { _id: id, difficulty: _dropped, ...rest } = questions[at]!;
    const without = { ...folder, interviewQuestions: questions.map((question, index) => (index === at ? { _id: id, ...rest } : question)) } as typeof folder;
    expect(contentProblems(without)).toEqual([{ file: 'interview/sql.yaml', line: lineIn('sql.yaml', `id: ${id}`), message: expect.stringMatching(/needs a difficulty: one of easy, medium, hard\.$/) }]);

    const unknown = { ...folder, interviewQuestions: questions.map((question, index) => (index === at ? { ...question, difficulty: 'expert' } : question)) } as typeof folder;
    const afterId = readFileSync(join(SHIPPED_CONTENT_DIR, 'interview/sql.yaml'), 'utf8').split(`id: ${id}`)[1]!;
    const difficultyLine = lineIn('sql.yaml', `id: ${id}`) + afterId.slice(0, afterId.indexOf('difficulty:')).split('\n').length - 1;
    expect(contentProblems(unknown)).toEqual([{ file: 'interview/sql.yaml', line: difficultyLine, message: 'Difficulty must be one of: easy, medium, hard.' }]);
  });
});
