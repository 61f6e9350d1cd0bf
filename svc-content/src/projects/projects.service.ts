import { EVENT_SUBJECTS, type Project, PROJECT_NOT_FOUND_MESSAGE } from '@dblearn/contracts';
import type { CreateProjectDto, UpdateProjectDto } from '@dblearn/contracts/dto';
import { type DocumentStore, domainEvent, InjectStore, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { assertItemFits, newBlock, removeBlock } from '../common/blocks.js';
import { toBlocks } from '../common/views.js';
import { newIdentity } from '../common/identity.js';
import { CoursesService } from '../courses/courses.service.js';
import { PROJECT_FIELDS, toProject } from './project.views.js';
import { ProjectRecord } from '../common/project.schema.js';

@Injectable()
export class ProjectsService {
  constructor(
    @InjectStore(ProjectRecord.name) private readonly projects: DocumentStore<ProjectRecord>,
    private readonly courses: CoursesService,
  ) {}

  async find(id: string): Promise<Project> {
    return toProject(await this.load(id));
  }

  /** With `courseId` the project joins that course (404 before anything is written when there is no such course). */
  async create({ title, difficulty, courseId }: CreateProjectDto): Promise<Project> {
    if (courseId) await this.courses.assertExists(courseId);
    const project = toProject((await this.projects.model.create({ ...newIdentity(), title, difficulty, courseId: courseId ?? null, contents: [] })).toObject());
    if (courseId) await this.courses.addEntry('projects', courseId, { _id: project._id, title, difficulty });
    return project;
  }

  /** Title and difficulty change; `content` appends a block. Learners' finished lists follow the event. Checked and written as one step, like every write of it. */
  async update(id: string, { title, difficulty, content }: UpdateProjectDto): Promise<Project> {
    await this.projects.atomically(id, async () => {
      const current = toProject(await this.load(id));
      const { courseId } = current;
      const block = content && newBlock(content);
      if (block) assertItemFits({ ...current, title, difficulty, contents: [...current.contents, ...toBlocks([block])] }, 'project');
      const changes = block ? { $set: { title, difficulty }, $push: { contents: block } } : { $set: { title, difficulty } };
      const found = await this.projects.update(id, changes, domainEvent(EVENT_SUBJECTS.projectUpdated, { entityId: id, title, difficulty, courseId }));
      if (!found) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      if (courseId) await this.courses.renameEntry('projects', courseId, { _id: id, title, difficulty });
    });
    return this.find(id);
  }

  async removeBlock(id: string, blockId: string): Promise<Project> {
    if (!(await removeBlock(this.projects, id, blockId))) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return this.find(id);
  }

  /** Deleted with its event (svc-users drops it from finished lists), then detached from its course. */
  delete(id: string): Promise<Project> {
    return this.projects.atomically(id, async () => {
      const project = toProject(await this.load(id));
      const deleted = await this.projects.delete(id, domainEvent(EVENT_SUBJECTS.projectDeleted, { entityId: id, courseId: project.courseId }));
      if (!deleted) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
      if (project.courseId) await this.courses.dropEntry('projects', project.courseId, id);
      return project;
    });
  }

  private async load(id: string): Promise<ProjectRecord> {
    const record = await this.projects.findById<ProjectRecord>(id, PROJECT_FIELDS);
    if (!record) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return record;
  }
}
