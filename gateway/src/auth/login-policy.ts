import { UserRateCounter } from '../common/limits/user-limits.js';
import { perWindow, secondsText } from '../common/limits/windows.js';
import type { RateLimit } from '../config/gateway.config.js';

/*
 * Issue 30 finding 6 ("one address, one fate"): a classroom behind one NAT must be able to log in
 * together, a few mistyped passwords must lock out only those accounts, one account's flood (even
 * of correct logins) must never block another account, and spraying passwords across accounts
 * from one address must still be stopped. So the per-address budget counts failures and the
 * distinct accounts that failed, never successes, and never a request the per-account limits
 * already refused. Counted in this gateway's memory, in fixed windows.
 */

export interface LoginPolicyLimits {
  /** Every login per (address, account), successful or not: a correct login costs a hash too. */
  accountRequests: RateLimit;
  /** Failed logins per (address, account): guessing one account's password. */
  accountFailures: RateLimit;
  /** Logins per address that the per-account limits let through. */
  addressRequests: RateLimit;
  /** Distinct accounts with a failed login per address (spraying one password over many accounts). */
  addressFailedAccounts: RateLimit;
  /** Failed logins per address, whatever the accounts (its window is addressFailedAccounts'). */
  addressFailures: Pick<RateLimit, 'limit'>;
}

/** Which limit refused a login. */
export type LoginLimit = 'account-requests' | 'account-failures' | 'address-failed-accounts' | 'address-failures' | 'address-requests';

export interface LoginRefusal {
  limit: LoginLimit;
  retryAfterSeconds: number;
  message: string;
}

/** An account that signed in from an address is let in from it for this long even while the address is blocked for spraying. */
const KNOWN_ACCOUNT_MS_PER_WINDOW = 4;
/** Known accounts kept per address (the oldest goes first): a class, a school's floor. */
const KNOWN_ACCOUNTS_PER_ADDRESS = 2_000;

interface AddressFailures {
  endsAt: number;
  failures: number;
  /** The accounts that failed, up to the limit (past it the address is blocked anyway). */
  accounts: Set<string>;
}

export class LoginPolicy {
  private readonly accountRequests: UserRateCounter;
  private readonly accountFailures: UserRateCounter;
  private readonly addressRequests: UserRateCounter;
  private readonly failuresByAddress = new Map<string, AddressFailures>();
  /** Per address, the accounts that signed in from it and until when that is remembered (oldest first). */
  private readonly knownByAddress = new Map<string, Map<string, number>>();
  private sweptAt = 0;

  constructor(private readonly limits: LoginPolicyLimits) {
    this.accountRequests = new UserRateCounter(windowOf(limits.accountRequests));
    this.accountFailures = new UserRateCounter(windowOf(limits.accountFailures));
    this.addressRequests = new UserRateCounter(windowOf(limits.addressRequests));
  }

  /**
   * Whether this login may be checked: null (and counted) when it may, else which limit refused
   * it. `account` is the normalized e-mail (or '' when the body has none).
   */
  admit(address: string, account: string, now = Date.now()): LoginRefusal | null {
    this.sweep(now);
    const pair = `${address}|${account}`;
    // A locked account is told so first: that is the limit the person can do something about.
    const accountFailuresWait = this.accountFailures.wait(pair, now);
    if (accountFailuresWait > 0) return this.refusal('account-failures', accountFailuresWait);
    const accountRequestsWait = this.accountRequests.take(pair, now);
    if (accountRequestsWait > 0) return this.refusal('account-requests', accountRequestsWait);
    const blocked = this.addressBlock(address, now);
    if (blocked && !this.isKnown(address, account, now)) return this.refusal(blocked.limit, blocked.waitMs);
    // Only what the per-account limits let through counts toward the address: one account's flood stays its own.
    const addressRequestsWait = this.addressRequests.take(address, now);
    if (addressRequestsWait > 0) return this.refusal('address-requests', addressRequestsWait);
    return null;
  }

  /** A login this policy admitted was refused as a wrong password (or a broken rule). */
  failed(address: string, account: string, now = Date.now()): void {
    this.accountFailures.add(`${address}|${account}`, now);
    let entry = this.failuresByAddress.get(address);
    if (!entry || entry.endsAt <= now) {
      entry = { endsAt: now + this.limits.addressFailedAccounts.ttlMs, failures: 0, accounts: new Set() };
      this.failuresByAddress.set(address, entry);
    }
    entry.failures += 1;
    if (entry.accounts.size < this.limits.addressFailedAccounts.limit) entry.accounts.add(account);
  }

  /** A login this policy admitted succeeded: the account is known at this address for a while. */
  succeeded(address: string, account: string, now = Date.now()): void {
    const known = this.knownByAddress.get(address) ?? new Map<string, number>();
    known.delete(account);
    known.set(account, now + this.limits.addressFailedAccounts.ttlMs * KNOWN_ACCOUNT_MS_PER_WINDOW);
    if (known.size > KNOWN_ACCOUNTS_PER_ADDRESS) known.delete(known.keys().next().value as string);
    this.knownByAddress.set(address, known);
  }

  private addressBlock(address: string, now: number): { limit: LoginLimit; waitMs: number } | null {
    const entry = this.failuresByAddress.get(address);
    if (!entry || entry.endsAt <= now) return null;
    if (entry.accounts.size >= this.limits.addressFailedAccounts.limit) return { limit: 'address-failed-accounts', waitMs: entry.endsAt - now };
    if (entry.failures >= this.limits.addressFailures.limit) return { limit: 'address-failures', waitMs: entry.endsAt - now };
    return null;
  }

  private isKnown(address: string, account: string, now: number): boolean {
    const until = this.knownByAddress.get(address)?.get(account);
    return until !== undefined && until > now;
  }

  private refusal(limit: LoginLimit, waitMs: number): LoginRefusal {
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    return { limit, retryAfterSeconds, message: `${this.reason(limit)} Try again in ${secondsText(retryAfterSeconds)}.` };
  }

  private reason(limit: LoginLimit): string {
    const { accountRequests, accountFailures, addressRequests, addressFailedAccounts, addressFailures } = this.limits;
    switch (limit) {
      case 'account-requests':
        return `Too many sign-ins for this account (${perWindow(accountRequests.limit, accountRequests.ttlMs)}).`;
      case 'account-failures':
        return `Too many failed sign-ins for this account (${perWindow(accountFailures.limit, accountFailures.ttlMs)}).`;
      case 'address-failed-accounts':
        return `Sign-ins failed for too many accounts from your network address (${perWindow(addressFailedAccounts.limit, addressFailedAccounts.ttlMs)}); accounts that signed in from it lately still can.`;
      case 'address-failures':
        return `Too many failed sign-ins from your network address (${perWindow(addressFailures.limit, addressFailedAccounts.ttlMs)}); accounts that signed in from it lately still can.`;
      case 'address-requests':
        return `Too many sign-ins from your network address (${perWindow(addressRequests.limit, addressRequests.ttlMs)}).`;
    }
  }

  /** Drops the failure windows and known accounts that have ended, once per address window. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.limits.addressFailedAccounts.ttlMs) return;
    this.sweptAt = now;
    for (const [address, entry] of this.failuresByAddress) if (entry.endsAt <= now) this.failuresByAddress.delete(address);
    for (const [address, known] of this.knownByAddress) {
      for (const [account, until] of known) if (until <= now) known.delete(account);
      if (known.size === 0) this.knownByAddress.delete(address);
    }
  }
}

function windowOf({ limit, ttlMs }: RateLimit): { limit: number; windowMs: number } {
  return { limit, windowMs: ttlMs };
}
