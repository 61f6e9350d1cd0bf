import { AUTH_HEADER, type ImportReport } from '@dblearn/contracts';
import { signIn } from '../content.js';
import { apiUrl, type BenchOptions } from '../options.js';
import { BenchError, type Say } from '../session.js';
import type { PeerImport } from './content.js';

/** GET /api/<kind>/<id> answers 200. */
async function exists(options: BenchOptions, token: string, kind: 'course' | 'interview', id: string): Promise<boolean> {
  const response = await fetch(apiUrl(options.baseUrl, `/${kind}/${id}`), { headers: { [AUTH_HEADER]: token }, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status === 200;
}

/**
 * Puts SQL4U's content into the running platform through POST /api/content/import as the admin.
 * When every course and question is already there (an earlier run) nothing is sent; otherwise the
 * import upserts by `_id`, so a run that stopped halfway is completed and nothing is ever doubled.
 */
export async function loadIntoDblearn(options: BenchOptions, env: NodeJS.ProcessEnv, content: PeerImport, say: Say): Promise<void> {
  const admin = await signIn(options, env);
  const { courses, interviewQuestions } = content.document;
  const present = await Promise.all([
    ...courses.map((course) => exists(options, admin, 'course', course._id)),
    ...interviewQuestions.map((question) => exists(options, admin, 'interview', question._id)),
  ]);
  if (present.every(Boolean)) {
    say(`DBLearn already holds SQL4U's ${courses.length} courses and ${interviewQuestions.length} interview questions: nothing to import`);
    return;
  }
  const response = await fetch(apiUrl(options.baseUrl, '/content/import'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [AUTH_HEADER]: admin },
    body: JSON.stringify(content.document),
    signal: AbortSignal.timeout(120_000),
  });
  if (response.status !== 200) throw new BenchError(`POST /api/content/import answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const report = (await response.json()) as ImportReport;
  say(`imported SQL4U's content into DBLearn: ${report.created} new, ${report.updated} updated, ${report.rejected.length} refused`);
  for (const rejection of report.rejected) say(`  refused ${rejection.path}: ${rejection.message}`);
  if (content.leftOut.length) say(`left out as DBLearn's rules refuse them (${content.leftOut.length}): ${content.leftOut.join('; ')}`);
}
