import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { QNA_LIVE_KINDS } from '../community.js';
import { COMMUNITY_EVENTS_PREFIX, EVENT_SUBJECTS } from '../messaging/events.js';
import { EVENT_PAYLOADS } from './event-payloads.js';

const base = { eventId: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c', occurredAt: '2026-01-02T03:04:05.000Z', entityId: '65a1b2c3d4e5f6a7b8c9d0e1' };
const replyId = '65a1b2c3d4e5f6a7b8c9d0e2';

async function brokenFields(subject: keyof typeof EVENT_PAYLOADS, payload: object): Promise<string[]> {
  const errors = await validate(plainToInstance(EVENT_PAYLOADS[subject], payload), { forbidUnknownValues: false });
  return errors.map((error) => error.property).sort();
}

describe('EVENT_PAYLOADS: one class per event', () => {
  it('has a class for every subject of EVENT_SUBJECTS', () => {
    expect(Object.keys(EVENT_PAYLOADS).sort()).toEqual(Object.values(EVENT_SUBJECTS).sort());
  });

  it('checks what every event carries', async () => {
    expect(await brokenFields(EVENT_SUBJECTS.courseUpdated, base)).toEqual([]);
    expect(await brokenFields(EVENT_SUBJECTS.courseUpdated, { eventId: 'x', occurredAt: 'yesterday', entityId: 'y' })).toEqual(['entityId', 'eventId', 'occurredAt']);
  });

  it('checks each subject its own fields, including those that had only a type before', async () => {
    expect(await brokenFields(EVENT_SUBJECTS.adminChanged, { ...base, isAdmin: true })).toEqual([]);
    expect(await brokenFields(EVENT_SUBJECTS.adminChanged, { ...base, isAdmin: 'yes' })).toEqual(['isAdmin']);
    expect(await brokenFields(EVENT_SUBJECTS.questionReplied, { ...base, topic: 'sql', replyId })).toEqual([]);
    expect(await brokenFields(EVENT_SUBJECTS.questionReplied, { ...base, topic: 'cooking', replyId: null })).toEqual(['replyId', 'topic']);
  });

  it('lets an accepted answer be cleared (replyId null) but not be anything else', async () => {
    expect(await brokenFields(EVENT_SUBJECTS.questionAccepted, { ...base, topic: 'sql', replyId: null })).toEqual([]);
    expect(await brokenFields(EVENT_SUBJECTS.questionAccepted, { ...base, topic: 'sql', replyId: 'not-an-id' })).toEqual(['replyId']);
  });
});

describe('QNA_LIVE_KINDS: the events GET /live/qna passes on', () => {
  it('names only svc-community events (the gateway hears events.community.>), each with its own kind', () => {
    for (const name of Object.keys(QNA_LIVE_KINDS) as (keyof typeof QNA_LIVE_KINDS)[]) {
      expect(EVENT_SUBJECTS[name].startsWith(COMMUNITY_EVENTS_PREFIX)).toBe(true);
    }
    expect(new Set(Object.values(QNA_LIVE_KINDS)).size).toBe(Object.keys(QNA_LIVE_KINDS).length);
  });
});
