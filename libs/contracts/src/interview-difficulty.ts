/** How hard an interview question is (issue 33): its own three levels, apart from a project's. */
export const INTERVIEW_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type InterviewDifficulty = (typeof INTERVIEW_DIFFICULTIES)[number];

/** What an admin's create or an older export file without one gets. */
export const DEFAULT_INTERVIEW_DIFFICULTY: InterviewDifficulty = 'medium';

export const INTERVIEW_DIFFICULTY_LABELS: Record<InterviewDifficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

export function isInterviewDifficulty(value: unknown): value is InterviewDifficulty {
  return typeof value === 'string' && (INTERVIEW_DIFFICULTIES as readonly string[]).includes(value);
}
