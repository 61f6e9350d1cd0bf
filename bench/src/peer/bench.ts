import { loadavg } from 'node:os';
import { AUTH_HEADER, PAGE_SIZE } from '@dblearn/contracts';
import { measureInTurns, type LoadTarget } from '../load.js';
import { apiUrl, type BenchOptions } from '../options.js';
import { BenchError, checkReachable, registerThrowawayUser, type Say } from '../session.js';
import { comparisonVerdicts, formatComparison, type PeerComparison } from './compare.js';
import { peerImport, type DumpDocument, type PeerDump, type PeerImport } from './content.js';
import { loadIntoDblearn } from './dblearn.js';
import { PeerProcesses, startPeer } from './server.js';
import { PEER_SOURCE_HINT, PeerSource, peerSourceDir } from './source.js';

/** SQL4U's POST /api/users answers 200, and Joi's e-mail rule refuses the `.test` domain. */
const PEER_REGISTRATION = { expectedStatus: 200, emailDomain: 'example.org' };

/** The course whose first project and tutorial issue 20 measured (Project #1 - SQL, Introduction). */
const BENCHED_COURSE = 'Database I: Intro to Databases';

/** The items read by id: the same course's first project and tutorial, by their id on each side. */
interface BenchedItems {
  project: { title: string; peerId: string; dblearnId: string };
  tutorial: { title: string; peerId: string; dblearnId: string };
}

/** BENCHED_COURSE (or the first course with a project and a tutorial) as DBLearn holds it and as SQL4U does. */
export function benchedItems(dump: PeerDump, content: PeerImport): BenchedItems {
  const course =
    content.document.courses.find((candidate) => candidate.name === BENCHED_COURSE && candidate.projects.length && candidate.tutorials.length) ??
    content.document.courses.find((candidate) => candidate.projects.length && candidate.tutorials.length);
  if (!course) throw new BenchError("SQL4U's dump has no course with both a project and a tutorial to read.");
  const peerCourse = dump.courses.find((candidate) => String(candidate._id) === course._id)!;
  // A copy in DBLearn has an id of its own; SQL4U's course lists the original under the same title.
  const peerIdOf = (field: 'projects' | 'tutorials', title: string) =>
    String(((peerCourse[field] ?? []) as DumpDocument[]).find((entry) => entry.title === title)?._id);
  const [project, tutorial] = [course.projects[0]!, course.tutorials[0]!];
  return {
    project: { title: project.title, peerId: peerIdOf('projects', project.title), dblearnId: project._id },
    tutorial: { title: tutorial.title, peerId: peerIdOf('tutorials', tutorial.title), dblearnId: tutorial._id },
  };
}

/** A learner's five reads and /users/me, as [read, SQL4U path, DBLearn path] (both under /api). */
export function peerReads(items: BenchedItems): Array<[read: string, peerPath: string, dblearnPath: string]> {
  const page = `page=1&pageSize=${PAGE_SIZE}`;
  return [
    [`course list (SQL4U: all; DBLearn: page 1 of ${PAGE_SIZE})`, '/course', `/course?${page}`],
    ['interview list', '/interview', `/interview?${page}`],
    ['Q&A list', '/qna', `/qna?${page}`],
    [`project by id (${items.project.title})`, `/project/${items.project.peerId}`, `/project/${items.project.dblearnId}`],
    [`tutorial by id (${items.tutorial.title})`, `/tutorial/${items.tutorial.peerId}`, `/tutorial/${items.tutorial.dblearnId}`],
    ['GET /api/users/me', '/users/me', '/users/me'],
  ];
}

/** One GET before the load, so a read that does not answer 200 is named instead of measured as failures. */
async function expectOk(target: LoadTarget, side: string): Promise<number> {
  const response = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(10_000) });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new BenchError(`${side} answered ${response.status} to GET ${target.url}: ${Buffer.from(body).toString().slice(0, 200)}`);
  return body.byteLength;
}

function loadLine(): string {
  return `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;
}

async function readDump(source: PeerSource): Promise<PeerDump> {
  const [courses, tutorials, projects, interviews] = await Promise.all([source.dump('courses'), source.dump('tutorials'), source.dump('projects'), source.dump('interviews')]);
  return { courses, tutorials, projects, interviews };
}

/**
 * `npm run bench -- --peer` (issue 20): the SQL4U peer beside the running platform, each read
 * alternating between them (warm-up each, then peer, DBLearn, peer, DBLearn), through the platform's
 * origin (--edge). Whatever it starts is stopped at the end, on failure and on Ctrl-C.
 */
export async function measurePeer(options: BenchOptions, env: NodeJS.ProcessEnv, say: Say): Promise<number> {
  const gitDir = peerSourceDir(env);
  if (!gitDir) {
    process.stdout.write(`${PEER_SOURCE_HINT}\n`);
    return 0;
  }
  const source = await PeerSource.open(gitDir);
  await checkReachable(options.baseUrl, say);
  await checkReachable(options.edgeUrl, say);
  const dump = await readDump(source);
  const content = peerImport(dump);
  const items = benchedItems(dump, content);
  await loadIntoDblearn(options, env, content, say);

  const processes = new PeerProcesses();
  const aborts = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (aborts.signal.aborted) return;
    aborts.abort();
    say(`${signal}: stopping the peer`);
    void processes.stopAll().finally(() => process.exit(130));
  };
  const onExit = () => processes.killNow();
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal).on('exit', onExit);
  try {
    const peerUrl = await startPeer(source, env, processes, aborts.signal, say);
    const [peerToken, dblearnToken] = [await registerThrowawayUser(peerUrl, say, PEER_REGISTRATION), await registerThrowawayUser(options.edgeUrl, say)];
    const rows: PeerComparison[] = [];
    say(`${loadLine()}; each read: ${2} s warm-up per side, then SQL4U, DBLearn, SQL4U, DBLearn, ${Math.max(1, Math.round(options.durationSeconds / 2))} s each, ${options.connections} connections`);
    for (const [read, peerPath, dblearnPath] of peerReads(items)) {
      const peer = { url: apiUrl(peerUrl, peerPath), headers: { [AUTH_HEADER]: peerToken } };
      const dblearn = { url: apiUrl(options.edgeUrl, dblearnPath), headers: { [AUTH_HEADER]: dblearnToken } };
      const sizes = [await expectOk(peer, 'SQL4U'), await expectOk(dblearn, 'DBLearn')];
      const [peerRow, dblearnRow] = await measureInTurns(options, [
        { call: `SQL4U ${read}`, target: peer },
        { call: `DBLearn ${read}`, target: dblearn },
      ]);
      rows.push({ read, peer: peerRow!, dblearn: dblearnRow! });
      say(`${read}: SQL4U ${peerRow!.requestsPerSecond.toFixed(0)} req/s (${sizes[0]} B), DBLearn ${dblearnRow!.requestsPerSecond.toFixed(0)} req/s (${sizes[1]} B)`);
    }
    process.stdout.write(`\n${formatComparison(rows)}\n\n${comparisonVerdicts(rows).join('\n')}\n${loadLine()}\n`);
    return rows.some((row) => row.peer.total === 0 || row.dblearn.total === 0) ? 1 : 0;
  } finally {
    await processes.stopAll();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal).off('exit', onExit);
  }
}
