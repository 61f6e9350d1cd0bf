import { CONTENT_PATTERNS, type Course, type ListPage } from '@dblearn/contracts';
import { CourseDto, IdDto, ListQueryDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CoursesService } from './courses.service.js';

/** svc-content's course subjects. Payloads are validated against their DTO before they get here. */
@Controller()
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @MessagePattern(CONTENT_PATTERNS.listCourses)
  list(@Payload() query: ListQueryDto): Promise<ListPage<Course>> {
    return this.courses.list(query);
  }

  @MessagePattern(CONTENT_PATTERNS.findCourse)
  find(@Payload() { id }: IdDto): Promise<Course> {
    return this.courses.find(id);
  }

  @MessagePattern(CONTENT_PATTERNS.createCourse)
  create(@Payload() fields: CourseDto): Promise<Course> {
    return this.courses.create(fields);
  }

  @MessagePattern(CONTENT_PATTERNS.updateCourse)
  update(@Payload(PathIdAndBody(CourseDto)) { id, body }: WithPathId<CourseDto>): Promise<Course> {
    return this.courses.update(id, body);
  }

  @MessagePattern(CONTENT_PATTERNS.deleteCourse)
  delete(@Payload() { id }: IdDto): Promise<Course> {
    return this.courses.delete(id);
  }

  @MessagePattern(CONTENT_PATTERNS.attachProject)
  attachProject(@Payload(PathIdAndBody(IdDto, 'courseId')) { id, body }: WithPathId<IdDto>): Promise<Course> {
    return this.courses.attachProject(id, body.id);
  }

  @MessagePattern(CONTENT_PATTERNS.detachProject)
  detachProject(@Payload(PathIdAndBody(IdDto, 'courseId')) { id, body }: WithPathId<IdDto>): Promise<Course> {
    return this.courses.detachProject(id, body.id);
  }

  @MessagePattern(CONTENT_PATTERNS.attachTutorial)
  attachTutorial(@Payload(PathIdAndBody(IdDto, 'courseId')) { id, body }: WithPathId<IdDto>): Promise<Course> {
    return this.courses.attachTutorial(id, body.id);
  }

  @MessagePattern(CONTENT_PATTERNS.detachTutorial)
  detachTutorial(@Payload(PathIdAndBody(IdDto, 'courseId')) { id, body }: WithPathId<IdDto>): Promise<Course> {
    return this.courses.detachTutorial(id, body.id);
  }
}
