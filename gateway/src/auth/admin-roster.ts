import { ServiceUnavailableException } from '@nestjs/common';

export const ADMIN_RIGHTS_UNKNOWN_MESSAGE = 'Administrator rights cannot be checked right now. Try again in a moment.';

/**
 * Who is an admin, in the gateway's memory (issue 20): loaded from svc-users once, then kept by
 * `admin.changed` events, so no request asks svc-users. While it cannot be sure (not loaded yet, or
 * the feed was lost and changes may have been missed) it refuses to answer: admin calls get 503,
 * never a stale yes.
 */
export class AdminRoster {
  private admins = new Set<string>();
  /**
   * Deleted or disabled accounts (issue 30, Low 7): their tokens are refused on every route. Only
   * ever added to (an id is never reused); kept through a reload, so a lost feed never lets one back in.
   */
  private readonly removed = new Set<string>();
  /** Changes heard since the load in progress began; null once loaded and listening. */
  private heardWhileLoading: Array<{ userId: string; isAdmin: boolean }> | null = [];
  private generation = 0;
  private readonly waiting = new Set<() => void>();

  /** True when `userId` is an admin; throws 503 while the roster cannot be sure. */
  isAdmin(userId: string): boolean {
    if (this.heardWhileLoading) throw new ServiceUnavailableException(ADMIN_RIGHTS_UNKNOWN_MESSAGE);
    return this.admins.has(userId);
  }

  /** True when the account was deleted or disabled. Never throws: while unsure, what is known is refused and the rest let through. */
  isRemoved(userId: string): boolean {
    return this.removed.has(userId);
  }

  /** An `account.removed` event: refused from now on, and no longer an admin. */
  remove(userId: string): void {
    this.removed.add(userId);
    this.change(userId, false);
  }

  get isSure(): boolean {
    return this.heardWhileLoading === null;
  }

  /** Resolves once the roster is sure again, or after `ms` (then `isAdmin` still refuses). */
  async settled(ms: number): Promise<void> {
    if (this.isSure) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.waiting.delete(done);
        clearTimeout(timer);
        resolve();
      };
      this.waiting.add(done);
      timer = setTimeout(done, ms);
    });
  }

  /** The feed was lost (or is starting): refuse until a new load; returns that load's ticket. */
  unsure(): number {
    this.heardWhileLoading = [];
    this.generation += 1;
    return this.generation;
  }

  /** False once a newer load has begun. */
  isCurrent(ticket: number): boolean {
    return ticket === this.generation;
  }

  /** An `admin.changed` event: applied now, or after the load in progress (the load may be older). */
  change(userId: string, isAdmin: boolean): void {
    if (this.heardWhileLoading) this.heardWhileLoading.push({ userId, isAdmin });
    else this.apply(userId, isAdmin);
  }

  /** svc-users' answer to the load `ticket` began; ignored when the feed was lost again meanwhile. */
  load(adminIds: readonly string[], ticket: number, removedIds: readonly string[] = []): boolean {
    if (ticket !== this.generation || !this.heardWhileLoading) return false;
    for (const id of removedIds) this.removed.add(id);
    this.admins = new Set(adminIds.filter((id) => !this.removed.has(id)));
    for (const { userId, isAdmin } of this.heardWhileLoading) this.apply(userId, isAdmin);
    this.heardWhileLoading = null;
    for (const wake of [...this.waiting]) wake();
    return true;
  }

  private apply(userId: string, isAdmin: boolean): void {
    if (isAdmin) this.admins.add(userId);
    else this.admins.delete(userId);
  }
}
