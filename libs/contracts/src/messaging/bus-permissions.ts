import { CHANGE_SUBJECTS, CONTENT_ITEM_CHANGES } from './changes.js';
import { CONTENT_PATTERNS } from './content.patterns.js';
import { COMMUNITY_EVENTS_PREFIX, EVENT_SUBJECTS, EVENTS_STREAM, EVENTS_SUBJECT_PREFIX, PARKED_EVENTS_BUCKET, PROCESSED_EVENTS_BUCKET, replaySubjectPrefix } from './events.js';
import { SERVICES, type ServiceName } from './services.js';
import { USERS_PATTERNS } from './users.patterns.js';

/**
 * Who may do what on NATS, derived from SERVICES alone, so a service added there gets its
 * credentials and permissions with no other change. The launcher turns this into nats-server's
 * `authorization` block; every process connects as its own user.
 *
 * - The gateway sends requests to services (`<service>.>`) and hears who is made or unmade admin; a service sends only the requests
 *   SERVICE_REQUESTS names.
 * - Service X connects as its queue name (`svc-X`, also its folder). It answers `X.>` only inside its queue group, publishes only `events.X.>`, talks to its
 *   other instances on `svc-X.>` (e.g. cache broadcasts), reads every event subject (read models),
 *   and uses the JetStream API only for the events stream and for its own durable consumer, which
 *   must be named after its queue (`svc-X`).
 * - Everyone receives replies only on their own inbox prefix (`_INBOX_<user>`), so nobody can read
 *   another's replies; nobody may publish into an inbox except as a reply to a request they received
 *   (`allow_responses`), so a reply cannot be forged.
 */
export const GATEWAY_BUS_USER = 'gateway';

/**
 * The few requests one service sends another, each named: svc-users reads the project, tutorial
 * or question it is about to copy into a user's lists (and its rebuild command reads them all), and
 * which checks of a project a learner has yet to pass before it records the project as finished.
 */
export const SERVICE_REQUESTS: Partial<Record<ServiceName, readonly string[]>> = {
  users: [CONTENT_PATTERNS.findProject, CONTENT_PATTERNS.findTutorial, CONTENT_PATTERNS.findInterview, CONTENT_PATTERNS.checksLeft],
  // Posts written before display names are linked to their accounts once (issue 36).
  community: [USERS_PATTERNS.authorsByEmail],
};

export interface BusPermissions {
  user: string;
  publish: string[];
  /** Exceptions to `publish` (e.g. other services' durable consumers). */
  denyPublish?: string[];
  /** A subject optionally followed by a space and the only queue group allowed on it. */
  subscribe: string[];
  /** May reply to the requests it received. */
  allowResponses: boolean;
}

/** The reply subject prefix a user's connections must use (nats.js `inboxPrefix`). */
export function busInboxPrefix(user: string): string {
  return `_INBOX_${user.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * What libs/nest-common's consumer kit needs beyond the service's durable consumer: its read models
 * follow the service's own events through ephemeral consumers (any name, filtered on
 * `events.<service>.>` only); the processed-ids and parked-events buckets, each service only under
 * its own key prefix; replaying its own parked events (the `events` command runs as the service).
 */
function consumerKitPermissions(service: ServiceName): { publish: string[]; denyPublish: string[] } {
  const { name } = SERVICES[service];
  const jsApi = '$JS.API';
  const stream = EVENTS_STREAM;
  const buckets = [PROCESSED_EVENTS_BUCKET, PARKED_EVENTS_BUCKET].flatMap((bucket) => [
    `${jsApi}.STREAM.INFO.KV_${bucket}`,
    `${jsApi}.STREAM.CREATE.KV_${bucket}`,
    `$KV.${bucket}.${name}.>`,
    `${jsApi}.DIRECT.GET.KV_${bucket}.$KV.${bucket}.${name}.>`,
    `${jsApi}.CONSUMER.CREATE.KV_${bucket}.*.$KV.${bucket}.${name}.>`,
    `${jsApi}.CONSUMER.DELETE.KV_${bucket}.*`,
    `${jsApi}.CONSUMER.INFO.KV_${bucket}.*`,
    `$JS.FC.KV_${bucket}.>`,
  ]);
  const others = (Object.keys(SERVICES) as ServiceName[]).filter((other) => other !== service).map((other) => SERVICES[other].queue);
  return {
    publish: [
      `${jsApi}.CONSUMER.CREATE.${stream}.*.${EVENTS_SUBJECT_PREFIX}.${name}.>`,
      `${jsApi}.CONSUMER.MSG.NEXT.${stream}.*`,
      `${jsApi}.CONSUMER.INFO.${stream}.*`,
      `${jsApi}.CONSUMER.DELETE.${stream}.*`,
      `${replaySubjectPrefix(name)}>`,
      ...buckets,
    ],
    // The wildcards above must not reach another service's durable consumer.
    denyPublish: others.flatMap((queue) => ['MSG.NEXT', 'INFO', 'DELETE'].map((verb) => `${jsApi}.CONSUMER.${verb}.${stream}.${queue}`)),
  };
}

function servicePermissions(service: ServiceName): BusPermissions {
  const { name, queue } = SERVICES[service];
  const stream = EVENTS_STREAM;
  const jsApi = '$JS.API';
  const kit = consumerKitPermissions(service);
  return {
    user: queue,
    publish: [
      `${EVENTS_SUBJECT_PREFIX}.${name}.>`,
      `${queue}.>`,
      `${jsApi}.INFO`,
      `${jsApi}.STREAM.NAMES`,
      `${jsApi}.STREAM.INFO.${stream}`,
      `${jsApi}.STREAM.CREATE.${stream}`,
      `${jsApi}.STREAM.UPDATE.${stream}`,
      `${jsApi}.CONSUMER.CREATE.${stream}.${queue}`,
      `${jsApi}.CONSUMER.CREATE.${stream}.${queue}.>`,
      `${jsApi}.CONSUMER.DURABLE.CREATE.${stream}.${queue}`,
      `${jsApi}.CONSUMER.INFO.${stream}.${queue}`,
      `${jsApi}.CONSUMER.MSG.NEXT.${stream}.${queue}`,
      `$JS.ACK.${stream}.${queue}.>`,
      ...kit.publish,
      ...(SERVICE_REQUESTS[service] ?? []),
    ],
    denyPublish: kit.denyPublish,
    subscribe: [`${name}.> ${queue}`, `${queue}.>`, `${EVENTS_SUBJECT_PREFIX}.>`, `${busInboxPrefix(queue)}.>`],
    allowResponses: true,
  };
}

/** One entry per NATS user: the gateway, then every service in SERVICES. */
export function busPermissionTable(): BusPermissions[] {
  const services = Object.keys(SERVICES) as ServiceName[];
  return [
    {
      user: GATEWAY_BUS_USER,
      publish: services.map((service) => `${SERVICES[service].name}.>`),
      // The admin roster (issue 20): who is an admin, heard as it changes, never asked per request;
      // which content items and profiles changed, so the answers the gateway keeps are dropped; and
      // the Q&A events (issue 22), streamed to open pages.
      subscribe: [`${busInboxPrefix(GATEWAY_BUS_USER)}.>`, EVENT_SUBJECTS.adminChanged, EVENT_SUBJECTS.accountRemoved, CONTENT_ITEM_CHANGES, CHANGE_SUBJECTS.profile, `${COMMUNITY_EVENTS_PREFIX}>`],
      allowResponses: false,
    },
    ...services.map(servicePermissions),
  ];
}
