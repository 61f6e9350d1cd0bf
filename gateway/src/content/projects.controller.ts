import { CONTENT_PATTERNS, type Project } from '@dblearn/contracts';
import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ContentClient } from '../services/content.client.js';
import { AdminWrite, ContentUnavailable, SignedIn } from './content.api.js';
import { CreateProjectDto, IdDto, UpdateProjectDto } from '@dblearn/contracts/dto';
import { ProjectDoc } from './content.docs.js';

@ApiTags('projects')
@ContentUnavailable()
@Controller('project')
export class ProjectsController {
  constructor(private readonly content: ContentClient) {}

  @Get(':id')
  @SignedIn({ summary: 'One project', type: ProjectDoc, byId: true })
  find(@Param('id', ObjectIdPipe) id: string): Promise<Project> {
    return this.content.send(CONTENT_PATTERNS.findProject, { id });
  }

  @Post()
  @AdminWrite({ summary: 'Create a project', description: 'With courseId it is attached to that course (404 if there is none).', type: ProjectDoc, created: true })
  create(@Body() body: CreateProjectDto): Promise<Project> {
    return this.content.send(CONTENT_PATTERNS.createProject, body);
  }

  @Put('content/:projectId')
  @AdminWrite({ summary: 'Remove a content block', description: 'The body names the block.', type: ProjectDoc, byId: true })
  removeBlock(@Param('projectId', ObjectIdPipe) id: string, @Body() { id: blockId }: IdDto): Promise<Project> {
    return this.content.send(CONTENT_PATTERNS.removeProjectBlock, { id, blockId });
  }

  @Put(':id')
  @AdminWrite({ summary: 'Update a project', description: '`content` appends a block. Learners’ finished lists follow.', type: ProjectDoc, byId: true })
  update(@Param('id', ObjectIdPipe) id: string, @Body() body: UpdateProjectDto): Promise<Project> {
    return this.content.send(CONTENT_PATTERNS.updateProject, { ...body, id });
  }

  @Delete(':id')
  @AdminWrite({ summary: 'Delete a project', description: 'Detached from its course and removed from every finished list.', type: ProjectDoc, byId: true })
  delete(@Param('id', ObjectIdPipe) id: string): Promise<Project> {
    return this.content.send(CONTENT_PATTERNS.deleteProject, { id });
  }
}
