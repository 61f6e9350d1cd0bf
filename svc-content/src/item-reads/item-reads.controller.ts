import { CONTENT_PATTERNS, type ContentItemKind } from '@dblearn/contracts';
import { ItemJsonRequestDto } from '@dblearn/contracts/dto';
import type { JsonBytesReply } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CoursesService } from '../courses/courses.service.js';
import { InterviewService } from '../interview/interview.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { TutorialsService } from '../tutorials/tutorials.service.js';
import { ItemCache } from '../item-cache/item-cache.js';

/**
 * The gateway's item reads: the answer `find` gives, from ItemCache, loaded from the database when
 * cold (never from a list read model, which follows another instance's writes only through events).
 */
@Controller()
export class ItemReadsController {
  private readonly finders: Record<ContentItemKind, (id: string) => Promise<unknown>>;

  constructor(
    private readonly cache: ItemCache,
    courses: CoursesService,
    tutorials: TutorialsService,
    projects: ProjectsService,
    interview: InterviewService,
  ) {
    this.finders = {
      course: (id) => courses.findStored(id),
      tutorial: (id) => tutorials.find(id),
      project: (id) => projects.find(id),
      interview: (id) => interview.findStored(id),
    };
  }

  @MessagePattern(CONTENT_PATTERNS.findItemJson)
  async findJson(@Payload() { kind, id, gzip }: ItemJsonRequestDto): Promise<JsonBytesReply> {
    // `find` answers 404 for a missing item; only found items are kept.
    const cached = await this.cache.get(kind, id, () => this.finders[kind](id));
    if (!cached) throw new Error(`${kind} ${id} loaded as nothing`);
    return cached.reply(gzip === true);
  }
}
