// One-off (issue 19): writes content/ from the TypeScript seed, every id as demo-curriculum.ts derives it.
import { isDeepStrictEqual } from 'node:util';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { readContentFolder } from '../seed/content-folder.js';
import { demoCourses, demoId, DEMO_COURSES } from '../seed/demo-curriculum.js';
import { DEMO_INTERVIEW_QUESTIONS } from '../seed/interview-questions.js';
import { bankSandbox, libraryDocuments, librarySandbox, shopDocuments, shopSandbox, universitySandbox } from '../seed/runnable/sandbox-data.js';

const root = process.argv[2]!;
rmSync(root, { recursive: true, force: true });
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const yaml = (value: unknown) => stringify(value, { lineWidth: 0, blockQuote: 'literal' });
const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

const sandboxes: [string, string, string][] = [
  ['university.sql', 'sql', universitySandbox()],
  ['library.sql', 'sql', librarySandbox()],
  ['shop.sql', 'sql', shopSandbox()],
  ['bank.sql', 'sql', bankSandbox()],
  ['library.json', 'mongo', libraryDocuments()],
  ['shop.json', 'mongo', shopDocuments()],
];
for (const [name, , source] of sandboxes) write(`sandboxes/${name}`, source);

const markdown = (front: object, blocks: { _id?: string; header: string; detail: string }[]) =>
  ['---', yaml(front).trimEnd(), '---', '', ...blocks.map((block) => `## ${block.header} {#${block._id}}\n\n${block.detail}\n`)].join('\n');

const courses = demoCourses();
write('courses/index.yaml', yaml(DEMO_COURSES.map((course) => course.slug)));
for (const [index, course] of courses.entries()) {
  const dir = `courses/${DEMO_COURSES[index]!.slug}`;
  const tutorials = course.tutorials.map((tutorial) => {
    const file = `tutorials/${slug(tutorial.title)}.md`;
    write(`${dir}/${file}`, markdown({ id: tutorial._id, title: tutorial.title }, tutorial.contents));
    return file;
  });
  const projects = course.projects.map((project) => {
    const file = `projects/${slug(project.title)}.md`;
    const checks = (project.checks ?? []).map(({ _id, kind, hints, explanation, ...rest }) => ({
      id: _id,
      ...(kind === 'query' ? {} : { kind }),
      ...rest,
      ...(hints.length ? { hints } : {}),
      ...(explanation ? { explanation } : {}),
    }));
    write(`${dir}/${file}`, markdown({ id: project._id, title: project.title, difficulty: project.difficulty, ...(checks.length ? { checks } : {}) }, project.contents));
    return file;
  });
  const sandbox = course.sandbox ? sandboxes.find(([, kind, source]) => kind === course.sandbox!.kind && source === course.sandbox!.source) : undefined;
  if (course.sandbox && !sandbox) throw new Error(`${dir}: unknown sandbox`);
  write(
    `${dir}/course.yaml`,
    yaml({ id: course._id, topic: course.topic, name: course.name, teacher: course.teacher, length: course.length, ...(sandbox ? { sandbox: { kind: sandbox[1], source: `../../sandboxes/${sandbox[0]}` } } : {}), tutorials, projects }),
  );
}

const questions = DEMO_INTERVIEW_QUESTIONS.map((question, index) => ({ _id: demoId(index, `interview:${index}`), ...question }));
const topics = [...new Set(questions.map((question) => question.topic))];
write('interview/index.yaml', yaml(topics.map((topic) => `${topic}.yaml`)));
for (const topic of topics) {
  write(`interview/${topic}.yaml`, yaml({ topic, questions: questions.filter((q) => q.topic === topic).map(({ _id, question, answer }) => ({ id: _id, question, answer })) }));
}

// The folder must read back as exactly the seed.
const folder = readContentFolder(root);
for (const [index, course] of courses.entries()) {
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(folder.courses[index])), JSON.parse(JSON.stringify(course)))) {
    writeFileSync('/tmp/a.json', JSON.stringify(folder.courses[index], null, 1));
    writeFileSync('/tmp/b.json', JSON.stringify(course, null, 1));
    throw new Error(`course ${course.name} does not round-trip`);
  }
}
if (!isDeepStrictEqual(JSON.parse(JSON.stringify(folder.interviewQuestions)), questions)) throw new Error('interview does not round-trip');
console.log(`content written: ${courses.length} courses, ${questions.length} questions`);
