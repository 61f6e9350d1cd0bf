import { CONTENT_PATTERNS, type Course, type ListPage, type RouteCall, ROUTES } from '@dblearn/contracts';
import { type CourseDto, IdDto, ListQueryDto } from '@dblearn/contracts/dto';
import { RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CoursesService } from './courses.service.js';

/** svc-content's course subjects, and the admin's course writes the gateway forwards (decision 0051). Payloads are validated before they get here. */
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

  @RouteHandler(ROUTES.courses.create)
  create(@Payload() { body }: RouteCall<CourseDto>): Promise<Course> {
    return this.courses.create(body);
  }

  @RouteHandler(ROUTES.courses.update)
  update(@Payload() { params, body }: RouteCall<CourseDto, 'id'>): Promise<Course> {
    return this.courses.update(params.id, body);
  }

  @RouteHandler(ROUTES.courses.delete)
  delete(@Payload() { params }: RouteCall<null, 'id'>): Promise<Course> {
    return this.courses.delete(params.id);
  }

  @RouteHandler(ROUTES.courses.attachProject)
  attachProject(@Payload() { params, body }: RouteCall<IdDto, 'courseId'>): Promise<Course> {
    return this.courses.attachProject(params.courseId, body.id);
  }

  @RouteHandler(ROUTES.courses.detachProject)
  detachProject(@Payload() { params, body }: RouteCall<IdDto, 'courseId'>): Promise<Course> {
    return this.courses.detachProject(params.courseId, body.id);
  }

  @RouteHandler(ROUTES.courses.attachTutorial)
  attachTutorial(@Payload() { params, body }: RouteCall<IdDto, 'courseId'>): Promise<Course> {
    return this.courses.attachTutorial(params.courseId, body.id);
  }

  @RouteHandler(ROUTES.courses.detachTutorial)
  detachTutorial(@Payload() { params, body }: RouteCall<IdDto, 'courseId'>): Promise<Course> {
    return this.courses.detachTutorial(params.courseId, body.id);
  }
}
