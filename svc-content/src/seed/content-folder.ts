import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ExportedCourse, InterviewQuestion } from '@dblearn/contracts';
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { type RedTeam, readRedTeam, redTeamFileOf } from './red-team.js';

/**
 * The shipped curriculum as files (README "Content authors"): `content/courses/<slug>/course.yaml`
 * lists a course's tutorial and project Markdown files in order and names its sandbox; each Markdown
 * file has YAML front matter (`id`, `title`, and for a project `difficulty` and `checks`) and one
 * `## Header {#blockId}` section per block; `content/interview/<topic>.yaml` holds the interview bank.
 * Read into the import format (CONTRACT "Content export and import"), with a way back from any
 * import path to the file and line it came from.
 */

/** A problem of the folder, where an author finds it. */
export interface ContentProblem {
  file: string;
  line: number;
  message: string;
}

export class ContentFolderError extends Error {
  constructor(readonly problem: ContentProblem) {
    super(`${problem.file}:${problem.line}: ${problem.message}`);
  }
}

export interface ContentFolder {
  courses: ExportedCourse[];
  interviewQuestions: InterviewQuestion[];
  /** The projects' red-team sidecars (never imported; the red-team spec grades them), with their course and project index. */
  redTeams: (RedTeam & { course: number; project: number })[];
  /** A red-team file that breaks the rules: refused with the other problems (contentProblems), its project kept. */
  redTeamProblems: ContentProblem[];
  /** `courses[2].projects[0].checks[1].task` (an import rejection's path) → its file and line. */
  locate(path: string, message?: string): { file: string; line: number };
}

/** One YAML document and the file it came from, lines counted from `firstLine`. */
class YamlSource {
  private readonly lines = new LineCounter();
  private readonly doc;

  constructor(
    readonly file: string,
    text: string,
    private readonly firstLine = 1,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false });
    const [error] = this.doc.errors;
    if (error) throw new ContentFolderError({ file, line: this.lineAt(error.pos[0]), message: `Not valid YAML: ${error.message.split('\n')[0]}` });
  }

  value(): unknown {
    return this.doc.toJS();
  }

  /** The line of the value at `path`, or of the nearest parent that exists (a missing field is reported where its parent is). */
  lineOf(path: (string | number)[]): number {
    for (let length = path.length; length >= 0; length--) {
      const node = this.doc.getIn(path.slice(0, length), true) as Node | undefined;
      if (node?.range) return this.lineAt(node.range[0]);
      if (length === 0 && this.doc.contents?.range) return this.lineAt(this.doc.contents.range[0]);
    }
    return this.firstLine;
  }

  /** The line of the key `key` inside the map at `path`. */
  keyLine(path: (string | number)[], key: string): number | null {
    const map = this.doc.getIn(path, true) ?? (path.length === 0 ? this.doc.contents : undefined);
    if (!isMap(map)) return null;
    const pair = map.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
    const range = (pair?.key as Node | undefined)?.range;
    return range ? this.lineAt(range[0]) : null;
  }

  isList(path: (string | number)[]): boolean {
    return isSeq(this.doc.getIn(path, true));
  }

  private lineAt(offset: number): number {
    return this.lines.linePos(offset).line + this.firstLine - 1;
  }
}

/** A block heading: `## Header` and optionally its stable id `{#<24 hex>}`. */
const HEADING = /^## (.*?)(?:\s*\{#([0-9a-fA-F]{24})\})?\s*$/;
const FENCE = /^\s*(```|~~~)/;

interface MarkdownItem {
  source: YamlSource;
  front: Record<string, unknown>;
  blocks: { _id?: string; header: string; detail: string; line: number }[];
}

/** Front matter between `---` lines, then `## ` sections (a `## ` inside a fenced block is text). */
export function readMarkdownItem(file: string, text: string): MarkdownItem {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines[0] !== '---') throw new ContentFolderError({ file, line: 1, message: 'The file must start with front matter: a line "---", the YAML fields (id, title, …), and another "---".' });
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new ContentFolderError({ file, line: 1, message: 'The front matter has no closing "---" line.' });
  const source = new YamlSource(file, lines.slice(1, end).join('\n'), 2);
  const front = source.value();
  if (typeof front !== 'object' || front === null || Array.isArray(front)) throw new ContentFolderError({ file, line: 2, message: 'The front matter must be YAML fields (id: …, title: …).' });

  const blocks: MarkdownItem['blocks'] = [];
  let fenced = false;
  let body: string[] = [];
  const close = () => {
    const block = blocks.at(-1);
    if (block) block.detail = trimBlankLines(body).join('\n');
    body = [];
  };
  for (let index = end + 1; index < lines.length; index++) {
    const line = lines[index]!;
    const heading = fenced ? null : HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ ...(heading[2] ? { _id: heading[2].toLowerCase() } : {}), header: heading[1]!.trim(), detail: '', line: index + 1 });
      continue;
    }
    if (FENCE.test(line)) fenced = !fenced;
    if (blocks.length === 0 && line.trim() !== '') {
      throw new ContentFolderError({ file, line: index + 1, message: 'Text before the first "## " heading: every block starts with "## Its header".' });
    }
    body.push(line);
  }
  close();
  return { source, front: front as Record<string, unknown>, blocks };
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}

