import { describe, expect, it } from '@jest/globals';
import { ServiceReplySerializer } from '../messaging/json-bytes-reply.js';
import { natsServerOptions, SHUTDOWN_GRACE_MS } from './bootstrap-service.js';

describe('natsServerOptions', () => {
  it("joins the service's queue group and waits for NATS instead of giving up", () => {
    expect(natsServerOptions({ service: 'users', natsUrl: 'nats://a:4222, nats://b:4222' })).toEqual({
      servers: ['nats://a:4222', 'nats://b:4222'],
      queue: 'svc-users',
      name: 'svc-users',
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      gracefulShutdown: true,
      gracePeriod: SHUTDOWN_GRACE_MS,
      // JsonBytesReply answers go out as raw bytes.
      serializer: expect.any(ServiceReplySerializer),
    });
  });
});
