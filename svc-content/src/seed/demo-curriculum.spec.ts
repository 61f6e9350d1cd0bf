import 'reflect-metadata';
import { TOPICS } from '@dblearn/contracts';
import { ImportedCourseDto } from '@dblearn/contracts/dto';
import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { demoCourses } from './demo-curriculum.js';

describe('the demo curriculum', () => {
  const courses = demoCourses();

  it('has at least 12 courses over all five topics, each with 3+ tutorials and 2+ projects with blocks', () => {
    expect(courses.length).toBeGreaterThanOrEqual(12);
    expect(new Set(courses.map((course) => course.topic))).toEqual(new Set(TOPICS));
    for (const course of courses) {
      expect(course.tutorials.length).toBeGreaterThanOrEqual(3);
      expect(course.projects.length).toBeGreaterThanOrEqual(2);
      for (const item of [...course.tutorials, ...course.projects]) expect(item.contents.length).toBeGreaterThan(0);
    }
  });

  it('keeps every rule of SPEC §5 (it is loaded through the import)', () => {
    const broken = courses.flatMap((course) =>
      validateSync(plainToInstance(ImportedCourseDto, course), { whitelist: true, forbidNonWhitelisted: true }).map((error) => `${course.name}: ${JSON.stringify(error.children ?? error.constraints).slice(0, 300)}`),
    );
    expect(broken).toEqual([]);
  });

  it('has unique, stable ids, ordered as listed', () => {
    const ids = courses.flatMap((course) => [course._id, ...course.tutorials.flatMap((t) => [t._id, ...t.contents.map((b) => b._id)]), ...course.projects.flatMap((p) => [p._id, ...p.contents.map((b) => b._id)])]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(demoCourses()).toEqual(courses);
    const courseIds = courses.map((course) => course._id);
    expect([...courseIds].sort()).toEqual(courseIds);
  });

  it('closes every fenced code block', () => {
    for (const course of courses) {
      for (const item of [...course.tutorials, ...course.projects]) {
        for (const block of item.contents) expect((block.detail.match(/```/g) ?? []).length % 2).toBe(0);
      }
    }
  });
});
