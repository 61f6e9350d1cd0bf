import { ILL_FORMED_TEXT_MESSAGE } from '@dblearn/contracts';
import { CourseDto } from '@dblearn/contracts/dto';
import { describe, expect, it } from '@jest/globals';
import { RpcException } from '@nestjs/microservices';
import { PathIdAndBody } from './path-id-and-body.pipe.js';

const pipe = PathIdAndBody(CourseDto, 'courseId');
const id = '65a1b2c3d4e5f6a7b8c9d0e1';
const course = { topic: 'sql', name: 'SQL joins', teacher: 'Ada Lovelace', length: '3 hours' };
const metadata = { type: 'body' as const };

async function refusal(value: unknown): Promise<unknown> {
  try {
    await pipe.transform(value, metadata);
  } catch (error) {
    expect(error).toBeInstanceOf(RpcException);
    return (error as RpcException).getError();
  }
  throw new Error('the message was accepted');
}

describe('PathIdAndBody', () => {
  it('lets the id through and the body as its DTO', async () => {
    const message = await pipe.transform({ id, body: course }, metadata);
    expect(message).toEqual({ id, body: course });
    expect(message.body).toBeInstanceOf(CourseDto);
  });

  it('words a bad id with the path parameter’s name, before the body’s own sentences', async () => {
    expect(await refusal({ id: 'nope', body: course })).toEqual({ statusCode: 400, message: ['courseId must be a valid id.'] });
    expect(await refusal({ id: { $ne: null }, body: { ...course, name: 'SQL' } })).toEqual({
      statusCode: 400,
      message: ['courseId must be a valid id.', 'Courses Name must be 5 to 50 characters long.'],
    });
  });

  it('refuses unknown fields beside the id and inside the body, named as the body names them', async () => {
    expect(await refusal({ id, body: course, courseId: id })).toEqual({ statusCode: 400, message: ['The field "courseId" is not allowed.'] });
    expect(await refusal({ id, body: { ...course, isAdmin: true } })).toEqual({ statusCode: 400, message: ['The field "isAdmin" is not allowed.'] });
  });

  it('refuses a body that is not an object, or a message that is none', async () => {
    expect(await refusal({ id, body: 'course' })).toEqual({ statusCode: 400, message: ['body must be an object.'] });
    expect(await refusal({ id })).toMatchObject({ statusCode: 400, message: expect.arrayContaining(['Courses Name must be text.']) });
    expect(await refusal(null)).toEqual({ statusCode: 400, message: 'courseId and body are required.' });
  });

  it('refuses ill-formed text in the body as the service-wide pipe does', async () => {
    expect(await refusal({ id, body: { ...course, name: 'SQL \ud800joins' } })).toEqual({ statusCode: 400, message: [ILL_FORMED_TEXT_MESSAGE] });
  });
});
