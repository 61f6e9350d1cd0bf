import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';

/** How often the watchdog reads its probe document. */
export const PROBE_EVERY_MS = 5_000;
/** The probe's server-side deadline (`maxTimeMS`): FerretDB ends a read waiting for its SQLite pool there. */
export const PROBE_DEADLINE_MS = 3_000;
/** A collection of one document per service, read by `_id` alone. */
const PROBE_COLLECTION = 'health_probes';

/**
 * Reads one document of the service's own database every PROBE_EVERY_MS with a deadline, one read at
 * a time. `stuck` is true while the last read failed or a read runs past twice its deadline although
 * the driver is connected: FerretDB answers the connection but not this database (decision 0022).
 * The health controller reports it; the launcher restarts FerretDB on it.
 */
@Injectable()
export class DatabaseWatchdog implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private probeStartedAt: number | null = null;
  private lastFailed = false;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Connected, yet the database does not answer a read by `_id` within its deadline. */
  get stuck(): boolean {
    if (this.connection.readyState !== mongoose.ConnectionStates.connected) return false;
    const running = this.probeStartedAt !== null && Date.now() - this.probeStartedAt > 2 * PROBE_DEADLINE_MS;
    return this.lastFailed || running;
  }

  /** One probe read (none while the last is still out); its outcome decides `stuck`. */
  async probe(): Promise<void> {
    const db = this.connection.db;
    if (this.probeStartedAt !== null || !db || this.connection.readyState !== mongoose.ConnectionStates.connected) return;
    this.probeStartedAt = Date.now();
    try {
      const probes = db.collection<{ _id: string }>(PROBE_COLLECTION);
      // A missing collection answers without touching the database file: the probe reads a real document.
      const found = await probes.findOne({ _id: 'probe' }, { maxTimeMS: PROBE_DEADLINE_MS });
      if (!found) await probes.updateOne({ _id: 'probe' }, { $set: { at: new Date() } }, { upsert: true, maxTimeMS: PROBE_DEADLINE_MS });
      this.lastFailed = false;
    } catch {
      this.lastFailed = true;
    } finally {
      this.probeStartedAt = null;
    }
  }
}
