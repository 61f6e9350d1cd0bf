import { z } from 'zod';
import { SQL_ENGINES } from '../content.js';
import { SKILLS } from '../levels.js';
import { courseRef, dateTime, difficulty, email, objectId, topic } from './fields.js';

// What svc-users answers (CONTRACT "Users"); the types in ../users.ts are inferred from these.

/** A user as every answer shows it: never a password or a hash. */
export const PublicUserAnswer = z
  .object({
    _id: objectId(),
    email: email().meta({ description: 'Private: answered only to the account itself (and admins).' }),
    displayName: z.string().meta({ example: 'ada.lovelace', description: 'What everyone else sees (issue 36); `learner-4821` until the owner chooses.' }),
    skill: z.enum(SKILLS),
    isAdmin: z.boolean().meta({ example: false }),
  })
  .meta({ id: 'PublicUser' });

/** DELETE /users/me (issue 30, Low 7). */
export const AccountDeletedAnswer = z
  .object({ deleted: z.literal(true).meta({ description: 'The account is gone; its tokens are refused from now on.' }) })
  .meta({ id: 'AccountDeleted' });

/** Progress (NOTES Glossary): copies kept in svc-users and refreshed by content events (DESIGN "Data"). */
export const SavedQuestionAnswer = z
  .object({ _id: objectId(), topic: topic(), question: z.string(), answer: z.string() })
  .meta({ id: 'SavedQuestion' });

export const FinishedProjectAnswer = z
  .object({ _id: objectId(), title: z.string(), difficulty: difficulty(), courseId: courseRef() })
  .meta({ id: 'FinishedProject' });

/** A tutorial the user has read: the course page and /hub count progress from these. */
export const ReadTutorialAnswer = z.object({ _id: objectId(), courseId: courseRef() }).meta({ id: 'ReadTutorial' });

/** GET /users/me, and the answer of every /users/{project,interview,tutorial} call. */
export const UserProfileAnswer = PublicUserAnswer.extend({
  savedQuestion: z.array(SavedQuestionAnswer).meta({ description: 'Interview questions the user saved.' }),
  finishedProject: z.array(FinishedProjectAnswer).meta({ description: 'Projects the user marked finished.' }),
  readTutorial: z.array(ReadTutorialAnswer).meta({ description: 'Tutorials the user has read.' }),
  labEngine: z
    .enum(SQL_ENGINES)
    .optional()
    .meta({ description: 'The engine the learner’s lab runs on (issue 32; PATCH /users/me): "postgres" until the learner chooses; the gateway always answers it (absent reads as "postgres").' }),
}).meta({ id: 'UserProfile' });

/** One card of the review deck (issue 34): the question's copy and when it is next due. */
export const ReviewCardAnswer = SavedQuestionAnswer.extend({
  due: dateTime().meta({ description: 'When the card is next due (FSRS schedules it on the server).' }),
  version: z.number().int().meta({ description: 'Reviews so far; a grade names it, so a grade sent twice counts once.' }),
}).meta({ id: 'ReviewCard' });

/** GET /users/me/review and the answer of every review call. */
export const ReviewDeckAnswer = z
  .object({
    due: z.array(ReviewCardAnswer).meta({ description: 'Cards due now, the most overdue first (at most 50).' }),
    dueCount: z.number().int().meta({ description: 'Cards due now, all of them.' }),
    total: z.number().int().meta({ description: 'Cards in the deck.' }),
    streak: z.number().int().meta({ description: "The learner's streak: UTC days in a row, ending today or yesterday, with at least one passed check or one review (issue 34)." }),
  })
  .meta({ id: 'ReviewDeck' });
