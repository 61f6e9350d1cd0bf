import { EVENT_SUBJECTS, type Tutorial, TUTORIAL_NOT_FOUND_MESSAGE } from '@dblearn/contracts';
import type { CreateTutorialDto, UpdateTutorialDto } from '@dblearn/contracts/dto';
import { type DocumentStore, domainEvent, InjectStore, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { assertItemFits, newBlock, removeBlock } from '../common/blocks.js';
import { toBlocks } from '../common/views.js';
import { newIdentity } from '../common/identity.js';
import { CoursesService } from '../courses/courses.service.js';
import { TUTORIAL_FIELDS, toTutorial } from './tutorial.views.js';
import { TutorialRecord } from '../common/tutorial.schema.js';

@Injectable()
export class TutorialsService {
  constructor(
    @InjectStore(TutorialRecord.name) private readonly tutorials: DocumentStore<TutorialRecord>,
    private readonly courses: CoursesService,
  ) {}

  async find(id: string): Promise<Tutorial> {
    return toTutorial(await this.load(id));
  }

  /** With `courseId` the tutorial joins that course; `content` is its first block. */
  async create({ title, courseId, content }: CreateTutorialDto): Promise<Tutorial> {
    if (courseId) await this.courses.assertExists(courseId);
    const contents = content ? [newBlock(content)] : [];
    const tutorial = toTutorial((await this.tutorials.model.create({ ...newIdentity(), title, courseId: courseId ?? null, contents })).toObject());
    if (courseId) await this.courses.addEntry('tutorials', courseId, { _id: tutorial._id, title });
    return tutorial;
  }

  /** Checked and written as one step, like every write of it. */
  update(id: string, { title, content }: UpdateTutorialDto): Promise<Tutorial> {
    return this.tutorials.atomically(id, async () => {
      const block = content && newBlock(content);
      if (block) {
        const current = toTutorial(await this.load(id));
        assertItemFits({ ...current, title, contents: [...current.contents, ...toBlocks([block])] }, 'tutorial');
      }
      const update = block ? { $set: { title }, $push: { contents: block } } : { $set: { title } };
      if (!(await this.tutorials.update(id, update))) throw notFound(TUTORIAL_NOT_FOUND_MESSAGE);
      const tutorial = toTutorial(await this.load(id));
      if (tutorial.courseId) await this.courses.renameEntry('tutorials', tutorial.courseId, { _id: id, title });
      return tutorial;
    });
  }

  async removeBlock(id: string, blockId: string): Promise<Tutorial> {
    if (!(await removeBlock(this.tutorials, id, blockId))) throw notFound(TUTORIAL_NOT_FOUND_MESSAGE);
    return this.find(id);
  }

  /** Deleted with its event (svc-users drops learners' read marks), then detached from its course. */
  delete(id: string): Promise<Tutorial> {
    return this.tutorials.atomically(id, async () => {
      const tutorial = toTutorial(await this.load(id));
      const deleted = await this.tutorials.delete(id, domainEvent(EVENT_SUBJECTS.tutorialDeleted, { entityId: id, courseId: tutorial.courseId }));
      if (!deleted) throw notFound(TUTORIAL_NOT_FOUND_MESSAGE);
      if (tutorial.courseId) await this.courses.dropEntry('tutorials', tutorial.courseId, id);
      return tutorial;
    });
  }

  private async load(id: string): Promise<TutorialRecord> {
    const record = await this.tutorials.findById<TutorialRecord>(id, TUTORIAL_FIELDS);
    if (!record) throw notFound(TUTORIAL_NOT_FOUND_MESSAGE);
    return record;
  }
}
