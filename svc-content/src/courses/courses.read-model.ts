import type { Course } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CollectionReadModel } from '../read-model/collection-read-model.js';
import { COURSE_FIELDS, listedCourse } from './course.views.js';
import { CourseRecord } from './course.schema.js';

/** Every course in list order: GET /course pages and GET /course/{id}. */
@Injectable()
export class CoursesReadModel extends CollectionReadModel<CourseRecord, Course> {
  constructor(@InjectModel(CourseRecord.name) courses: Model<CourseRecord>) {
    super(courses, COURSE_FIELDS, listedCourse);
  }
}