/** `_id` in the import format is `id` in the files: the name an author reads. */
const fileKey = (key: string | number) => (key === '_id' ? 'id' : key);

/** Import-format fields (`_id`) from a file's (`id`), for an item and its checks. */
function withImportIds(front: Record<string, unknown>, isProject: boolean): Record<string, unknown> {
  // A project without checks has an empty list, as the export writes it.
  const { id, checks = isProject ? [] : undefined, ...rest } = front;
  const item: Record<string, unknown> = { _id: id, ...rest };
  if (checks !== undefined) {
    item.checks = Array.isArray(checks)
      ? checks.map((check: unknown) => {
          if (typeof check !== 'object' || check === null || Array.isArray(check)) return check;
          // Defaults as a stored check reads back (kind query, no hints, no explanation, a state check
          // without probes): files leave them out.
          const { id: checkId, kind = 'query', hints = [], explanation = '', ...fields } = check as Record<string, unknown>;
          if (kind === 'state' && fields.probes === undefined) fields.probes = [];
          return { _id: checkId, kind, ...fields, hints, explanation };
        })
      : checks;
  }
  return item;
}

/** Where an item's import path points in its Markdown file. */
function itemLine(item: MarkdownItem, path: (string | number)[]): number {
  if (path[0] === 'contents' && typeof path[1] === 'number') {
    const block = item.blocks[path[1]];
    if (block) return block.line;
    return item.source.lineOf([]);
  }
  if (path.length === 0) return item.source.lineOf([]);
  return item.source.keyLine(path.slice(0, -1).map(fileKey), String(fileKey(path.at(-1)!))) ?? item.source.lineOf(path.map(fileKey));
}

/** A block written without `{#id}` gets one made from its item's id and its place, the same on every start. */
function derivedBlockId(itemId: unknown, index: number): string {
  return createHash('sha256').update(`dblearn-block:${String(itemId)}:${index}`).digest('hex').slice(0, 24);
}

/** `courses[2].projects[0].title` → ['courses', 2, 'projects', 0, 'title']. */
export function pathParts(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] !== undefined ? Number(match[2]) : match[1]!));
}

interface CourseFiles {
  course: YamlSource;
  dir: string;
  tutorials: { file: string; item: MarkdownItem | null }[];
  projects: { file: string; item: MarkdownItem | null }[];
  sandboxFiles: { source?: string; hiddenSource?: string };
}

