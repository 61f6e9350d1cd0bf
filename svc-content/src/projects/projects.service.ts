import { EVENT_SUBJECTS, type Project, PROJECT_NOT_FOUND_MESSAGE } from '@dblearn/contracts';
import type { CreateProjectDto, UpdateProjectDto } from '@dblearn/contracts/dto';
import { EventOutbox, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { newBlock, removeBlock } from '../common/blocks.js';
import { newIdentity } from '../common/identity.js';
import { CoursesService } from '../courses/courses.service.js';
import { PROJECT_FIELDS, toProject } from './project.views.js';
import { ProjectRecord } from './project.schema.js';

@Injectable()
export class ProjectsService {
  constructor(
    @InjectModel(ProjectRecord.name) private readonly projects: Model<ProjectRecord>,
    private readonly courses: CoursesService,
    private readonly outbox: EventOutbox,
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

  /** Title and difficulty change; `content` appends a block. Learners' finished lists follow the event. */
  async update(id: string, { title, difficulty, content }: UpdateProjectDto): Promise<Project> {
    const update = content ? { $set: { title, difficulty }, $push: { contents: newBlock(content) } } : { $set: { title, difficulty } };
    const result = await this.projects.updateOne({ _id: id }, update).exec();
    if (result.matchedCount === 0) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    const project = toProject(await this.load(id));
    if (project.courseId) await this.courses.renameEntry('projects', project.courseId, { _id: id, title, difficulty });
    await this.outbox.record(EVENT_SUBJECTS.projectUpdated, { entityId: id, title, difficulty, courseId: project.courseId });
    return project;
  }

  async removeBlock(id: string, blockId: string): Promise<Project> {
    if (!(await removeBlock(this.projects, id, blockId))) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return this.find(id);
  }

  /** Deleted, detached from its course, and gone from every learner's finished list (svc-users, by the event). */
  async delete(id: string): Promise<Project> {
    const project = toProject(await this.load(id));
    await this.projects.deleteOne({ _id: id }).exec();
    if (project.courseId) await this.courses.dropEntry('projects', project.courseId, id);
    await this.outbox.record(EVENT_SUBJECTS.projectDeleted, { entityId: id, courseId: project.courseId });
    return project;
  }

  private async load(id: string): Promise<ProjectRecord> {
    const record = await this.projects.findById(id, PROJECT_FIELDS).lean<ProjectRecord>().exec();
    if (!record) throw notFound(PROJECT_NOT_FOUND_MESSAGE);
    return record;
  }
}
