import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EVENT_SUBJECTS } from './messaging/events.js';

// docs/architecture.md is read by newcomers as the truth about the running system: its events table
// must name exactly the events the code declares, and every file it points at must exist.
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const architecture = readFileSync(resolve(repoRoot, 'docs', 'architecture.md'), 'utf8');

/** The lines of the `## Events…` section, up to the next `## ` heading. */
function eventsSection(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## Events'));
  if (start < 0) throw new Error('docs/architecture.md has no "## Events" section.');
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

interface EventRow {
  subjects: string[];
  publisher: string;
}

/** The table's body rows (header and separator skipped), with the subjects named in the first cell. */
function eventRows(section: string[]): EventRow[] {
  const rows = section.filter((line) => line.startsWith('|')).slice(2);
  return rows.map((row) => {
    const [subjectCell = '', publisher = ''] = row.split('|').slice(1).map((cell) => cell.trim());
    return { subjects: [...subjectCell.matchAll(/`(events\.[^`]+)`/g)].map((match) => match[1] ?? ''), publisher };
  });
}

/** Backticked tokens that point into the repository (a top-level folder, then a path). */
function namedPaths(markdown: string): string[] {
  const topLevel = /^(?:libs|gateway|shell|svc-[a-z]+|mf-[a-z]+|e2e|bench|security|deploy|docs)\/[\w./-]+$/;
  const tokens = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '');
  return [...new Set(tokens.filter((token) => topLevel.test(token)))];
}

/** Targets of relative markdown links (`[text](target)`), as paths from the repository's root. */
function linkedPaths(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');
  return targets.filter((target) => !/^[a-z]+:/.test(target)).map((target) => join('docs', target));
}

describe('docs/architecture.md', () => {
  const rows = eventRows(eventsSection(architecture));

  it('has one row per event subject, each naming exactly one subject', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.subjects).toHaveLength(1);
  });

  it('lists exactly the subjects of EVENT_SUBJECTS, each once', () => {
    const documented = rows.flatMap((row) => row.subjects);
    expect([...documented].sort()).toEqual(Object.values(EVENT_SUBJECTS).sort());
  });

  it('names as publisher the service the subject belongs to (events.<service>.…)', () => {
    for (const { subjects, publisher } of rows) {
      const service = subjects[0]?.split('.')[1];
      expect({ subject: subjects[0], publisher }).toEqual({ subject: subjects[0], publisher: `svc-${service}` });
    }
  });

  it('names only files and folders that exist', () => {
    const paths = namedPaths(architecture);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !existsSync(resolve(repoRoot, path)))).toEqual([]);
  });

  it('links only to files that exist', () => {
    const links = linkedPaths(architecture);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((path) => !existsSync(resolve(repoRoot, path)))).toEqual([]);
  });
});
