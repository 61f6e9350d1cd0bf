import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CoursesModule } from '../courses/courses.module.js';
import { SqlRunner } from '../sql-runner/sql-runner.js';
import { RunnableIndex } from './runnable.read-models.js';
import { SandboxSourceRecord, SandboxSourceSchema } from './sandbox-source.schema.js';
import { SandboxesService } from './sandboxes.service.js';

/** Courses' sandboxes, the SQL workers and the in-memory index attempts run from (their calls: sandbox-admin). */
@Module({
  imports: [CoursesModule, MongooseModule.forFeature([{ name: SandboxSourceRecord.name, schema: SandboxSourceSchema }])],
  providers: [SandboxesService, RunnableIndex, SqlRunner],
  exports: [SandboxesService, RunnableIndex, SqlRunner],
})
export class SandboxesModule {}
