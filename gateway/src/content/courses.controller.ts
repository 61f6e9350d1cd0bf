import { ADMIN_SQL_CALL_TIMEOUT_MS, CONTENT_PATTERNS, type Course, ROUTES, type Sandbox, type SandboxRun, type TokenClaims } from '@dblearn/contracts';
import { CourseAnswer, SandboxAnswer, SandboxRunAnswer } from '@dblearn/contracts/answers';
import { ListQueryDto, SandboxRunDto } from '@dblearn/contracts/dto';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AccountRoles } from '../auth/account-roles.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { AttemptLimits } from '../common/limits/user-limits.js';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import type { Request, Response } from 'express';
import { acceptsGzip, sendJsonBytes } from '../common/json-bytes-answer.js';
import { ServiceClients } from '../services/service-clients.js';
import { ItemAnswers } from './item-answers.js';
import { pageItems, totalCountHeader } from '../common/lists.js';
import { ContentUnavailable, SignedIn } from './content.api.js';

/** The course calls that do more than forward (a page, the kept answer, an answer by role, the caller's id in a run); the admin writes are forwarded from the route table (decision 0051). */
@ApiTags('courses')
@ContentUnavailable()
@Controller()
export class CoursesController {
  constructor(
    private readonly services: ServiceClients,
    private readonly roles: AccountRoles,
    private readonly itemAnswers: ItemAnswers,
  ) {}

  @Get(ROUTES.courses.list.path)
  @SignedIn({ summary: 'List courses', description: 'Oldest first; filter by topic, page with page (from 1) and pageSize (1–100, default 100).', answer: [CourseAnswer], headers: totalCountHeader('courses') })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<Course[]> {
    return pageItems(response, await this.services.send(CONTENT_PATTERNS.listCourses, query));
  }

  @Get(ROUTES.courses.find.path)
  @SignedIn({ summary: 'One course', answer: CourseAnswer, byId: true })
  async find(@Param('id', ObjectIdPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    // svc-content's kept answer, sent as it is, with its entity tag (304 when the browser has it).
    sendJsonBytes(request, response, await this.itemAnswers.find('course', id, acceptsGzip(request)));
  }

  @Get(ROUTES.courses.findSandbox.path)
  @SignedIn({ summary: 'The course sandbox', description: '404 when the course has none. Admins also get hiddenSource (null when derived); learners never.', answer: SandboxAnswer, byId: true })
  async findSandbox(@CurrentUser() caller: TokenClaims, @Param('courseId', ObjectIdPipe) id: string): Promise<Sandbox> {
    const admin = await this.roles.has(caller, 'admin');
    return this.services.send(admin ? CONTENT_PATTERNS.findSandboxWithHidden : CONTENT_PATTERNS.findSandbox, { id });
  }

  @Post(ROUTES.courses.runSandbox.path)
  @HttpCode(HttpStatus.OK)
  @AttemptLimits()
  @SignedIn({
    summary: 'Run SQL on the course sandbox, on PostgreSQL',
    description:
      'engine: "postgres" (SQLite runs in the browser: "sqlite" or none is a 400 for now). A fresh copy of the course\'s SQL sandbox (an empty database without one), one transaction always rolled back, 2 s per statement. 400 naming the line when a statement fails or is refused, or the result is too large; 503 when the PostgreSQL lab is down.',
    answer: SandboxRunAnswer,
    byId: true,
  })
  runSandbox(@CurrentUser() caller: TokenClaims, @Param('courseId', ObjectIdPipe) courseId: string, @Body() body: SandboxRunDto): Promise<SandboxRun> {
    return this.services.send(CONTENT_PATTERNS.runSandbox, { id: courseId, body: { ...body, userId: caller._id } }, ADMIN_SQL_CALL_TIMEOUT_MS);
  }
}