/** The course folders in `content/courses/index.yaml` order (the catalogue's list order). */
export function readContentFolder(root: string): ContentFolder {
  const read = (path: string) => {
    try {
      return readFileSync(join(root, path), 'utf8');
    } catch {
      throw new ContentFolderError({ file: path, line: 1, message: 'The file cannot be read: is it listed with its right name?' });
    }
  };
  const index = new YamlSource('courses/index.yaml', read('courses/index.yaml'));
  const slugs = index.value();
  if (!Array.isArray(slugs) || !slugs.every((slug) => typeof slug === 'string' && /^[a-z0-9-]+$/.test(slug))) {
    throw new ContentFolderError({ file: index.file, line: 1, message: 'courses/index.yaml must be a list of course folder names (lowercase letters, digits and dashes), in catalogue order.' });
  }
  const courseFiles: CourseFiles[] = [];
  const courses: ExportedCourse[] = [];
  const redTeams: ContentFolder['redTeams'] = [];
  const redTeamProblems: ContentProblem[] = [];
  for (const slug of slugs as string[]) {
    const dir = `courses/${slug}`;
    const source = new YamlSource(`${dir}/course.yaml`, read(`${dir}/course.yaml`));
    const fields = source.value() as Record<string, unknown> | null;
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new ContentFolderError({ file: source.file, line: 1, message: 'course.yaml must be YAML fields (id, topic, name, …).' });
    const { id, tutorials = [], projects = [], sandbox, ...rest } = fields;
    const files: CourseFiles = { course: source, dir, tutorials: [], projects: [], sandboxFiles: {} };
    const items = (kind: 'tutorials' | 'projects', list: unknown) => {
      if (!Array.isArray(list) || !list.every((name) => typeof name === 'string')) {
        throw new ContentFolderError({ file: source.file, line: source.lineOf([kind]), message: `${kind} must be a list of Markdown file names, in course order.` });
      }
      return (list as string[]).map((name) => {
        const file = `${dir}/${name}`;
        const item = readMarkdownItem(file, read(file));
        files[kind].push({ file, item });
        const fields = withImportIds(item.front, kind === 'projects');
        return { ...fields, contents: item.blocks.map(({ line: _line, ...block }, at) => ({ _id: block._id ?? derivedBlockId(fields._id, at), header: block.header, detail: block.detail })) };
      });
    };
    const course = {
      _id: id,
      ...rest,
      tutorials: items('tutorials', tutorials),
      projects: items('projects', projects),
      sandbox: sandboxOf(sandbox, source, dir, read, files.sandboxFiles),
    } as unknown as ExportedCourse;
    courses.push(course);
    courseFiles.push(files);
    for (const [p, { file, item }] of files.projects.entries()) {
      const sidecar = redTeamFileOf(file);
      if (!item || !existsSync(join(root, sidecar))) continue;
      const checkIds = ((item.front.checks ?? []) as { id?: unknown }[]).map((check) => String(check?.id));
      try {
        redTeams.push({ ...readRedTeam(sidecar, read(sidecar), checkIds), course: courses.length - 1, project: p });
      } catch (error) {
        if (!(error instanceof ContentFolderError)) throw error;
        redTeamProblems.push(error.problem);
      }
    }
  }
  const { questions: interviewQuestions, sources: questionSources } = readInterview(read);

  return {
    courses,
    interviewQuestions,
    redTeams,
    redTeamProblems,
    locate(path, message) {
      const parts = pathParts(path);
      if (parts[0] === 'interviewQuestions' && typeof parts[1] === 'number') {
        const at = questionSources[parts[1]];
        if (!at) return { file: 'interview', line: 1 };
        const field = parts.slice(2).map(fileKey);
        // The topic is the file's, written once at its top.
        return { file: at.source.file, line: field[0] === 'topic' ? at.source.lineOf(['topic']) : at.source.lineOf(['questions', at.index, ...field]) };
      }
      const files = typeof parts[1] === 'number' ? courseFiles[parts[1]] : undefined;
      if (parts[0] !== 'courses' || !files) return { file: 'courses/index.yaml', line: 1 };
      const rest = parts.slice(2);
      if ((rest[0] === 'tutorials' || rest[0] === 'projects') && typeof rest[1] === 'number') {
        const entry = files[rest[0]][rest[1]];
        if (entry?.item) return { file: entry.file, line: itemLine(entry.item, rest.slice(2)) };
      }
      if (rest[0] === 'sandbox' && (rest[1] === 'source' || rest[1] === 'hiddenSource')) {
        const file = files.sandboxFiles[rest[1]];
        // A sandbox refusal names the script's line ("… (line 12)."): that is where to look.
        const line = Number(/\bline (\d+)/i.exec(message ?? '')?.[1] ?? 1);
        if (file) return { file, line };
      }
      const key = rest.length > 0 ? String(fileKey(rest.at(-1)!)) : 'id';
      return { file: files.course.file, line: files.course.keyLine(rest.slice(0, -1).map(fileKey), key) ?? files.course.lineOf(rest.map(fileKey)) };
    },
  };
}

/** `sandbox: {kind, source: file, hidden?: file}` → the import's `{kind, source, hiddenSource?}` with the files' text. */
function sandboxOf(sandbox: unknown, course: YamlSource, dir: string, read: (path: string) => string, files: CourseFiles['sandboxFiles']): unknown {
  if (sandbox === undefined || sandbox === null) return null;
  const { kind, source, hidden, ...rest } = sandbox as Record<string, unknown>;
  if (typeof source !== 'string') throw new ContentFolderError({ file: course.file, line: course.lineOf(['sandbox', 'source']), message: 'sandbox.source must name the sandbox file (a .sql script or a .json file of collections).' });
  if (hidden !== undefined && typeof hidden !== 'string') throw new ContentFolderError({ file: course.file, line: course.lineOf(['sandbox', 'hidden']), message: 'sandbox.hidden must name the hidden variant file.' });
  files.source = normalize(join(dir, source));
  if (hidden) files.hiddenSource = normalize(join(dir, hidden));
  // No hidden file: the variant is derived from the source (null, as the export writes it).
  return { kind, source: read(files.source), hiddenSource: files.hiddenSource ? read(files.hiddenSource) : null, ...rest };
}

function normalize(path: string): string {
  return relative('.', join('.', path));
}

interface QuestionSource {
  source: YamlSource;
  index: number;
}

/** `content/interview/index.yaml` lists the topic files in order; each is `{topic, questions: [{id, question, answer}]}`. */
function readInterview(read: (path: string) => string): { questions: InterviewQuestion[]; sources: QuestionSource[] } {
  const index = new YamlSource('interview/index.yaml', read('interview/index.yaml'));
  const names = index.value();
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new ContentFolderError({ file: index.file, line: 1, message: 'interview/index.yaml must be a list of the interview files, in order.' });
  }
  const questions: InterviewQuestion[] = [];
  const sources: QuestionSource[] = [];
  for (const name of names as string[]) {
    const file = `interview/${name}`;
    const source = new YamlSource(file, read(file));
    const { topic, questions: list } = (source.value() ?? {}) as { topic?: unknown; questions?: unknown };
    if (!source.isList(['questions']) || !Array.isArray(list)) throw new ContentFolderError({ file, line: 1, message: 'An interview file holds `topic:` and a `questions:` list.' });
    for (const [at, entry] of list.entries()) {
      const { id, ...fields } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      questions.push({ _id: id, topic, ...fields } as InterviewQuestion);
      sources.push({ source, index: at });
    }
  }
  return { questions, sources };
}
