/**
 * Whether a reference query orders its result (only svc-content compares results). Which statements
 * are refused and on which line a statement starts are shared with the browser's ```sql blocks:
 * @dblearn/contracts sql-lab.
 */
import { blankLiterals } from '@dblearn/contracts';

/** True when the last statement has ORDER BY outside every parenthesis: its result order is part of the answer. */
export function ordersAtTopLevel(sql: string): boolean {
  const text = blankLiterals(sql);
  let depth = 0;
  let statementStart = 0;
  let lastStatement = '';
  for (let i = 0; i <= text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (i === text.length || (c === ';' && depth === 0)) {
      const statement = topLevelOnly(text.slice(statementStart, i));
      if (statement.trim()) lastStatement = statement;
      statementStart = i + 1;
    }
  }
  return /\bORDER\s+BY\b/i.test(lastStatement);
}

/** The statement with everything inside parentheses removed. */
function topLevelOnly(statement: string): string {
  let depth = 0;
  let out = '';
  for (const c of statement) {
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}
