import { describe, expect, it } from '@jest/globals';
import { BadRequestException, type ArgumentMetadata } from '@nestjs/common';
import { RegisterUserDto } from '@dblearn/contracts/dto';
import { createValidationPipe } from './validation.pipe.js';

const pipe = createValidationPipe();
const asBody: ArgumentMetadata = { type: 'body', metatype: RegisterUserDto };

async function messagesFor(value: unknown): Promise<unknown> {
  try {
    await pipe.transform(value, asBody);
  } catch (error) {
    if (error instanceof BadRequestException) return (error.getResponse() as { message: unknown }).message;
    throw error;
  }
  throw new Error('expected the pipe to refuse the value');
}

describe('the validation pipe', () => {
  it('passes a valid body through as an instance of the DTO', async () => {
    const value = await pipe.transform({ email: 'ada@example.com', password: 'secret-password', skill: 'beginner' }, asBody);
    expect(value).toBeInstanceOf(RegisterUserDto);
    expect({ ...value }).toEqual({ email: 'ada@example.com', password: 'secret-password', skill: 'beginner' });
  });

  it('refuses an operator object where text belongs, with the type sentence only', async () => {
    expect(await messagesFor({ email: { $gt: '' }, password: 'secret-password', skill: 'beginner' })).toEqual(['E-mail must be text.']);
  });

  it('refuses unknown fields by name', async () => {
    expect(await messagesFor({ email: 'ada@example.com', password: 'secret-password', skill: 'beginner', isAdmin: true, role: 'x' })).toEqual([
      'The field "isAdmin" is not allowed.',
      'The field "role" is not allowed.',
    ]);
  });

  it('refuses a missing body as every required field', async () => {
    const messages = (await messagesFor(undefined)) as string[];
    expect(messages).toEqual(expect.arrayContaining(['E-mail must be text.', 'Password must be text.', 'Skill must be one of: Beginner, Intermediate, Professional.']));
  });

  it('refuses an array where an object belongs', async () => {
    expect(await messagesFor([{ email: 'ada@example.com', password: 'secret-password', skill: 'beginner' }])).toEqual(
      expect.arrayContaining(['E-mail must be text.']),
    );
  });
});
