import { type PublicUser, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { RegisterMessageDto, UserIdDto, VerifyCredentialsDto } from '@dblearn/contracts/dto';
import { createRpcValidationPipe } from '@dblearn/nest-common';
import { describe, expect, it } from '@jest/globals';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { RpcException } from '@nestjs/microservices';
import { EmailDirectory } from './email-directory.js';
import { UsersController } from './users.controller.js';
import type { UsersService } from './users.service.js';

type Handler = 'register' | 'verifyCredentials' | 'findProfile';

/** The payload class a handler declares: what the global validation pipe checks messages against. */
function payloadType(handler: Handler): unknown {
  return (Reflect.getMetadata('design:paramtypes', UsersController.prototype, handler) as unknown[])[0];
}

async function validate(handler: Handler, payload: unknown): Promise<unknown> {
  return createRpcValidationPipe().transform(payload, { type: 'body', metatype: payloadType(handler) as never });
}

async function refusal(handler: Handler, payload: unknown): Promise<{ statusCode: number; message: string[] }> {
  const error = await validate(handler, payload).then(
    () => new Error('accepted'),
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(RpcException);
  return (error as RpcException).getError() as { statusCode: number; message: string[] };
}

describe('UsersController', () => {
  it('answers exactly the subjects of the users contract', () => {
    const pattern = (handler: Handler) => Reflect.getMetadata(PATTERN_METADATA, UsersController.prototype[handler]) as unknown;
    expect(pattern('register')).toEqual([USERS_PATTERNS.register]);
    expect(pattern('verifyCredentials')).toEqual([USERS_PATTERNS.verifyCredentials]);
    expect(pattern('findProfile')).toEqual([USERS_PATTERNS.findProfile]);
  });

  it('declares the contract DTO for each payload', () => {
    expect(payloadType('register')).toBe(RegisterMessageDto);
    expect(payloadType('verifyCredentials')).toBe(VerifyCredentialsDto);
    expect(payloadType('findProfile')).toBe(UserIdDto);
  });

  it('hands a valid payload to the service and returns its answer', async () => {
    const user: PublicUser = { _id: '6b020a4dbbae6c41e918ccfe', email: 'ana@example.com', displayName: 'Ana', skill: 'beginner', isAdmin: false };
    const profile: UserProfile = { ...user, savedQuestion: [], finishedProject: [], readTutorial: [] };
    const calls: unknown[] = [];
    const service = {
      register: async (request: unknown) => (calls.push(request), user),
      verifyCredentials: async (request: unknown) => (calls.push(request), user),
      findProfile: async (request: unknown) => (calls.push(request), profile),
    } as unknown as UsersService;
    const directory = new EmailDirectory(undefined as never, { keep: () => undefined } as never);
    directory.setAdmin(user._id, true);
    const controller = new UsersController(service, directory);

    const registration = (await validate('register', { email: 'ana@example.com', password: 'secret1', skill: 'beginner' })) as RegisterMessageDto;
    expect(await controller.register(registration)).toBe(user);
    expect(await controller.verifyCredentials((await validate('verifyCredentials', { email: 'ana@example.com', password: 'secret1', client: '10.0.0.7' })) as VerifyCredentialsDto)).toBe(user);
    expect(await controller.findProfile((await validate('findProfile', { userId: user._id })) as UserIdDto)).toBe(profile);
    expect(calls).toEqual([
      { email: 'ana@example.com', password: 'secret1', skill: 'beginner' },
      { email: 'ana@example.com', password: 'secret1', client: '10.0.0.7' },
      { userId: user._id },
    ]);
    // The gateway's admin roster, from memory.
    expect(controller.listAdmins()).toEqual({ adminIds: [user._id], removedIds: [] });
  });

  describe('refuses before the service is reached', () => {
    it('a registration that asks to be admin', async () => {
      expect(await refusal('register', { email: 'ana@example.com', password: 'secret1', skill: 'beginner', isAdmin: true })).toEqual({
        statusCode: 400,
        message: ['The field "isAdmin" is not allowed.'],
      });
    });

    it('an operator object instead of an e-mail', async () => {
      expect((await refusal('verifyCredentials', { email: { $gt: '' }, password: 'secret1' })).message).toContain('E-mail must be text.');
    });

    it('a client address key that is not text or too long to be one', async () => {
      expect((await refusal('verifyCredentials', { email: 'ana@example.com', password: 'secret1', client: { $gt: '' } })).message).toContain('client must be text.');
      expect((await refusal('register', { email: 'ana@example.com', password: 'secret1', skill: 'beginner', client: 'x'.repeat(65) })).message).toContain(
        'client must be at most 64 characters long.',
      );
    });

    it('a password outside 5–255 characters and an unknown skill', async () => {
      const { message } = await refusal('register', { email: 'ana@example.com', password: 'abc', skill: 'guru' });
      expect(message).toEqual(expect.arrayContaining(['Password must be 5 to 255 characters long.', 'Skill must be one of: Beginner, Intermediate, Professional.']));
    });

    it('a profile request without a valid id', async () => {
      expect(await refusal('findProfile', { userId: 'me' })).toEqual({ statusCode: 400, message: ['userId must be a valid id.'] });
      expect(await refusal('findProfile', {})).toEqual({ statusCode: 400, message: ['userId must be a valid id.'] });
    });
  });
});
