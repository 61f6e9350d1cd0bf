import { z } from 'zod';
import { CHECK_DIFFICULTIES, CHECK_KINDS } from '../content.js';
import { PRACTICE_STATUSES } from '../practice.js';
import { objectId, topic } from './fields.js';

/** GET /practice: one graded exercise with the caller's status (PracticeExercise in practice.ts). */
export const PracticeExerciseAnswer = z
  .object({
    checkId: objectId(),
    projectId: objectId(),
    projectTitle: z.string().meta({ example: 'Library loans report' }),
    courseId: objectId(),
    courseName: z.string().meta({ example: 'Querying with SQL' }),
    topic: topic(),
    kind: z.enum(CHECK_KINDS),
    task: z.string().meta({ example: 'List every member who has a book out, with the number of books.' }),
    difficulty: z.enum(CHECK_DIFFICULTIES).meta({ description: "The check's own difficulty, else its project's (beginner = easy, intermediate = medium, professional = hard)." }),
    engines: z.array(z.string()).meta({ example: ['sqlite'], description: "['sqlite'] for query and state checks, ['mongo'] for mongo checks, [] for quizzes." }),
    status: z.enum([...PRACTICE_STATUSES, 'unknown']).meta({ description: "The caller's progress; unknown while it cannot be read (the list still answers)." }),
    acceptance: z.number().nullable().meta({ example: 0.62, description: 'Learners who passed out of learners who tried (0–1), once at least 10 tried; else null.' }),
  })
  .meta({ id: 'PracticeExercise' });

export const PracticeNextAnswer = z
  .object({ next: PracticeExerciseAnswer.nullable().meta({ description: 'null when no unsolved exercise of the topic is left at this difficulty or harder.' }) })
  .meta({ id: 'PracticeNext' });

export const PracticeSolvedAnswer = z
  .object({
    cells: z
      .array(z.object({ topic: topic(), difficulty: z.enum(CHECK_DIFFICULTIES), solved: z.number().int(), total: z.number().int() }))
      .meta({ description: 'Per topic and difficulty with at least one exercise: how many the caller solved (with or without the solution shown) of how many.' }),
  })
  .meta({ id: 'PracticeSolved' });
