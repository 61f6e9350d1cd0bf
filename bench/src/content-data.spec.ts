import { TOPICS } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { benchContent, benchId } from './content-data.js';

describe('benchContent', () => {
  it('makes the asked numbers of courses and questions, topics in turn, with unique valid ids', () => {
    const { courses, interviewQuestions } = benchContent(10, 25);
    expect(courses).toHaveLength(10);
    expect(interviewQuestions).toHaveLength(25);
    expect(new Set(interviewQuestions.map((q) => q.topic))).toEqual(new Set(TOPICS));
    const ids = [...courses.flatMap((c) => [c._id, ...c.tutorials.map((t) => t._id), ...c.projects.map((p) => p._id)]), ...interviewQuestions.map((q) => q._id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
  });

  it('gives the same ids every run, so a second load updates instead of adding', () => {
    expect(benchContent(3, 3)).toEqual(benchContent(3, 3));
    expect(benchId(4, 9_999)).toMatch(/^[0-9a-f]{24}$/);
  });
});
