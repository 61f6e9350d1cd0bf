import { DIFFICULTIES, type Difficulty, type FinishedProject, type PublicUser, type ReadTutorial, type SavedQuestion, SKILLS, type Skill, type Topic, TOPICS, type UserProfile } from '@dblearn/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** OpenAPI descriptions of the users answers; `implements` keeps them in step with the contracts. */
@ApiSchema({ name: 'PublicUser' })
export class PublicUserDoc implements PublicUser {
  @ApiProperty({ example: '665f1c2a9b1e8a3d4c5b6a79', description: 'MongoDB ObjectId (hex).' })
  _id!: string;

  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  email!: string;

  @ApiProperty({ enum: SKILLS, example: 'beginner' })
  skill!: Skill;

  @ApiProperty({ example: false })
  isAdmin!: boolean;
}

@ApiSchema({ name: 'SavedQuestion' })
export class SavedQuestionDoc implements SavedQuestion {
  @ApiProperty()
  _id!: string;

  @ApiProperty({ enum: TOPICS })
  topic!: Topic;

  @ApiProperty()
  question!: string;

  @ApiProperty()
  answer!: string;
}

@ApiSchema({ name: 'FinishedProject' })
export class FinishedProjectDoc implements FinishedProject {
  @ApiProperty()
  _id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ enum: DIFFICULTIES })
  difficulty!: Difficulty;

  @ApiProperty({ type: String, nullable: true, description: 'The course it belongs to; null while it belongs to none.' })
  courseId!: string | null;
}

@ApiSchema({ name: 'ReadTutorial' })
export class ReadTutorialDoc implements ReadTutorial {
  @ApiProperty()
  _id!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The course it belongs to; null while it belongs to none.' })
  courseId!: string | null;
}

@ApiSchema({ name: 'UserProfile' })
export class UserProfileDoc extends PublicUserDoc implements UserProfile {
  @ApiProperty({ type: [SavedQuestionDoc], description: 'Interview questions the user saved.' })
  savedQuestion!: SavedQuestion[];

  @ApiProperty({ type: [FinishedProjectDoc], description: 'Projects the user marked finished.' })
  finishedProject!: FinishedProject[];

  @ApiProperty({ type: [ReadTutorialDoc], description: 'Tutorials the user has read.' })
  readTutorial!: ReadTutorial[];
}
