import { type AttemptResult, type CheckPasses, CONTENT_PATTERNS, type Project, type StoredChecks, type TokenClaims } from '@dblearn/contracts';
import { AttemptResultAnswer, CheckPassesAnswer, ProjectAnswer, StoredChecksAnswer } from '@dblearn/contracts/answers';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ServiceClients } from '../services/service-clients.js';
import { AdminWrite, ContentUnavailable, SignedIn } from './content.api.js';
import { AttemptDto, CheckDto, CreateProjectDto, IdDto, UpdateCheckDto, UpdateProjectDto } from '@dblearn/contracts/dto';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { SQL_CALL_TIMEOUT_MS } from './runnable.js';
import { AttemptLimits } from '../common/limits/user-limits.js';

@ApiTags('projects')
@ContentUnavailable()
@Controller('project')
export class ProjectsController {
  constructor(private readonly services: ServiceClients) {}

  @Get(':id')
  @SignedIn({ summary: 'One project', answer: ProjectAnswer, byId: true })
  find(@Param('id', ObjectIdPipe) id: string): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.findProject, { id });
  }

  @Post()
  @AdminWrite({ summary: 'Create a project', description: 'With courseId it is attached to that course (404 if there is none).', answer: ProjectAnswer, created: true })
  create(@Body() body: CreateProjectDto): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.createProject, body);
  }

  @Put('content/:projectId')
  @AdminWrite({ summary: 'Remove a content block', description: 'The body names the block.', answer: ProjectAnswer, byId: true })
  removeBlock(@Param('projectId', ObjectIdPipe) id: string, @Body() { id: blockId }: IdDto): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.removeProjectBlock, { id, blockId });
  }

  @Get('check/:projectId')
  @AdminWrite({ summary: 'The checks with their reference queries', description: 'For the check editor; learners never see a reference query.', answer: StoredChecksAnswer, byId: true })
  storedChecks(@Param('projectId', ObjectIdPipe) id: string): Promise<StoredChecks> {
    return this.services.send(CONTENT_PATTERNS.storedChecks, { id });
  }

  @Get(':projectId/passes')
  @SignedIn({ summary: 'The caller’s passed checks', description: 'Ids of the project’s current checks the caller has passed, in the project’s order.', answer: CheckPassesAnswer, byId: true })
  passes(@CurrentUser() caller: TokenClaims, @Param('projectId', ObjectIdPipe) projectId: string): Promise<CheckPasses> {
    return this.services.send(CONTENT_PATTERNS.checkPasses, { projectId, userId: caller._id });
  }

  @Put('check/:projectId')
  @AdminWrite({ summary: 'Add a check', description: 'A task (10–3000 characters) and a reference query (up to 10 kB); 400 when the query does not run on the course sandbox.', answer: ProjectAnswer, byId: true })
  addCheck(@Param('projectId', ObjectIdPipe) projectId: string, @Body() body: CheckDto): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.addCheck, { ...body, projectId }, SQL_CALL_TIMEOUT_MS);
  }

  @Put('updateCheck/:projectId')
  @AdminWrite({
    summary: 'Edit a check',
    description: 'The body names the check and gives its task and reference query, checked like an added one (400 naming the problem). It keeps its place; a changed reference query gives it a new _id, so passes earned against the old one no longer count.',
    answer: ProjectAnswer,
    byId: true,
  })
  updateCheck(@Param('projectId', ObjectIdPipe) projectId: string, @Body() body: UpdateCheckDto): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.updateCheck, { ...body, projectId }, SQL_CALL_TIMEOUT_MS);
  }

  @Put('deleteCheck/:projectId')
  @AdminWrite({ summary: 'Remove a check', description: 'The body names the check.', answer: ProjectAnswer, byId: true })
  deleteCheck(@Param('projectId', ObjectIdPipe) projectId: string, @Body() { id }: IdDto): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.deleteCheck, { projectId, id });
  }

  @Post(':projectId/attempts')
  @HttpCode(HttpStatus.OK)
  @AttemptLimits()
  @SignedIn({
    summary: 'Check a query',
    description: 'Runs it on a fresh copy of the course sandbox (2 s limit) against the check’s reference. 200 with passed false and a reason when it fails, errors or runs too long; a pass is remembered.',
    answer: AttemptResultAnswer,
    byId: true,
  })
  attempt(@CurrentUser() caller: TokenClaims, @Param('projectId', ObjectIdPipe) projectId: string, @Body() body: AttemptDto): Promise<AttemptResult> {
    return this.services.send(CONTENT_PATTERNS.attempt, { ...body, projectId, userId: caller._id }, SQL_CALL_TIMEOUT_MS);
  }

  @Put(':id')
  @AdminWrite({ summary: 'Update a project', description: '`content` appends a block. Learners’ finished lists follow.', answer: ProjectAnswer, byId: true })
  update(@Param('id', ObjectIdPipe) id: string, @Body() body: UpdateProjectDto): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.updateProject, { ...body, id });
  }

  @Delete(':id')
  @AdminWrite({ summary: 'Delete a project', description: 'Detached from its course and removed from every finished list.', answer: ProjectAnswer, byId: true })
  delete(@Param('id', ObjectIdPipe) id: string): Promise<Project> {
    return this.services.send(CONTENT_PATTERNS.deleteProject, { id });
  }
}
