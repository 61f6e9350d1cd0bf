import { describe, expect, it } from '@jest/globals';
import { headers as natsHeaders, type Msg } from '@nats-io/transport-node';
import { JSON_BYTES_HEADER, JsonBytesAnswer, JsonBytesReply, ServiceReplyDeserializer, ServiceReplySerializer } from './json-bytes-reply.js';

/** What the caller's inbox receives: the body and headers a service's reply was published with. */
function received(data: unknown, headers: unknown): Msg {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : (data as Uint8Array);
  return { data: bytes, headers, json: () => JSON.parse(new TextDecoder().decode(bytes)) as unknown } as unknown as Msg;
}

describe('JsonBytesReply across NATS', () => {
  const serializer = new ServiceReplySerializer();
  const deserializer = new ServiceReplyDeserializer();
  const question = { _id: 'q1', title: 'Quotes " and \\ and ünïcödé', replies: [{ reply: 'a' }] };

  it('sends the bytes as the message body, and the caller gets them back as a Buffer', async () => {
    const reply = JsonBytesReply.of(question);
    const outgoing = serializer.serialize({ id: 'abc', response: reply, isDisposed: true });
    expect(outgoing.data).toBe(reply.bytes);
    const incoming = await deserializer.deserialize(received(outgoing.data, outgoing.headers));
    expect(incoming.isDisposed).toBe(true);
    const answer = incoming.response as JsonBytesAnswer;
    expect(answer).toBeInstanceOf(JsonBytesAnswer);
    expect(Buffer.isBuffer(answer.body)).toBe(true);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual(question);
    expect(answer.etag).toBeNull();
    expect(answer.gzip).toBe(false);
  });

  it('carries the entity tag and the encoding beside the bytes', async () => {
    const reply = new JsonBytesReply(Buffer.from('{}'), { etag: 'W/"abc"', gzip: true });
    const outgoing = serializer.serialize({ id: 'abc', response: reply, isDisposed: true });
    const answer = (await deserializer.deserialize(received(outgoing.data, outgoing.headers))).response as JsonBytesAnswer;
    expect(answer.etag).toBe('W/"abc"');
    expect(answer.gzip).toBe(true);
  });

  it('leaves every other reply and every error in Nest’s JSON envelope', async () => {
    for (const packet of [
      { id: 'abc', response: question, isDisposed: true },
      { id: 'abc', err: { statusCode: 404, message: 'Question not found.' }, isDisposed: true },
      { id: 'abc', response: 'plain text', isDisposed: true },
    ]) {
      const outgoing = serializer.serialize(packet);
      expect(typeof outgoing.data).toBe('string');
      expect(await deserializer.deserialize(received(outgoing.data, outgoing.headers))).toEqual(packet);
    }
  });

  it('reads a body as raw only when the service marked it so', async () => {
    const other = natsHeaders();
    other.set(JSON_BYTES_HEADER, 'something-else');
    const envelope = JSON.stringify({ id: 'abc', response: { a: 1 }, isDisposed: true });
    expect(await deserializer.deserialize(received(envelope, other))).toEqual({ id: 'abc', response: { a: 1 }, isDisposed: true });
  });
});
