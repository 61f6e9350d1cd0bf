import { ILL_FORMED_TEXT_MESSAGE } from '@dblearn/contracts';
import { LoginDto, RegisterUserDto } from '@dblearn/contracts/dto';
import { describe, expect, it } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { createRpcValidationPipe, validationSentences } from './rpc-validation.pipe.js';

const pipe = createRpcValidationPipe();
const as = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });

async function refusal(value: unknown, metatype: ArgumentMetadata['metatype']): Promise<unknown> {
  try {
    await pipe.transform(value, as(metatype));
  } catch (error) {
    expect(error).toBeInstanceOf(RpcException);
    return (error as RpcException).getError();
  }
  throw new Error('the payload was accepted');
}

describe('createRpcValidationPipe', () => {
  it('lets a valid payload through as its DTO', async () => {
    const value = await pipe.transform({ email: 'ana@example.com', password: 'secret1', skill: 'beginner' }, as(RegisterUserDto));
    expect(value).toBeInstanceOf(RegisterUserDto);
    expect(value).toEqual({ email: 'ana@example.com', password: 'secret1', skill: 'beginner' });
  });

  it('refuses a lone UTF-16 surrogate before any validator sees it (issue 17 #9)', async () => {
    expect(await refusal({ email: 'ab\ud800c@example.org', password: 'secret1', skill: 'beginner' }, RegisterUserDto)).toEqual({
      statusCode: 400,
      message: ILL_FORMED_TEXT_MESSAGE,
    });
    expect(await refusal({ email: 'ana@example.com', password: 'secret\udc00' }, LoginDto)).toEqual({ statusCode: 400, message: ILL_FORMED_TEXT_MESSAGE });
  });

  it('refuses an unknown field with a sentence naming it', async () => {
    expect(await refusal({ email: 'ana@example.com', password: 'secret1', skill: 'beginner', isAdmin: true }, RegisterUserDto)).toEqual({
      statusCode: 400,
      message: ['The field "isAdmin" is not allowed.'],
    });
  });

  it('refuses an operator object where a string belongs', async () => {
    const error = (await refusal({ email: { $gt: '' }, password: 'secret1' }, LoginDto)) as { statusCode: number; message: string[] };
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain('E-mail must be text.');
  });

  it('refuses a payload that is not an object at all', async () => {
    for (const payload of [null, 'ana@example.com', 42]) {
      const error = (await refusal(payload, LoginDto)) as { statusCode: number; message: string[] };
      expect(error.statusCode).toBe(400);
      expect(error.message.length).toBeGreaterThan(0);
    }
  });
});

describe('validationSentences', () => {
  it('lists the broken rules of nested properties too, and words the whitelist rule', () => {
    expect(
      validationSentences([
        { property: 'title', constraints: { isLength: 'Title must be 5 to 50 characters long.' }, children: [] },
        {
          property: 'content',
          children: [{ property: 'colour', constraints: { whitelistValidation: 'property colour should not exist' }, children: [] }],
        },
      ]),
    ).toEqual(['Title must be 5 to 50 characters long.', 'The field "content.colour" is not allowed.']);
  });
});
