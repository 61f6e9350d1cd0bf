import { ROUTES } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import type { PipeTransform } from '@nestjs/common';
import { PIPES_METADATA } from '@nestjs/common/constants.js';
import { RpcException } from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { RouteHandler } from './route-handler.decorator.js';

class Handlers {
  @RouteHandler(ROUTES.review.grade)
  grade(): void {}

  @RouteHandler(ROUTES.review.remove)
  remove(): void {}
}

const pipeOf = (handler: () => void) => (Reflect.getMetadata(PIPES_METADATA, handler) as PipeTransform[])[0]!;
const grade = pipeOf(Handlers.prototype.grade);
const remove = pipeOf(Handlers.prototype.remove);
const metadata = { type: 'body' as const };
const caller = { _id: '65a1b2c3d4e5f6a7b8c9d0e1' };
const questionId = '65a1b2c3d4e5f6a7b8c9d0e2';

async function refusal(pipe: PipeTransform, value: unknown): Promise<unknown> {
  try {
    await pipe.transform(value, metadata);
  } catch (error) {
    expect(error).toBeInstanceOf(RpcException);
    return (error as RpcException).getError();
  }
  throw new Error('the call was accepted');
}

describe('RouteHandler', () => {
  it('answers the subject derived from the route’s name, under its service', () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, Handlers.prototype.grade)).toEqual(['users.route.review.grade']);
  });

  it('lets a well-formed call through, its body as the route’s class', async () => {
    const body = { id: questionId, grade: 'good', version: 0 };
    expect(await grade.transform({ caller, params: {}, body }, metadata)).toEqual({ caller, params: {}, body });
    expect(await remove.transform({ caller, params: { questionId }, body: null }, metadata)).toEqual({ caller, params: { questionId }, body: null });
  });

  it('refuses a call without a signed-in caller on a learner route', async () => {
    expect(await refusal(grade, { caller: null, params: {}, body: {} })).toEqual({ statusCode: 400, message: 'caller must be a signed-in user.' });
    expect(await refusal(remove, { caller: { _id: { $ne: null }, isAdmin: true }, params: { questionId } })).toMatchObject({ statusCode: 400 });
    expect(await refusal(remove, { caller: { ...caller, email: 'ada@example.com' }, params: { questionId } })).toMatchObject({ statusCode: 400 });
  });

  it('words each broken param and body rule as the gateway does, and refuses what the route does not take', async () => {
    expect(await refusal(remove, { caller, params: { questionId: 'nope', extra: questionId }, body: { id: questionId }, userId: caller._id })).toEqual({
      statusCode: 400,
      message: ['questionId must be a valid id.', 'The param "extra" is not allowed.', 'This call takes no body.', 'The field "userId" is not allowed.'],
    });
    expect(await refusal(grade, { caller, params: {}, body: { id: questionId, grade: 'perfect', version: 0 } })).toEqual({
      statusCode: 400,
      message: ['Grade must be one of: again, hard, good, easy.'],
    });
    expect(await refusal(grade, { caller, params: {}, body: 'good' })).toEqual({ statusCode: 400, message: ['body must be an object.'] });
    expect(await refusal(grade, null)).toEqual({ statusCode: 400, message: 'caller, params and body are required.' });
  });

  it('refuses a route without a forward entry when the handler is declared', () => {
    expect(() => RouteHandler(ROUTES.qna.accept)).toThrow('PUT /qna/accept/:questionId has no forward entry in ROUTE_SHAPES.');
  });
});
