import { DIFFICULTIES, type Difficulty, LIMITS, type Topic, TOPICS } from '@dblearn/contracts';
import {
  ContentImportDto,
  CourseDto,
  CreateProjectDto,
  CreateTutorialDto,
  IdDto,
  InterviewQuestionDto,
  ProjectContentDto,
  TutorialContentDto,
  UpdateProjectDto,
  UpdateTutorialDto,
} from '@dblearn/contracts/dto';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

// Request bodies: the contract's DTOs (their rules validate) plus their OpenAPI description.
const { course, project, tutorial, interview } = LIMITS;
const ID = { example: '665f1c2a9b1e8a3d4c5b6a79', description: 'MongoDB ObjectId (hex).' };

@ApiSchema({ name: 'CourseFields' })
export class CourseBody extends CourseDto {
  @ApiProperty({ enum: TOPICS, example: 'sql' })
  override topic!: Topic;

  @ApiProperty({ minLength: course.name.min, maxLength: course.name.max, example: 'Querying with SQL', description: 'Courses Name.' })
  override name!: string;

  @ApiProperty({ minLength: course.teacher.min, maxLength: course.teacher.max, example: 'Dr. Ada Byron', description: 'Teacher Name.' })
  override teacher!: string;

  @ApiProperty({ minLength: course.length.min, maxLength: course.length.max, example: '6 hours', description: 'Total Time.' })
  override length!: string;
}

@ApiSchema({ name: 'IdBody' })
export class IdBody extends IdDto {
  @ApiProperty(ID)
  override id!: string;
}

@ApiSchema({ name: 'ProjectContent' })
export class ProjectContentBody extends ProjectContentDto {
  @ApiPropertyOptional({ maxLength: project.header.max })
  override header?: string;

  @ApiPropertyOptional({ maxLength: project.detail.max })
  override detail?: string;
}

@ApiSchema({ name: 'CreateProject' })
export class CreateProjectBody extends CreateProjectDto {
  @ApiProperty({ minLength: project.title.min, maxLength: project.title.max, example: 'Library loans report' })
  override title!: string;

  @ApiProperty({ enum: DIFFICULTIES })
  override difficulty!: Difficulty;

  @ApiPropertyOptional({ ...ID, description: 'Attach the new project to this course.' })
  override courseId?: string;
}

@ApiSchema({ name: 'UpdateProject' })
export class UpdateProjectBody extends UpdateProjectDto {
  @ApiProperty({ minLength: project.title.min, maxLength: project.title.max })
  override title!: string;

  @ApiProperty({ enum: DIFFICULTIES })
  override difficulty!: Difficulty;

  @ApiPropertyOptional({ type: ProjectContentBody, description: 'Appended as a new block.' })
  override content?: ProjectContentBody;
}

@ApiSchema({ name: 'TutorialContent' })
export class TutorialContentBody extends TutorialContentDto {
  @ApiProperty({ minLength: tutorial.header.min, maxLength: tutorial.header.max })
  override header!: string;

  @ApiProperty({ minLength: tutorial.detail.min, maxLength: tutorial.detail.max })
  override detail!: string;
}

@ApiSchema({ name: 'UpdateTutorial' })
export class UpdateTutorialBody extends UpdateTutorialDto {
  @ApiProperty({ maxLength: tutorial.title.max, description: 'Tutorial Name.' })
  override title!: string;

  @ApiPropertyOptional({ type: TutorialContentBody, description: 'Appended as a new block.' })
  override content?: TutorialContentBody;
}

@ApiSchema({ name: 'CreateTutorial' })
export class CreateTutorialBody extends CreateTutorialDto {
  @ApiProperty({ maxLength: tutorial.title.max, description: 'Tutorial Name.' })
  override title!: string;

  @ApiPropertyOptional({ type: TutorialContentBody, description: 'Its first block.' })
  override content?: TutorialContentBody;

  @ApiPropertyOptional({ ...ID, description: 'Attach the new tutorial to this course.' })
  override courseId?: string;
}

@ApiSchema({ name: 'InterviewQuestionFields' })
export class InterviewQuestionBody extends InterviewQuestionDto {
  @ApiProperty({ enum: TOPICS })
  override topic!: Topic;

  @ApiProperty({ maxLength: interview.question.max })
  override question!: string;

  @ApiProperty({ maxLength: interview.answer.max })
  override answer!: string;
}

@ApiSchema({ name: 'ContentImport' })
export class ContentImportBody extends ContentImportDto {
  @ApiPropertyOptional({ example: 'dblearn-content/1' })
  override format?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  override exportedAt?: string;

  @ApiPropertyOptional({ type: 'array', items: { $ref: '#/components/schemas/ExportedCourse' }, description: 'Each course with its whole tutorials and projects.' })
  override courses?: unknown[];

  @ApiPropertyOptional({ type: 'array', items: { $ref: '#/components/schemas/InterviewQuestion' } })
  override interviewQuestions?: unknown[];
}
