import { DEFAULT_LAB_ENGINE, type FinishedProject, type PublicUser, type ReadTutorial, type SavedQuestion, type UserProfile } from '@dblearn/contracts';

/*
 * Answers are rebuilt field by field from what svc-users replies, so nothing it might carry
 * beyond the contract (a hash, an internal flag) can ever reach a caller.
 */

export function toPublicUser(user: PublicUser): PublicUser {
  return { _id: user._id, email: user.email, displayName: user.displayName, skill: user.skill, isAdmin: user.isAdmin };
}

export function toUserProfile(profile: UserProfile): UserProfile {
  return {
    ...toPublicUser(profile),
    savedQuestion: (profile.savedQuestion ?? []).map(toSavedQuestion),
    finishedProject: (profile.finishedProject ?? []).map(toFinishedProject),
    readTutorial: (profile.readTutorial ?? []).map(toReadTutorial),
    labEngine: profile.labEngine ?? DEFAULT_LAB_ENGINE,
  };
}

function toSavedQuestion(question: SavedQuestion): SavedQuestion {
  return { _id: question._id, topic: question.topic, question: question.question, answer: question.answer };
}

function toFinishedProject(project: FinishedProject): FinishedProject {
  return { _id: project._id, title: project.title, difficulty: project.difficulty, courseId: project.courseId ?? null };
}

function toReadTutorial(tutorial: ReadTutorial): ReadTutorial {
  return { _id: tutorial._id, courseId: tutorial.courseId ?? null };
}
