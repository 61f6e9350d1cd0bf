import { blankLiterals } from '@dblearn/lab';
import { describe, expect, it } from '@jest/globals';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from './content-folder.js';

// Issue 31: the references and lesson examples teach SQL that PostgreSQL also runs where the lesson
// does not say otherwise: a derived table (a subquery in FROM or JOIN) always gets an alias, as the
// Subqueries lesson says (SQLite lets it go without; PostgreSQL 15 refuses it).

/** Each derived table in `sql` that no alias follows: the text from its FROM/JOIN. */
function derivedTablesWithoutAlias(sql: string): string[] {
  const blanked = blankLiterals(sql);
  const missing: string[] = [];
  for (const match of blanked.matchAll(/\b(?:FROM|JOIN)\s*\(\s*(?:SELECT|WITH|VALUES)\b/gi)) {
    let at = blanked.indexOf('(', match.index) + 1;
    for (let depth = 1; depth > 0 && at < blanked.length; at++) {
      if (blanked[at] === '(') depth++;
      else if (blanked[at] === ')') depth--;
    }
    const after = blanked.slice(at).trimStart();
    const aliased = /^(?:AS\s+)?[A-Za-z_]\w*/i.test(after) && !/^(?:WHERE|ORDER|GROUP|HAVING|UNION|EXCEPT|INTERSECT|LIMIT|JOIN|LEFT|RIGHT|FULL|INNER|CROSS|NATURAL|ON|WINDOW)\b/i.test(after);
    if (!aliased) missing.push(sql.slice(match.index, match.index + 60));
  }
  return missing;
}

const courses = readContentFolder(SHIPPED_CONTENT_DIR).courses;

describe('portable SQL in the shipped content', () => {
  it('finds a derived table without an alias, and accepts one with', () => {
    expect(derivedTablesWithoutAlias('SELECT x FROM (SELECT 1 AS x) WHERE x > 0')).toHaveLength(1);
    expect(derivedTablesWithoutAlias('SELECT x FROM (SELECT 1 AS x) AS t WHERE x > 0')).toEqual([]);
    expect(derivedTablesWithoutAlias("SELECT x FROM (SELECT ')' AS x) t")).toEqual([]);
  });

  it('gives every derived table of a reference, and of a lesson example, an alias', () => {
    const missing = courses.flatMap((course) => [
      ...course.projects.flatMap((project) =>
        (project.checks ?? []).flatMap((check) => {
          const { referenceSql, verifySql } = check as { referenceSql?: string; verifySql?: string };
          return [referenceSql, verifySql].flatMap((sql) => derivedTablesWithoutAlias(sql ?? '').map((at) => `${project.title}: ${at}`));
        }),
      ),
      ...[...course.tutorials, ...course.projects].flatMap((item) =>
        item.contents.flatMap((block) => [...block.detail.matchAll(/```sql[^\n]*\n([\s\S]*?)```/g)].flatMap((example) => derivedTablesWithoutAlias(example[1] ?? '').map((at) => `${item.title}: ${at}`))),
      ),
    ]);
    expect(missing).toEqual([]);
  });
});
