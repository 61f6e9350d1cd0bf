import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { SqlJsStatic } from 'sql.js';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { buildSandbox, loadEngine, runOnCopy } from '../sql-runner/sql-engine.js';

// Issue 19: the practice data carries the edge cases the theory lessons teach, and nothing they
// would have to explain away (a loan before its member joined, money that does not add up).

let engine: SqlJsStatic;
const sandboxes = new Map<string, Uint8Array>();
beforeAll(async () => {
  engine = await loadEngine();
  for (const name of ['library.sql', 'bank.sql', 'shop.sql']) sandboxes.set(name, buildSandbox(engine, readFileSync(join(SHIPPED_CONTENT_DIR, 'sandboxes', name), 'utf8')));
});
const rowsOf = (sandbox: string, sql: string) => runOnCopy(engine, sandboxes.get(sandbox)!, sql).rows;
const count = (sandbox: string, sql: string) => rowsOf(sandbox, `SELECT COUNT(*) FROM (${sql})`)[0]![0];

describe('the library', () => {
  it('has a many-to-many book_author: books with one author and books with several', () => {
    const authorsPerBook = rowsOf('library.sql', 'SELECT DISTINCT COUNT(*) FROM book_author GROUP BY isbn ORDER BY 1').map(([n]) => n);
    expect(authorsPerBook).toEqual([1, 2, 3]);
    expect(count('library.sql', 'SELECT isbn FROM book WHERE isbn NOT IN (SELECT isbn FROM book_author)')).toBe(0);
  });

  it('lends no copy before its member joined, returns none before it was lent, and never lends one copy twice at once', () => {
    expect(count('library.sql', 'SELECT l.id FROM loan l JOIN member m ON m.card_no = l.card_no WHERE l.loaned_on < m.joined_on')).toBe(0);
    expect(count('library.sql', 'SELECT id FROM loan WHERE returned_on < loaned_on OR due_on <= loaned_on')).toBe(0);
    const overlapping = `SELECT a.id FROM loan a JOIN loan b ON a.isbn = b.isbn AND a.copy_no = b.copy_no AND a.id < b.id
      AND a.loaned_on <= COALESCE(b.returned_on, '9999-12-31') AND b.loaned_on <= COALESCE(a.returned_on, '9999-12-31')`;
    expect(count('library.sql', overlapping)).toBe(0);
  });
});

describe('the shop', () => {
  it('takes no order before its customer joined, and no payment before its order', () => {
    expect(count('shop.sql', 'SELECT o.id FROM orders o JOIN customer c ON c.id = o.customer_id WHERE o.ordered_on < c.joined_on')).toBe(0);
    expect(count('shop.sql', 'SELECT p.id FROM payment p JOIN orders o ON o.id = p.order_id WHERE p.paid_on < o.ordered_on')).toBe(0);
  });

  it('declares only STORED generated columns, the kind PostgreSQL 15 loads too', () => {
    const script = readFileSync(join(SHIPPED_CONTENT_DIR, 'sandboxes', 'shop.sql'), 'utf8');
    expect(script).toMatch(/GENERATED ALWAYS AS \([^)]*\) STORED/);
    expect(script).not.toMatch(/\bVIRTUAL\b/i);
  });
});

describe('money', () => {
  it('is integer cents in the bank and the shop, so sums are exact', () => {
    const moneyColumns = (sandbox: string, tables: string[]) =>
      rowsOf(sandbox, `SELECT m.name || '.' || p.name, p.type FROM sqlite_schema m, pragma_table_info(m.name) p WHERE m.name IN (${tables.map((t) => `'${t}'`).join(', ')}) AND p.name LIKE '%cents' ORDER BY 1`);
    expect(moneyColumns('bank.sql', ['account', 'transfer', 'audit'])).toEqual([['account.balance_cents', 'INTEGER'], ['audit.change_cents', 'INTEGER'], ['transfer.amount_cents', 'INTEGER']]);
    expect(moneyColumns('shop.sql', ['product', 'order_item', 'payment'])).toEqual([['order_item.unit_price_cents', 'INTEGER'], ['payment.amount_cents', 'INTEGER'], ['product.price_cents', 'INTEGER']]);
    for (const [sandbox, sql] of [
      ['bank.sql', 'SELECT typeof(balance_cents) AS type FROM account UNION ALL SELECT typeof(amount_cents) FROM transfer UNION ALL SELECT typeof(change_cents) FROM audit'],
      ['shop.sql', 'SELECT typeof(price_cents) AS type FROM product UNION ALL SELECT typeof(unit_price_cents) FROM order_item UNION ALL SELECT typeof(amount_cents) FROM payment'],
    ] as const) {
      expect(rowsOf(sandbox, `SELECT DISTINCT type FROM (${sql})`)).toEqual([['integer']]);
    }
  });

  it('leaves an account holding less than 30, for the conditional transfer', () => {
    expect(count('bank.sql', 'SELECT id FROM account WHERE balance_cents < 3000')).toBeGreaterThan(0);
  });

  it('keeps the shop product price in units for the File Organization examples', () => {
    expect(rowsOf('shop.sql', 'SELECT COUNT(*) FROM product WHERE ROUND(price * 100) <> price_cents')).toEqual([[0]]);
  });
});
