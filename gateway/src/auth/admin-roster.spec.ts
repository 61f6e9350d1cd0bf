import { describe, expect, it } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import { AdminRoster } from './admin-roster.js';

const ADA = '665f1c2a9b1e8a3d4c5b6a79';
const BOB = '665f1c2a9b1e8a3d4c5b6a7a';

describe('AdminRoster', () => {
  it('refuses to answer (503) until it is loaded', () => {
    const roster = new AdminRoster();
    expect(() => roster.isAdmin(ADA)).toThrow(ServiceUnavailableException);
    expect(roster.load([ADA], roster.unsure())).toBe(true);
    expect([roster.isAdmin(ADA), roster.isAdmin(BOB)]).toEqual([true, false]);
  });

  it('applies changes heard while loading after the load, in order', () => {
    const roster = new AdminRoster();
    const ticket = roster.unsure();
    roster.change(BOB, true);
    roster.change(ADA, false);
    // svc-users' answer may predate both changes.
    roster.load([ADA], ticket);
    expect([roster.isAdmin(ADA), roster.isAdmin(BOB)]).toEqual([false, true]);
    roster.change(BOB, false);
    expect(roster.isAdmin(BOB)).toBe(false);
  });

  it('keeps removed accounts through every load, and a removed admin is no admin (issue 30, Low 7)', () => {
    const roster = new AdminRoster();
    const ticket = roster.unsure();
    roster.remove(BOB);
    expect(roster.isRemoved(BOB)).toBe(true);
    roster.load([ADA, BOB], ticket, []);
    expect([roster.isAdmin(ADA), roster.isAdmin(BOB)]).toEqual([true, false]);
    roster.load([ADA], roster.unsure(), [ADA]);
    expect([roster.isRemoved(ADA), roster.isRemoved(BOB), roster.isAdmin(ADA)]).toEqual([true, true, false]);
  });

  it('is unsure after a lost feed until a newer load; an older answer is ignored', () => {
    const roster = new AdminRoster();
    roster.load([ADA], roster.unsure());
    const older = roster.unsure();
    expect(() => roster.isAdmin(ADA)).toThrow('Administrator rights cannot be checked right now. Try again in a moment.');
    const newer = roster.unsure();
    expect(roster.isCurrent(older)).toBe(false);
    expect(roster.load([ADA, BOB], older)).toBe(false);
    expect(roster.isSure).toBe(false);
    expect(roster.load([BOB], newer)).toBe(true);
    expect([roster.isAdmin(ADA), roster.isAdmin(BOB)]).toEqual([false, true]);
  });
});
