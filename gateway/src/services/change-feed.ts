import { SubjectFeed } from '@dblearn/nest-common';
import type { ServiceClient } from './service-client.js';

export interface ChangeListener {
  /** An announcement: its subject and body (an id, or CHANGED_EVERYTHING). */
  changed(subject: string, body: string): void;
  /** Announcements may have been missed (cut off from NATS): drop everything kept. */
  lost(): void;
}

/**
 * A service's "this document changed" announcements (CHANGE_SUBJECTS), heard on the connection
 * that service's replies arrive on, so an announcement sent before a reply is heard before it.
 * `live` is true only while announcements can be heard: what the gateway keeps from a service is
 * kept only then.
 */
export class ChangeFeed {
  private readonly feed: SubjectFeed;

  constructor(
    client: ServiceClient,
    subject: string,
    private readonly listener: ChangeListener,
  ) {
    this.feed = new SubjectFeed(
      { get: () => client.connection() },
      {
        on: { [subject]: (body, heardOn) => listener.changed(heardOn, body) },
        cutOff: () => listener.lost(),
        // What changed while we were cut off was never heard.
        resumed: () => listener.lost(),
      },
    );
  }

  get live(): boolean {
    return this.feed.listening;
  }

  start(): void {
    this.feed.start();
  }

  stop(): void {
    void this.feed.stop();
    this.listener.lost();
  }
}
