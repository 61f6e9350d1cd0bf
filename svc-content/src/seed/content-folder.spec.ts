import 'reflect-metadata';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOPICS } from '@dblearn/contracts';
import { afterEach, describe, expect, it } from '@jest/globals';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { ContentFolderError, readContentFolder, readMarkdownItem } from './content-folder.js';
import { contentProblems } from './content-validation.js';
import { DESIGN_TASK_MINUTES, EXERCISE_MINUTES, honestLength, honestMinutes, statedMinutes } from './course-length.js';

const folder = readContentFolder(SHIPPED_CONTENT_DIR);
const { courses } = folder;

/** A copy of content/ to break, removed after the test. */
let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});
function brokenCopy(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-'));
  copies.push(dir);
  cpSync(SHIPPED_CONTENT_DIR, dir, { recursive: true });
  writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
  return dir;
}
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('the shipped content folder', () => {
  it('has no invalid item: every course, tutorial, project, check and question keeps the admin API rules', () => {
    expect(contentProblems(folder)).toEqual([]);
  });

  it('has at least 12 courses over all five topics, each with 3+ tutorials and 2+ projects with blocks, and the interview bank', () => {
    expect(courses.length).toBeGreaterThanOrEqual(12);
    expect(new Set(courses.map((course) => course.topic))).toEqual(new Set(TOPICS));
    for (const course of courses) {
      expect(course.tutorials.length).toBeGreaterThanOrEqual(3);
      expect(course.projects.length).toBeGreaterThanOrEqual(2);
      for (const item of [...course.tutorials, ...course.projects]) expect(item.contents.length).toBeGreaterThan(0);
    }
    expect(folder.interviewQuestions.length).toBeGreaterThanOrEqual(50);
  });

  it('keeps the ids learners progress is attached to (as the TypeScript seed derived them)', () => {
    const relations = courses.find((course) => course.name === 'Relations, Keys and Constraints')!;
    expect(relations._id).toBe('6955b902e53b97a86b709162');
    expect(relations.projects[0]).toMatchObject({ _id: '6955b9027eb38993d1c0b085', title: 'Find every key' });
    // Find every key's first checks graded student.email instead of FLIGHT (issue 19) and left with new ids;
    // the employee 4 check kept its wording's id.
    expect(relations.projects[1]!.checks![0]!._id).toBe('6955b9028bba72da79faa729');
    expect(relations.projects[0]!.contents[0]!._id).toBe('6955b900512e23611df7ba94');
  });

  it('states an honest length for every course: within 25 % of its reading, its exercises by difficulty and its design tasks', () => {
    const dishonest = courses.flatMap((course) => {
      const expected = honestMinutes(course);
      const stated = statedMinutes(course.length);
      const allowed = 0.25 * expected;
      return stated !== null && Math.abs(stated - expected) <= allowed ? [] : [`${course.name}: "${course.length}", the rule says ${expected} minutes ("${honestLength(expected)}")`];
    });
    expect(dishonest).toEqual([]);
  });

  it('closes every fenced code block', () => {
    for (const course of courses) {
      for (const item of [...course.tutorials, ...course.projects]) {
        for (const block of item.contents) expect((block.detail.match(/```/g) ?? []).length % 2).toBe(0);
      }
    }
  });
});

describe('the length rule', () => {
  it('reads lengths in minutes and hours, and writes minutes below 90, hours to the half hour above', () => {
    expect([statedMinutes('45 minutes'), statedMinutes('1 hour'), statedMinutes('2.5 hours'), statedMinutes('about a day')]).toEqual([45, 60, 150, null]);
    expect([honestLength(89), honestLength(90), honestLength(104), honestLength(105), honestLength(200)]).toEqual(['89 minutes', '1.5 hours', '1.5 hours', '2 hours', '3.5 hours']);
  });

  it('counts a minute per 100 words read, each exercise by its difficulty (else its project\'s), and each design task by its project', () => {
    const block = (words: number, header = 'h') => ({ header, detail: Array.from({ length: words - header.split(' ').length }, () => 'w').join(' ') });
    const course = {
      tutorials: [{ contents: [block(150)] }],
      projects: [
        { difficulty: 'beginner', contents: [block(51)], checks: [{ kind: 'query', difficulty: 'hard' }, { kind: 'state' }, { kind: 'mongo', difficulty: 'medium' }, { kind: 'quiz' }, {}] },
        { difficulty: 'professional', contents: [block(100, 'Design task: a schema')], checks: [{ kind: 'quiz' }, { kind: 'quiz', difficulty: 'easy' }] },
      ],
    };
    const { written, quiz } = EXERCISE_MINUTES;
    const exercises = written.hard + written.easy + written.medium + quiz.easy + written.easy + quiz.hard + quiz.easy;
    expect(honestMinutes(course as never)).toBe(Math.ceil(301 / 100) + exercises + DESIGN_TASK_MINUTES.professional);
  });
});

describe('defaults a file may leave out', () => {
  it('reads a state check without probes as one with none, as the export writes it', () => {
    const file = 'courses/advanced-sql/projects/practice-insert-update-delete-and-upsert.md';
    const dir = brokenCopy(file, (original) => original.replace(/\n\s*probes: \[\]/g, ''));
    const stated = (root: string) =>
      readContentFolder(root)
        .courses.flatMap((course) => course.projects)
        .flatMap((project) => project.checks ?? [])
        .filter((check) => check.kind === 'state');
    const edited = stated(dir);
    expect(edited).toEqual(stated(SHIPPED_CONTENT_DIR));
    expect(edited.every((check) => Array.isArray((check as { probes?: unknown }).probes))).toBe(true);
    expect(contentProblems(readContentFolder(dir))).toEqual([]);
  });
});

describe('a broken content folder', () => {
  const course = 'courses/relations-keys-constraints';
  const project = `${course}/projects/find-every-key.md`;

  describe('a practice exercise (issue 33)', () => {
    const practice = 'courses/sql-practice/projects/practice-basics.md';
    const firstCheck = (text: string) => /\n {2}- id: [0-9a-f]{24}\n/.exec(text)!;

    it('without hints, names its file and line', () => {
      let text = '';
      const dir = brokenCopy(practice, (original) => (text = original.replace(/\n {4}hints:\n(?: {6}- .*\n)+/, '\n')));
      const [problem] = contentProblems(readContentFolder(dir));
      expect(problem).toEqual({ file: practice, line: lineOf(text, firstCheck(text)[0].trim()), message: 'A practice exercise has 1 to 3 hints.' });
    });

    it('without the explanation of its model solution, names its file and line', () => {
      let text = '';
      const dir = brokenCopy(practice, (original) => (text = original.replace(/\n {4}explanation: .*/, '')));
      const [problem] = contentProblems(readContentFolder(dir));
      expect(problem).toEqual({ file: practice, line: lineOf(text, firstCheck(text)[0].trim()), message: expect.stringMatching(/explains why its model solution works/) });
    });

    it('with a difficulty or a category that does not exist, names its file and line', () => {
      let text = '';
      const dir = brokenCopy(practice, (original) => (text = original.replace('difficulty: easy', 'difficulty: trivial').replace('category: basics', 'category: basic')));
      const problems = contentProblems(readContentFolder(dir));
      expect(problems).toEqual([{ file: practice, line: lineOf(text, 'category: basic'), message: expect.stringMatching(/category must be one of: basics, joins/) }]);
      const onlyDifficulty = brokenCopy(practice, (original) => (text = original.replace('difficulty: easy', 'difficulty: trivial')));
      expect(contentProblems(readContentFolder(onlyDifficulty))).toEqual([{ file: practice, line: lineOf(text, 'difficulty: trivial'), message: expect.stringMatching(/difficulty must be one of: easy, medium, hard/) }]);
    });
  });

  it('names the file and line of a check whose task is too short', () => {
    let text = '';
    const dir = brokenCopy(project, (original) => (text = original.replace(/task: "Create the table flight[^\n]*/, 'task: "short"')));
    expect(contentProblems(readContentFolder(dir))).toEqual([{ file: project, line: lineOf(text, 'task: "short"'), message: expect.stringMatching(/Task must be/) }]);
  });

  it('names the file and line of a block whose header is empty, and of a tutorial title too long', () => {
    const tutorial = `${course}/tutorials/relations-tuples-and-domains.md`;
    let text = '';
    const dir = brokenCopy(tutorial, (original) => (text = original.replace('## The vocabulary', '##  ').replace(/^title: .*$/m, `title: ${'x'.repeat(300)}`)));
    const problems = contentProblems(readContentFolder(dir));
    expect(problems.map(({ file, line }) => ({ file, line }))).toEqual([{ file: tutorial, line: lineOf(text, 'title:') }]);
    expect(problems[0]!.message).toMatch(/Tutorial Name must be/);
  });

  it('names the file and line of a quiz whose correct option does not exist', () => {
    let text = '';
    const dir = brokenCopy(project, (original) => (text = original.replace('checks:\n', 'checks:\n  - id: 6955b9024ea8d35336e43aff\n    kind: quiz\n    task: Which of these is a candidate key?\n    quiz:\n      type: choice\n      options: [id, major]\n      correct: [5]\n')));
    const [problem] = contentProblems(readContentFolder(dir));
    expect(problem).toEqual({ file: project, line: lineOf(text, '  - id: 6955b9024ea8d35336e43aff'), message: expect.stringMatching(/option|correct/i) });
  });

  it('names the file of a repeated id and where it was first used', () => {
    const dir = brokenCopy(project, (original) => original.replace('id: cb8d2b0fb0dca20da964cc1c', 'id: b752d4dc695bd59f8669de77'));
    const [problem] = contentProblems(readContentFolder(dir));
    expect(problem).toMatchObject({ file: project, message: expect.stringContaining(`used already, in ${project}`) });
  });

  it('names the file and line of YAML that does not parse, and of a listed file that is missing', () => {
    const badYaml = brokenCopy(`${course}/course.yaml`, (original) => original.replace('name: Relations', 'name: [Relations'));
    expect(() => readContentFolder(badYaml)).toThrow(ContentFolderError);
    try {
      readContentFolder(badYaml);
    } catch (error) {
      expect((error as ContentFolderError).problem).toMatchObject({ file: `${course}/course.yaml`, line: expect.any(Number), message: expect.stringMatching(/Not valid YAML/) });
    }
    const missing = brokenCopy(`${course}/course.yaml`, (original) => original.replace('tutorials/relations-tuples-and-domains.md', 'tutorials/nowhere.md'));
    expect(() => readContentFolder(missing)).toThrow(`${course}/tutorials/nowhere.md:1: The file cannot be read`);
  });
});

describe('a red-team beside a project', () => {
  const project = 'courses/relations-keys-constraints/projects/find-every-key.md';
  const sidecar = project.replace(/\.md$/, '.redteam.yaml');
  const checkId = courses.find((course) => course.name === 'Relations, Keys and Constraints')!.projects[0]!.checks![0]!._id;
  /** A copy of content/ with `text` as the project's red-team. */
  const withRedTeam = (text: string) => {
    const dir = brokenCopy(project, (original) => original);
    writeFileSync(join(dir, sidecar), text);
    return dir;
  };
  const refusal = (dir: string) => contentProblems(readContentFolder(dir))[0] ?? null;
  const answers = (n: number, why = true) => Array.from({ length: n }, (_, i) => `    - answer: SELECT ${i}\n${why ? `      why: wrong ${i}\n` : ''}`).join('');

  it('reads a red-team keyed by check id, with its lines, and never imports it', () => {
    const dir = withRedTeam(`${checkId}:\n  wrong:\n${answers(2)}  right:\n${answers(1, false).replace('SELECT 0', 'SELECT 9')}`);
    const read = readContentFolder(dir);
    const team = read.redTeams.find((candidate) => candidate.file === sidecar)!;
    expect(team.entries).toEqual([
      {
        checkId,
        line: 1,
        wrong: [
          { answer: 'SELECT 0', why: 'wrong 0', line: 3 },
          { answer: 'SELECT 1', why: 'wrong 1', line: 5 },
        ],
        right: [{ answer: 'SELECT 9', line: 8 }],
      },
    ]);
    expect(read.courses).toEqual(readContentFolder(SHIPPED_CONTENT_DIR).courses);
  });

  it('refuses an unknown check id, naming the file and line', () => {
    expect(refusal(withRedTeam(`\n6955b902ffffffffffffffff:\n  wrong:\n${answers(2)}  right:\n${answers(1)}`))).toEqual({ file: sidecar, line: 2, message: expect.stringMatching(/not the id of a check of this project/) });
  });

  it('refuses fewer than 2 wrong answers, no right one, and a wrong one without why', () => {
    expect(refusal(withRedTeam(`${checkId}:\n  wrong:\n${answers(1)}  right:\n${answers(1)}`))).toEqual({ file: sidecar, line: 1, message: expect.stringMatching(/at least 2 wrong/) });
    expect(refusal(withRedTeam(`${checkId}:\n  wrong:\n${answers(2)}`))).toEqual({ file: sidecar, line: 1, message: expect.stringMatching(/at least 1 right/) });
    expect(refusal(withRedTeam(`${checkId}:\n  wrong:\n${answers(1)}${answers(1, false).replace('SELECT 0', 'SELECT 5')}  right:\n${answers(1)}`))).toEqual({ file: sidecar, line: 5, message: expect.stringMatching(/says why/) });
  });
});

describe('a Markdown item', () => {
  it('reads front matter, then one block per "## " heading (with its id), keeping a "## " inside a fence as text', () => {
    const item = readMarkdownItem('x.md', ['---', 'id: 6955b900512e23611df7ba94', 'title: T', '---', '', '## First {#6955b900512e23611df7ba95}', '', 'one', '```sql', '## not a heading', '```', '', '## Second', 'two', ''].join('\n'));
    expect(item.front).toEqual({ id: '6955b900512e23611df7ba94', title: 'T' });
    expect(item.blocks).toEqual([
      { _id: '6955b900512e23611df7ba95', header: 'First', detail: 'one\n```sql\n## not a heading\n```', line: 6 },
      { header: 'Second', detail: 'two', line: 13 },
    ]);
  });

  it('refuses text before the first heading, naming its line', () => {
    expect(() => readMarkdownItem('x.md', '---\nid: a\n---\nloose text\n## H\n')).toThrow('x.md:4: Text before the first "## " heading');
  });
});
