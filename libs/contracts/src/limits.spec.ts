import { isRpcErrorBody } from './errors.js';
import { HTTP_SERVER_LIMITS } from './http-limits.js';
import { LIMITS, LIVE_LIMITS, lengthMessage, requiredMessage } from './limits.js';
import { TOPIC_LABELS, TOPICS, isTopic } from './topics.js';

describe('the shared rules', () => {
  it('say a length rule as one sentence, with or without a lower bound', () => {
    expect(lengthMessage('Password', LIMITS.user.password)).toBe('Password must be 5 to 255 characters long.');
    expect(lengthMessage('Tutorial Name', LIMITS.tutorial.title)).toBe('Tutorial Name must be at most 50 characters long.');
    expect(requiredMessage('Topic')).toBe('Topic is required.');
  });

  it('label every topic, in the order the filters show them', () => {
    expect(TOPICS.map((topic) => TOPIC_LABELS[topic])).toEqual(['Basic Concepts', 'Relational Model', 'File Organization', 'NoSQL', 'SQL']);
    expect(isTopic('nosql')).toBe(true);
    expect(isTopic('toString')).toBe(false);
  });

  it('recognise a service refusal only in its exact shape', () => {
    expect(isRpcErrorBody({ statusCode: 400, message: 'No.' })).toBe(true);
    expect(isRpcErrorBody({ statusCode: 400, message: ['a', 'b'] })).toBe(true);
    expect(isRpcErrorBody({ statusCode: '400', message: 'No.' })).toBe(false);
    expect(isRpcErrorBody({ statusCode: 400.5, message: 'No.' })).toBe(false);
    expect(isRpcErrorBody({ statusCode: 400, message: [1] })).toBe(false);
    expect(isRpcErrorBody(null)).toBe(false);
  });

  it('leave an address connections for ordinary requests beside its live streams (issue 30)', () => {
    expect(LIVE_LIMITS.perAddress * 2).toBeLessThanOrEqual(HTTP_SERVER_LIMITS.maxConnectionsPerAddress);
  });
});
