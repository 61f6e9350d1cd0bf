import { describe, expect, it } from '@jest/globals';
import { natsConnectionOptions } from './nats-connection.js';

describe('natsConnectionOptions', () => {
  it('takes the credentials out of the URL and sets the user’s own inbox prefix', () => {
    expect(natsConnectionOptions('nats://svc-users:p%40ss@127.0.0.1:4222')).toEqual({
      servers: ['nats://127.0.0.1:4222'],
      user: 'svc-users',
      pass: 'p@ss',
      inboxPrefix: '_INBOX_svc-users',
    });
  });

  it('leaves a URL without credentials alone, and splits several servers', () => {
    expect(natsConnectionOptions('nats://127.0.0.1:4222, nats://127.0.0.1:4223')).toEqual({
      servers: ['nats://127.0.0.1:4222', 'nats://127.0.0.1:4223'],
    });
  });
});
