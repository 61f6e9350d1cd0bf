import { afterAll, describe, expect, it } from '@jest/globals';
import { isPostgresOnly, type Probe, type Quiz, type QuizAnswerValue, type StoredCheck } from '@dblearn/contracts';
import { gradeQuiz, quizAnswerRefusal } from '@dblearn/lab';
import { gradedCheckOf } from '../projects/check-records.js';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { TIMED_OUT } from '../sql-runner/sql-jobs.js';
import { SqlRunner } from '../sql-runner/sql-runner.js';
import { readContentFolder } from './content-folder.js';
import type { RedTeamAnswer, RedTeamAnswerValue } from './red-team.js';

// Issue 31: every project's red-team (content/courses/<slug>/projects/<name>.redteam.yaml) graded by
// the real grader, on the visible and the hidden data: each wrong answer must fail and each right
// one pass. One worker pool for the whole corpus (its worker script is the built one in dist/), so
// each sandbox and its variant are built once.

const folder = readContentFolder(SHIPPED_CONTENT_DIR);
const runner = new SqlRunner({ sqlWorkers: 1 });
/** What an answer does, not how fast: a first build of a sandbox can be slow on a busy machine. */
const grade = (job: Parameters<SqlRunner['run']>[0]) => runner.run(job, undefined, 20_000);

type ShippedCheck = { _id: string; kind: string; referenceSql?: string; verifySql?: string; probes?: Probe[]; referenceQuery?: string; quiz?: Quiz };
type Course = (typeof folder.courses)[number];

const allChecks = folder.courses.flatMap((course) => course.projects.flatMap((project) => (project.checks ?? []) as ShippedCheck[]));
const totals = { answers: 0, wrongVerdicts: 0, checksCovered: 0, postgresOnly: 0 };

afterAll(async () => {
  await runner.onModuleDestroy();
  const covered = new Set(folder.redTeams.flatMap((team) => team.entries.map((entry) => entry.checkId)));
  // The corpus totals, for the closing note of a content change.
  console.log(
    `Red-team: ${covered.size} of ${allChecks.length} checks covered, ${totals.answers} answers, ${totals.wrongVerdicts} wrong verdicts; ${totals.postgresOnly} checks graded on PostgreSQL only (red-team-postgres.spec.ts).`,
  );
});

/** Whether the grader passes `answer`, and what it said. */
async function verdict(course: Course, check: ShippedCheck, answer: RedTeamAnswerValue): Promise<{ passed: boolean; message: string }> {
  if (check.kind === 'quiz') {
    const quiz = check.quiz as Quiz;
    const refused = quizAnswerRefusal(quiz, answer as QuizAnswerValue);
    return refused ? { passed: false, message: `refused: ${refused}` } : gradeQuiz(quiz, answer as QuizAnswerValue);
  }
  // The graded parts exactly as the service hands them to a worker (columnOrder, faultAtWrite included).
  const graded = gradedCheckOf(check as unknown as StoredCheck);
  if (!graded || typeof answer !== 'string') return { passed: false, message: 'not an answer this check takes (a query check takes text)' };
  const source = { visible: course.sandbox?.source ?? '', hidden: course.sandbox?.hiddenSource ?? null };
  const job = { op: 'attempt' as const, sandboxKey: `red-team:${course._id}`, source, check: graded, answer };
  // Running out of time on a machine busy with other suites is no verdict: one more try.
  let reply = await grade(job);
  if (reply === TIMED_OUT) reply = await grade(job);
  if (typeof reply === 'object' && 'passed' in reply) return { passed: reply.passed, message: reply.message };
  return { passed: false, message: `no grade: ${JSON.stringify(reply)}` };
}

const show = (answer: RedTeamAnswerValue) => (typeof answer === 'string' ? answer.replace(/\s+/g, ' ').trim() : JSON.stringify(answer));

describe('the red-team corpus against the real grader', () => {
  it('has red-teams, each naming checks of its own project', () => {
    expect(folder.redTeams.length).toBeGreaterThan(0);
    for (const team of folder.redTeams) {
      const ids = new Set((folder.courses[team.course]!.projects[team.project]!.checks ?? []).map((check) => check._id));
      for (const entry of team.entries) expect({ file: team.file, id: entry.checkId, known: ids.has(entry.checkId) }).toEqual({ file: team.file, id: entry.checkId, known: true });
    }
  });

  it.each(folder.redTeams.map((team) => [team.file, team] as const))(
    '%s',
    async (_file, team) => {
      const course = folder.courses[team.course]!;
      const checks = new Map(((course.projects[team.project]!.checks ?? []) as ShippedCheck[]).map((check) => [check._id, check]));
      const wrongVerdicts: string[] = [];
      for (const entry of team.entries) {
        const check = checks.get(entry.checkId)!;
        // A check graded on PostgreSQL only (ROLLUP, JSONB, roles): red-team-postgres.spec.ts judges its corpus.
        if (isPostgresOnly(check)) {
          totals.postgresOnly++;
          continue;
        }
        const judged: [RedTeamAnswer, boolean][] = [...entry.wrong.map((answer) => [answer, false] as [RedTeamAnswer, boolean]), ...entry.right.map((answer) => [answer, true] as [RedTeamAnswer, boolean])];
        for (const [answer, shouldPass] of judged) {
          // An answer written for PostgreSQL only (red-team-postgres.spec.ts judges it).
          if (answer.engines && !answer.engines.includes('sqlite')) continue;
          totals.answers++;
          const { passed, message } = await verdict(course, check, answer.answer);
          const where = `${team.file}:${answer.line} check ${entry.checkId}: ${shouldPass ? 'right' : `wrong (${answer.why})`} answer ${show(answer.answer)}`;
          if (passed !== shouldPass) {
            totals.wrongVerdicts++;
            wrongVerdicts.push(`${where} → ${passed ? 'passed' : `failed: ${message}`}`);
          }
        }
      }
      expect(wrongVerdicts).toEqual([]);
    },
    600_000,
  );
});
