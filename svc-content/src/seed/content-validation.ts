import { INTERVIEW_DIFFICULTIES, PRACTICE_CATEGORIES, type PracticeCategory } from '@dblearn/contracts';
import { ImportedCourseDto, ImportedInterviewQuestionDto } from '@dblearn/contracts/dto';
import { validationSentences } from '@dblearn/nest-common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { checkRecordRefusal } from '../projects/check-records.js';
import { firstPath, VALIDATION } from '../transfer/import.service.js';
import type { ContentFolder, ContentProblem } from './content-folder.js';

/**
 * The rules the admin API and the import keep (libs/contracts/src/dto, the check shapes of
 * check-records), checked on the folder before anything is written, each break named by file and
 * line. Whether references run on their sandbox is the import's to say (it runs them).
 */
/**
 * A practice exercise (a check with its own difficulty, or in a project with a category: issue 33)
 * teaches: it has at least one hint and a model solution with its explanation. The field to point at, or null.
 */
function exerciseGap(project: { category?: unknown }, check: { difficulty?: unknown; hints?: unknown; explanation?: unknown }): { field: string; message: string } | null {
  if (project.category === undefined && check.difficulty === undefined) return null;
  if (check.difficulty === undefined) return { field: '_id', message: 'A practice exercise has a difficulty: easy, medium or hard.' };
  if (!Array.isArray(check.hints) || check.hints.length === 0) return { field: 'hints', message: 'A practice exercise has 1 to 3 hints.' };
  if (typeof check.explanation !== 'string' || check.explanation.trim() === '') return { field: 'explanation', message: 'A practice exercise explains why its model solution works (explanation).' };
  return null;
}

export function contentProblems(folder: ContentFolder): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const report = (path: string, message: string) => problems.push({ ...folder.locate(path, message), message });
  const seen = new Map<string, string>();
  const unique = (id: unknown, path: string) => {
    if (typeof id !== 'string') return;
    const earlier = seen.get(id);
    if (earlier) {
      const first = folder.locate(earlier);
      report(path, `The id ${id} is used already, in ${first.file} (line ${first.line}): every item needs its own.`);
    } else seen.set(id, path);
  };
  for (const [c, course] of folder.courses.entries()) {
    const path = `courses[${c}]`;
    const errors = validateSync(plainToInstance(ImportedCourseDto, course), VALIDATION);
    if (errors[0]) report(`${path}.${firstPath(errors[0])}`, validationSentences(errors).join(' '));
    unique(course._id, `${path}._id`);
    for (const kind of ['tutorials', 'projects'] as const) {
      for (const [i, item] of (course[kind] ?? []).entries()) {
        unique(item._id, `${path}.${kind}[${i}]._id`);
        for (const [b, block] of (item.contents ?? []).entries()) unique(block._id, `${path}.${kind}[${i}].contents[${b}]`);
      }
    }
    let lastCategory = -1;
    for (const [p, project] of (course.projects ?? []).entries()) {
      // A practice course teaches its categories in one order (basics before joins …).
      const category = PRACTICE_CATEGORIES.indexOf((project as { category?: PracticeCategory }).category as PracticeCategory);
      if (category >= 0 && category < lastCategory) report(`${path}.projects[${p}].category`, `Practice projects follow the order of their categories: ${PRACTICE_CATEGORIES.join(', ')}.`);
      lastCategory = Math.max(lastCategory, category);
      for (const [k, check] of (project.checks ?? []).entries()) {
        const checkPath = `${path}.projects[${p}].checks[${k}]`;
        unique(check._id, `${checkPath}._id`);
        const refused = errors.length === 0 ? checkRecordRefusal(check as never) : null;
        if (refused) report(checkPath, refused);
        const unfinished = exerciseGap(project, check);
        if (unfinished) report(`${checkPath}.${unfinished.field}`, unfinished.message);
      }
    }
  }
  for (const [q, question] of folder.interviewQuestions.entries()) {
    const path = `interviewQuestions[${q}]`;
    const errors = validateSync(plainToInstance(ImportedInterviewQuestionDto, question), VALIDATION);
    if (errors[0]) report(`${path}.${firstPath(errors[0])}`, validationSentences(errors).join(' '));
    unique(question._id, `${path}._id`);
    // Optional for an admin or an older export file (the DTO refuses an unknown one), required of the shipped bank.
    if ((question as { difficulty?: unknown }).difficulty === undefined) {
      report(`${path}._id`, `Every interview question needs a difficulty: one of ${INTERVIEW_DIFFICULTIES.join(', ')}.`);
    }
  }
  // Red-team files are never imported, but a broken one is refused all the same.
  problems.push(...folder.redTeamProblems);
  return problems;
}
