import { type Course, EVENT_SUBJECTS } from '@dblearn/contracts';
import { ReadModels } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ContentList } from '../read-model/content-list.js';
import { COURSE_FIELDS, toCourse } from './course.views.js';
import { CourseRecord } from './course.schema.js';

/** Every course, oldest first, per topic: GET /course pages and GET /course/{id}. */
@Injectable()
export class CoursesReadModel extends ContentList<Course> {
  constructor(@InjectModel(CourseRecord.name) courses: Model<CourseRecord>, readModels: ReadModels) {
    super(
      readModels.create({
        name: 'courses',
        model: courses,
        projection: COURSE_FIELDS,
        toSummary: (doc) => ({ ...toCourse(doc as CourseRecord), createdAt: (doc.createdAt as Date).getTime() }),
        orderBy: 'createdAt',
        direction: 'asc',
        filters: ['topic'],
        // Also feeds the search index, in production too (decision 0012).
        inMemoryWhenOff: true,
        // Every write of a course (its lists included) publishes course.updated; a delete course.deleted.
        follow: { [EVENT_SUBJECTS.courseUpdated]: true, [EVENT_SUBJECTS.courseDeleted]: true },
      }),
    );
  }
}
