import type { FinishedProject, ReadTutorial, SavedQuestion } from '@dblearn/contracts';

/**
 * The three kinds of content a user keeps a copy of, and the list on the user document that holds
 * them (DESIGN "Data"). Each copy's `_id` is the svc-content entity's own id.
 */
export const PROGRESS_LISTS = {
  project: 'finishedProject',
  question: 'savedQuestion',
  tutorial: 'readTutorial',
} as const;

export type ProgressKind = keyof typeof PROGRESS_LISTS;
export const PROGRESS_KINDS = Object.keys(PROGRESS_LISTS) as ProgressKind[];

/** A progress entry as the API shows it (ids as hex strings); the lists are read and written in this form. */
export interface ProgressEntryOf {
  project: FinishedProject;
  question: SavedQuestion;
  tutorial: ReadTutorial;
}

export type ProgressEntry = ProgressEntryOf[ProgressKind];

/** What a person reads when the entity is not (or no longer) there. */
export const NOT_FOUND_MESSAGES: Record<ProgressKind, string> = {
  project: 'Project not found.',
  question: 'Interview question not found.',
  tutorial: 'Tutorial not found.',
};
