import { describe, expect, it } from '@jest/globals';
import { ordersAtTopLevel } from './sql-text.js';

describe('ordersAtTopLevel', () => {
  it('sees ORDER BY of the last statement outside parentheses', () => {
    expect(ordersAtTopLevel('SELECT * FROM t ORDER BY a')).toBe(true);
    expect(ordersAtTopLevel('select *\nfrom t\norder   by a;')).toBe(true);
    expect(ordersAtTopLevel('SELECT * FROM (SELECT * FROM t ORDER BY a)')).toBe(false);
    expect(ordersAtTopLevel('SELECT a, rank() OVER (ORDER BY b) FROM t')).toBe(false);
    expect(ordersAtTopLevel("SELECT 'ORDER BY' FROM t -- ORDER BY a")).toBe(false);
    expect(ordersAtTopLevel('SELECT * FROM t ORDER BY a; SELECT * FROM t')).toBe(false);
  });
});
