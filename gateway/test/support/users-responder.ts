import {
  EMAIL_TAKEN_MESSAGE,
  type FindProfileRequest,
  INVALID_CREDENTIALS_MESSAGE,
  type RegisterRequest,
  type RpcErrorBody,
  SERVICES,
  type UserProfile,
  USERS_PATTERNS,
  type VerifyCredentialsRequest,
} from '@dblearn/contracts';
import { Controller, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, type MicroserviceOptions, Payload, RpcException, Transport } from '@nestjs/microservices';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

interface StoredUser extends UserProfile {
  password: string;
}

/** What the stand-in does; tests flip these to play a slow or broken service. */
export class ResponderState {
  readonly users = new Map<string, StoredUser>();
  /** Every call received, by subject: proves that refused input never reached the service. */
  readonly calls: string[] = [];
  delayMs = 0;
  /** Throw a plain Error (not an RpcException): what a bug in a service looks like on the wire. */
  crash = false;

  deleteUser(email: string): void {
    this.users.delete(email.toLowerCase());
  }
}

const STATE = Symbol('ResponderState');
/** Aborted on close, so a reply held back by `delayMs` does not outlive the stand-in. */
const CLOSING = Symbol('ResponderClosing');

function refuse(statusCode: number, message: string): RpcException {
  return new RpcException({ statusCode, message } satisfies RpcErrorBody);
}

/**
 * A stand-in for svc-users on the real NATS, speaking Nest's own wire format through a real Nest
 * microservice. Its replies carry a `passwordHash` on purpose: the gateway must never pass it on.
 */
@Controller()
class UsersResponderController {
  constructor(
    @Inject(STATE) private readonly state: ResponderState,
    @Inject(CLOSING) private readonly closing: AbortSignal,
  ) {}

  @MessagePattern(USERS_PATTERNS.register)
  async register(@Payload() request: RegisterRequest): Promise<unknown> {
    await this.behave(USERS_PATTERNS.register);
    const email = request.email.toLowerCase();
    if (this.state.users.has(email)) throw refuse(400, EMAIL_TAKEN_MESSAGE);
    const user: StoredUser = {
      _id: randomBytes(12).toString('hex'),
      email,
      displayName: request.displayName ?? `learner-${1000 + randomBytes(2).readUInt16BE(0) % 9000}`,
      skill: request.skill,
      isAdmin: false,
      savedQuestion: [],
      finishedProject: [],
      readTutorial: [],
      password: request.password,
    };
    this.state.users.set(email, user);
    return this.reply(user);
  }

  @MessagePattern(USERS_PATTERNS.verifyCredentials)
  async verifyCredentials(@Payload() request: VerifyCredentialsRequest): Promise<unknown> {
    await this.behave(USERS_PATTERNS.verifyCredentials);
    const user = this.state.users.get(request.email.toLowerCase());
    if (!user || user.password !== request.password) throw refuse(400, INVALID_CREDENTIALS_MESSAGE);
    return this.reply(user);
  }

  @MessagePattern(USERS_PATTERNS.findProfile)
  async findProfile(@Payload() request: FindProfileRequest): Promise<unknown> {
    await this.behave(USERS_PATTERNS.findProfile);
    const user = [...this.state.users.values()].find((candidate) => candidate._id === request.userId);
    if (!user) throw refuse(404, 'No such user.');
    return this.reply(user);
  }

  @MessagePattern(USERS_PATTERNS.health)
  async health(): Promise<{ status: 'ok' }> {
    await this.behave(USERS_PATTERNS.health);
    return { status: 'ok' };
  }

  private async behave(subject: string): Promise<void> {
    this.state.calls.push(subject);
    if (this.state.delayMs > 0) await sleep(this.state.delayMs, undefined, { signal: this.closing });
    if (this.state.crash) throw new Error('users collection is gone (E11000 duplicate key error collection: dblearn_users.users)');
  }

  private reply({ password, ...user }: StoredUser): unknown {
    return { ...user, passwordHash: `scrypt$16384$salt$${password.length}`, __v: 0 };
  }
}

export interface UsersResponder {
  state: ResponderState;
  close(): Promise<void>;
}

/** Starts the stand-in on `natsUrl` in svc-users' queue group; `state` may be carried over a restart. */
export async function startUsersResponder(natsUrl: string, state = new ResponderState()): Promise<UsersResponder> {
  const closing = new AbortController();

  @Module({
    controllers: [UsersResponderController],
    providers: [
      { provide: STATE, useValue: state },
      { provide: CLOSING, useValue: closing.signal },
    ],
  })
  class UsersResponderModule {}

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(UsersResponderModule, {
    transport: Transport.NATS,
    options: { servers: natsUrl, queue: SERVICES.users.queue },
    logger: false,
  });
  await app.listen();
  return {
    state,
    close: async () => {
      closing.abort();
      await app.close();
    },
  };
}
