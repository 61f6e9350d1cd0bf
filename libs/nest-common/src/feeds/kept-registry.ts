import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { RequestConnection } from '../bootstrap/request-connection.js';
import { EventsConnection } from '../events/events-connection.js';
import { type StreamDeclaration, StreamFeed } from './stream-feed.js';
import { type KeptDeclaration, SubjectFeed } from './subject-feed.js';

/**
 * Where a service's kept thing listens: `requests`, the connection it answers on (a change heard
 * there is heard before any later request: ChangeBroadcast), or `events`, its events connection.
 * (What must replay rather than drop declares with `keepReplayed`.)
 */
export type KeptConnection = 'requests' | 'events';

/**
 * Every cache and directory a service keeps in memory declares here which subjects change it and
 * how (a KeptDeclaration); the registry subscribes them all as the service starts, follows NATS
 * drops (`resumed`: drop or reload) and ends them at shutdown. Subscribing waits for NATS while a
 * provider's onModuleInit already loads what it keeps, so a change made between that load and the
 * first subscription is never heard: a declaration without its own `listening` is told `resumed`
 * then too (a second svc-users once missed the admin the first one had just made, and refused
 * its logins). Declare in a provider's constructor:
 *
 *   kept.keep('events', { on: { [subject]: (id) => this.store.invalidate(id) }, resumed: () => this.store.clear() });
 *
 * A read model declares here too, with `keepReplayed`: it cannot drop a list and reload it cheaply,
 * so it replays what it missed from JetStream (StreamFeed) instead of being told `resumed`.
 */
@Injectable()
export class KeptRegistry implements OnModuleInit, OnApplicationShutdown {
  private readonly feeds: (SubjectFeed | StreamFeed)[] = [];
  private started = false;

  constructor(
    private readonly requests: RequestConnection,
    private readonly events: EventsConnection,
  ) {}

  keep(connection: KeptConnection, declaration: KeptDeclaration): SubjectFeed {
    const source = connection === 'requests' ? { get: () => this.requests.ready() } : { get: () => this.events.connection() };
    return this.register(new SubjectFeed(source, { listening: declaration.resumed, ...declaration }));
  }

  /** What must not miss a change (a read model): its events replayed from the stream, never dropped. */
  keepReplayed(declaration: StreamDeclaration): StreamFeed {
    return this.register(new StreamFeed({ get: () => this.events.connection() }, declaration));
  }

  private register<F extends SubjectFeed | StreamFeed>(feed: F): F {
    this.feeds.push(feed);
    if (this.started) feed.start();
    return feed;
  }

  onModuleInit(): void {
    // In the background: the service must not wait on NATS to start answering from the database.
    this.started = true;
    for (const feed of this.feeds) feed.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.feeds.map((feed) => feed.stop()));
  }
}
