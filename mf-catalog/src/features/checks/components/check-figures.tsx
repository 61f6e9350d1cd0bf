import type { CheckAnalysis, CheckFigures } from '@dblearn/contracts';
import { CodeView } from '@dblearn/ui';

/** How a failure kind reads to an author (CHECK_FAILURE_KINDS). */
const FAILURE_LABELS: Record<string, string> = {
  error: 'did not run',
  columns: 'wrong columns',
  order: 'row order',
  'missing-rows': 'missing rows',
  'extra-rows': 'extra rows',
  duplicates: 'duplicates',
  null: 'NULL handling',
  boundary: 'a boundary',
  values: 'other values',
  state: 'tables after',
  constraint: 'a constraint',
  atomicity: 'atomicity',
  timeout: 'time limit',
  'too-large': 'too large',
  quiz: 'wrong quiz answer',
  other: 'other',
};

export const failureLabel = (kind: string) => FAILURE_LABELS[kind] ?? kind;

export function passRateText(figures: Pick<CheckFigures, 'passRate'>): string {
  return figures.passRate === null ? '—' : `${Math.round(figures.passRate * 100)}%`;
}

/** 4 stands for four or more: failures past the third are not counted. */
export function medianText(figures: Pick<CheckFigures, 'medianAttempts'>): string {
  return figures.medianAttempts === null ? '—' : figures.medianAttempts >= 4 ? '4+' : String(figures.medianAttempts);
}

export function hintsText(figures: Pick<CheckFigures, 'hintsUnlocked'>): string {
  return figures.hintsUnlocked.length === 0 ? 'no hints' : figures.hintsUnlocked.join(' · ');
}

const learnersText = (learners: number, approximate: boolean) => `${approximate ? 'at least ' : ''}${learners} ${learners === 1 ? 'learner' : 'learners'}`;

/** Counted failures by kind as small bars, the widest the most frequent. */
export function FailureBars({ failures }: { failures: CheckFigures['failures'] }) {
  if (failures.length === 0) return <p className="catalog-analysis__none">No failures counted.</p>;
  const most = Math.max(...failures.map((failure) => failure.count));
  return (
    <ul className="catalog-analysis__bars" aria-label="Failures by kind">
      {failures.map(({ kind, count }) => (
        <li key={kind}>
          <span className="catalog-analysis__bar-label">{failureLabel(kind)}</span>
          <span className="catalog-analysis__bar" aria-hidden="true">
            <span style={{ width: `${Math.max((count / most) * 100, 4)}%` }} />
          </span>
          <span className="catalog-analysis__bar-count">{count}</span>
        </li>
      ))}
    </ul>
  );
}

/** The most common wrong answers, normalized, each with how many learners sent it. */
export function WrongAnswers({ answers, language }: { answers: CheckAnalysis['wrongAnswers']; language: string }) {
  if (answers.length === 0) return <p className="catalog-analysis__none">No wrong answers yet.</p>;
  return (
    <ol className="catalog-analysis__answers">
      {answers.map(({ answer, learners, approximate }) => (
        <li key={answer}>
          <span className="catalog-analysis__answer-count">{learnersText(learners, approximate)}</span>
          <CodeView language={language} code={answer} />
        </li>
      ))}
    </ol>
  );
}

export const codeLanguage = (kind: CheckFigures['kind']) => (kind === 'mongo' ? 'mongo' : kind === 'quiz' ? '' : 'sql');

/** What the figures mean, where the author reads them. */
export const FIGURES_HELP =
  'From learners’ counted attempts: their first pass and their first three failures (each unlocks a hint; the third, the solution). Failures past the third are not reported, so “4+” attempts to pass means four or more. Wrong answers are compared with keyword case, spaces, comments and trailing semicolons ignored.';
