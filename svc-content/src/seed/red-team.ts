import { SQL_ENGINES, type SqlEngine } from '@dblearn/contracts';
import { isMap, isSeq, LineCounter, type Node, parseDocument, type YAMLMap } from 'yaml';
import { ContentFolderError } from './content-folder.js';

/**
 * A project's red-team (README "Content authors"): `projects/<name>.redteam.yaml` beside
 * `<name>.md`, keyed by check id, with wrong-but-plausible answers that must fail and correct
 * alternatives that must pass. Only the red-team spec reads it: it is never imported.
 */

/** One answer as a learner sends it: SQL or a mongo query as text; a quiz's number, choice indexes or set items. */
export type RedTeamAnswerValue = string | number | (string | number)[];

export interface RedTeamAnswer {
  answer: RedTeamAnswerValue;
  /** Why a wrong answer is wrong ("no ORDER BY", ">= for >"); absent on a right one. */
  why?: string;
  /** The engines a SQL answer is judged on (issue 32): only where it is written for one (strftime, ::date); absent, both. */
  engines?: SqlEngine[];
  line: number;
}

export interface RedTeamEntry {
  checkId: string;
  line: number;
  wrong: RedTeamAnswer[];
  right: RedTeamAnswer[];
}

export interface RedTeam {
  /** `courses/<slug>/projects/<name>.redteam.yaml`, as a problem names it. */
  file: string;
  entries: RedTeamEntry[];
}

/** The sidecar file of a project file: `x.md` → `x.redteam.yaml`. */
export const redTeamFileOf = (projectFile: string) => projectFile.replace(/\.md$/, '.redteam.yaml');

const ANSWER_FIELDS = new Set(['answer', 'why', 'engines']);

/** Parses and checks one sidecar against its project's check ids; a break is refused with its file and line. */
export function readRedTeam(file: string, text: string, checkIds: string[]): RedTeam {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const lineAt = (node: Node | null | undefined, fallback = 1) => (node?.range ? lines.linePos(node.range[0]).line : fallback);
  const refuse = (line: number, message: string): never => {
    throw new ContentFolderError({ file, line, message });
  };
  const [error] = doc.errors;
  if (error) refuse(lines.linePos(error.pos[0]).line, `Not valid YAML: ${error.message.split('\n')[0]}`);
  const root = doc.contents;
  if (!isMap(root)) return refuse(1, 'A red-team file is a map from check id to {wrong: [...], right: [...]}.');
  const known = new Set(checkIds);
  const entries: RedTeamEntry[] = [];
  for (const pair of root.items) {
    const keyNode = pair.key as Node;
    const checkId = String((keyNode as { value?: unknown }).value ?? '');
    const line = lineAt(keyNode);
    if (!known.has(checkId)) refuse(line, `${checkId} is not the id of a check of this project.`);
    if (!isMap(pair.value)) return refuse(line, `The red-team of ${checkId} must be {wrong: [...], right: [...]}.`);
    const entry = pair.value;
    for (const item of entry.items) {
      const field = String((item.key as { value?: unknown }).value);
      if (field !== 'wrong' && field !== 'right') refuse(lineAt(item.key as Node, line), `Unknown field "${field}": a check's red-team has wrong and right.`);
    }
    const wrong = answersOf(entry, 'wrong', line, refuse, lineAt);
    const right = answersOf(entry, 'right', line, refuse, lineAt);
    if (wrong.length < 2) refuse(line, `The red-team of ${checkId} needs at least 2 wrong answers (it has ${wrong.length}).`);
    if (right.length < 1) refuse(line, `The red-team of ${checkId} needs at least 1 right answer.`);
    for (const answer of wrong) if (!answer.why) refuse(answer.line, 'A wrong answer says why it is wrong (why: "no ORDER BY").');
    entries.push({ checkId, line, wrong, right });
  }
  return { file, entries };
}

function answersOf(
  entry: YAMLMap,
  field: 'wrong' | 'right',
  entryLine: number,
  refuse: (line: number, message: string) => never,
  lineAt: (node: Node | null | undefined, fallback?: number) => number,
): RedTeamAnswer[] {
  const list = entry.get(field, true) as Node | undefined;
  if (list === undefined) return [];
  if (!isSeq(list)) return refuse(lineAt(list, entryLine), `${field} must be a list of {answer: …}.`);
  return list.items.map((node) => {
    const line = lineAt(node as Node, entryLine);
    if (!isMap(node)) return refuse(line, `Each ${field} answer is a map: answer, and why for a wrong one.`);
    const value = node.toJSON() as Record<string, unknown>;
    const unknown = Object.keys(value).find((key) => !ANSWER_FIELDS.has(key));
    if (unknown) refuse(line, `Unknown field "${unknown}": an answer has answer, why and engines.`);
    const { answer, why, engines } = value;
    if (engines !== undefined && (!Array.isArray(engines) || engines.length === 0 || !engines.every((engine) => (SQL_ENGINES as readonly unknown[]).includes(engine)))) {
      refuse(line, `engines must be a list of ${SQL_ENGINES.join(', ')}.`);
    }
    if (!isAnswerValue(answer)) refuse(line, 'answer must be the text of a query, a number, or a list of numbers or strings.');
    if (why !== undefined && (typeof why !== 'string' || why.trim() === '')) refuse(line, 'why must be a short sentence.');
    return { answer: answer as RedTeamAnswerValue, ...(why ? { why: why as string } : {}), ...(engines ? { engines: engines as SqlEngine[] } : {}), line };
  });
}

function isAnswerValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number');
}
