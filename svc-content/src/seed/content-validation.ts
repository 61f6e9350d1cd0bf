import { INTERVIEW_DIFFICULTIES } from '@dblearn/contracts';
import { ImportedCourseDto, ImportedInterviewQuestionDto } from '@dblearn/contracts/dto';
import { validationSentences } from '@dblearn/nest-common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { checkRecordRefusal } from '../checks/check-records.js';
import { firstPath, VALIDATION } from '../transfer/import.service.js';
import type { ContentFolder, ContentProblem } from './content-folder.js';

/**
 * The rules the admin API and the import keep (libs/contracts/src/dto, the check shapes of
 * check-records), checked on the folder before anything is written, each break named by file and
 * line. Whether references run on their sandbox is the import's to say (it runs them).
 */
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
    for (const [p, project] of (course.projects ?? []).entries()) {
      for (const [k, check] of (project.checks ?? []).entries()) {
        const checkPath = `${path}.projects[${p}].checks[${k}]`;
        unique(check._id, `${checkPath}._id`);
        const refused = errors.length === 0 ? checkRecordRefusal(check as never) : null;
        if (refused) report(checkPath, refused);
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
  return problems;
}
