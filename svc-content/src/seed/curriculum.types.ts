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

/** A fenced SQL example, shown as code (and later runnable) by the ContentBlocks component. */
export function sql(...statements: string[]): string {
  return ['```sql', ...statements, '```'].join('\n');
}
