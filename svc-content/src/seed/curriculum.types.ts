import type { Difficulty, Topic } from '@dblearn/contracts';

/** The demo curriculum as it is written: ids are given when it is loaded (seed-ids.ts). */
export interface BlockSeed {
  header: string;
  detail: string;
}

export interface TutorialSeed {
  title: string;
  blocks: BlockSeed[];
}

export interface ProjectSeed {
  title: string;
  difficulty: Difficulty;
  blocks: BlockSeed[];
}

export interface CourseSeed {
  /** Stable name the ids are made from: never change it once shipped. */
  slug: string;
  topic: Topic;
  name: string;
  teacher: string;
  length: string;
  tutorials: TutorialSeed[];
  projects: ProjectSeed[];
}

/** A block's detail: each argument is one line (the page splits detail at line breaks). */
export function lines(...paragraphs: string[]): string {
  return paragraphs.join('\n');
}

/** A fenced SQL example: the lesson page runs it on the course's sandbox (issue 11), so it must run there. */
export function sql(...statements: string[]): string {
  return ['```sql', ...statements, '```'].join('\n');
}

/** A fenced SQL example that must be refused (```sql must-fail): the lesson page shows the refusal as the expected outcome. */
export function sqlMustFail(...statements: string[]): string {
  return ['```sql must-fail', ...statements, '```'].join('\n');
}

/** A fenced code sample that is shown, not run: another database's dialect, or the DDL of tables the sandbox already has. */
export function code(...linesOfCode: string[]): string {
  return ['```', ...linesOfCode, '```'].join('\n');
}
