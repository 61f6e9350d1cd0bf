import { CONTENT_PATTERNS, type RpcErrorBody, SERVICES } from '@dblearn/contracts';
import { natsConnectionOptions } from '@dblearn/nest-common';
import { Controller, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, type MicroserviceOptions, Payload, RpcException, Transport } from '@nestjs/microservices';

type Entity = Record<string, unknown> & { _id: string };

/** The content the stand-in knows; tests add, change and remove entries as an admin would. */
export class ContentState {
  readonly projects = new Map<string, Entity>();
  readonly tutorials = new Map<string, Entity>();
  readonly questions = new Map<string, Entity>();
  /** Ids that answer once and are gone from then on: a delete landing in the middle of a request. */
  readonly vanishAfterOneFind = new Set<string>();
  /** Runs once, after the entity was read and before the answer leaves: an admin's edit in the middle of a request. */
  readonly beforeAnswer = new Map<string, () => Promise<void>>();
  readonly calls: string[] = [];
  /** Project id → the checks every learner has still to pass (none unless a test says so). */
  readonly checksLeft = new Map<string, Array<{ _id: string; task: string }>>();
}

const STATE = Symbol('ContentState');

/**
 * Plays svc-content's three find-by-id calls and its checks-left call on the real NATS, in svc-content's queue group and
 * as its bus user, answering what svc-content answers: the entity, or a 404 RpcErrorBody.
 */
@Controller()
class ContentStandInController {
  constructor(@Inject(STATE) private readonly state: ContentState) {}

  @MessagePattern(CONTENT_PATTERNS.findProject)
  project(@Payload() { id }: { id: string }): Promise<Entity> {
    return this.find(this.state.projects, id, 'Project not found.');
  }

  @MessagePattern(CONTENT_PATTERNS.findTutorial)
  tutorial(@Payload() { id }: { id: string }): Promise<Entity> {
    return this.find(this.state.tutorials, id, 'Tutorial not found.');
  }

  @MessagePattern(CONTENT_PATTERNS.findInterview)
  question(@Payload() { id }: { id: string }): Promise<Entity> {
    return this.find(this.state.questions, id, 'Interview question not found.');
  }

  @MessagePattern(CONTENT_PATTERNS.checksLeft)
  left(@Payload() { projectId }: { projectId: string }): { left: Array<{ _id: string; task: string }> } {
    if (!this.state.projects.has(projectId)) throw new RpcException({ statusCode: 404, message: 'Project not found.' } satisfies RpcErrorBody);
    return { left: this.state.checksLeft.get(projectId) ?? [] };
  }

  private async find(items: Map<string, Entity>, id: string, missing: string): Promise<Entity> {
    this.state.calls.push(id);
    const item = items.get(id);
    if (!item) throw new RpcException({ statusCode: 404, message: missing } satisfies RpcErrorBody);
    if (this.state.vanishAfterOneFind.delete(id)) items.delete(id);
    const hook = this.state.beforeAnswer.get(id);
    this.state.beforeAnswer.delete(id);
    await hook?.();
    return item;
  }
}

export interface ContentStandIn {
  state: ContentState;
  close(): Promise<void>;
}

export async function startContentStandIn(natsUrl: string, state = new ContentState()): Promise<ContentStandIn> {
  @Module({ controllers: [ContentStandInController], providers: [{ provide: STATE, useValue: state }] })
  class ContentStandInModule {}

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(ContentStandInModule, {
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(natsUrl), queue: SERVICES.content.queue },
    logger: false,
  });
  await app.listen();
  return { state, close: () => app.close() };
}
