import { EVENT_SUBJECTS, type Project, PROJECT_NOT_FOUND_MESSAGE } from '@dblearn/contracts';
import type { CreateProjectDto, UpdateProjectDto } from '@dblearn/contracts/dto';
import { domainEvent, EventOutbox, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { assertItemFits, newBlock, removeBlock } from '../common/blocks.js';
import { toBlocks } from '../common/views.js';
import { newIdentity } from '../common/identity.js';
import { CoursesService } from '../courses/courses.service.js';
import { ItemLocks } from '../item-locks/item-locks.js';
import { PROJECT_FIELDS, toProject } from './project.views.js';
import { ProjectRecord } from './project.schema.js';

@Injectable()
export class ProjectsService {
  constructor(
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    private readonly courses: CoursesService,
    private readonly outbox: EventOutbox,
    private readonly items: ItemLocks,
  ) {}

  async find(id: string): Promise<Project> {
    return toProject(await this.load(id));
  }

  /** With `courseId` the project joins that course (404 before anything is written when there is no such course). */
  async create({ title, difficulty, courseId }: CreateProjectDto): Promise<Project> {
    if (courseId) await this.courses.assertExists(courseId);
    const project = toProject((await this.projects.create({ ...newIdentity(), title, difficulty, courseId: courseId ?? null, contents: [] })).toObject());
    if (courseId) await this.courses.addEntry('projects', courseId, { _id: project._id, title, difficulty });
    return project;
  }

  /** Title and difficulty change; `content` appends a block. Learners' finished lists follow the event. Under the project's lock, like every write of it. */
  async update(id: string, { title, difficulty, content }: UpdateProjectDto): Promise<Project> {
    await this.items.run(id, async () => {
      const current = toProject(await this.load(id));
      const { courseId } = current;
      const block = content && newBlock(content);
      if (block) assertItemFits({ ...current, title, difficulty, contents: [...current.contents, ...toBlocks([block])] }, 'project');
      const changes = block ? { $set: { title, difficulty }, $push: { contents: block } } : { $set: { title, difficulty } };
      const found = await this.outbox.update(this.projects, id, changes, domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: id, title, difficulty, courseId }));
      if (!found) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      if (courseId) await this.courses.renameEntry('projects', courseId, { _id: id, title, difficulty });
    });
    return this.find(id);
  }

  async removeBlock(id: string, blockId: string): Promise<Project> {
    if (!(await this.items.run(id, () => removeBlock(this.projects, id, blockId)))) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return this.find(id);
  }

  /** Deleted with its event (svc-users drops it from finished lists), then detached from its course. */
  delete(id: string): Promise<Project> {
    return this.items.run(id, async () => {
      const project = toProject(await this.load(id));
      const deleted = await this.outbox.delete(this.projects, id, domainEvent(EVENT_SUBJECTS.projectDeleted, { entityId: id, courseId: project.courseId }));
      if (!deleted) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      if (project.courseId) await this.courses.dropEntry('projects', project.courseId, id);
      return project;
    });
  }

  private async load(id: string): Promise<ProjectRecord> {
    const record = await this.projects.findById(id, PROJECT_FIELDS).lean<ProjectRecord>().exec();
    if (!record) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return record;
  }
}
