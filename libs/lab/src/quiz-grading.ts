/**
 * Quiz checks (CONTRACT "Runnable SQL"): graded on the server, the answer never sent before the
 * attempt, and a wrong answer is told how far off it is without being told the answer.
 */
import { CHECK_COUNTS, type Quiz, type QuizAnswerValue } from '@dblearn/contracts';
import type { Verdict } from './grading.js';

export const QUIZ_PASSED_MESSAGE = 'Passed: your answer is right.';

type ChoiceQuiz = Extract<Quiz, { type: 'choice' }>;
type NumberQuiz = Extract<Quiz, { type: 'number' }>;

/** Why an admin's quiz cannot be saved (beyond the DTO's field rules), or null. */
export function quizRefusal(quiz: Quiz): string | null {
  switch (quiz.type) {
    case 'choice': {
      const last = quiz.options.length - 1;
      const outside = quiz.correct.find((index) => index > last);
      if (outside !== undefined) return `Quiz option ${outside} does not exist: correct indexes are 0 to ${last}.`;
      if (new Set(quiz.correct).size !== quiz.correct.length) return 'A correct option is named twice.';
      if (new Set(quiz.options.map((option) => option.trim().toLowerCase())).size !== quiz.options.length) return 'Two options read the same.';
      return null;
    }
    case 'number':
      return typeof quiz.answer === 'number' && Number.isFinite(quiz.answer) ? null : "A number quiz's answer must be a number.";
    case 'set':
      return Array.isArray(quiz.answer) && setItems(quiz.answer).size > 0 ? null : 'A set quiz needs at least one item.';
  }
}

/** The fields of a quiz (from a body or a stored check) that belong to its type, or why not: a field of another type is refused. */
export function quizFieldsRefusal(quiz: Record<string, unknown>): string | null {
  const allowed: Record<string, string[]> = { choice: ['type', 'options', 'correct'], number: ['type', 'answer', 'tolerance'], set: ['type', 'answer'] };
  const fields = allowed[String(quiz.type)] ?? [];
  const stray = Object.keys(quiz).find((key) => quiz[key] !== undefined && !fields.includes(key));
  return stray ? `The field "quiz.${stray}" is not allowed in a ${String(quiz.type)} quiz.` : null;
}

/** 400 wording when a learner's answer is not the shape this quiz takes, or null. */
export function quizAnswerRefusal(quiz: Quiz, answer: unknown): string | null {
  switch (quiz.type) {
    case 'choice': {
      if (!Array.isArray(answer) || !answer.every((index) => Number.isInteger(index) && (index as number) >= 0)) return 'This quiz takes a list of option indexes.';
      if (answer.length === 0) return 'Choose at least one option.';
      const outside = (answer as number[]).find((index) => index >= quiz.options.length);
      if (outside !== undefined) return `Option ${outside} does not exist.`;
      if (new Set(answer).size !== answer.length) return 'An option is chosen twice.';
      return null;
    }
    case 'number':
      return typeof answer === 'number' && Number.isFinite(answer) ? null : 'This quiz takes a number.';
    case 'set':
      return Array.isArray(answer) && answer.length >= CHECK_COUNTS.items.min && answer.every((item) => typeof item === 'string') ? null : 'This quiz takes a list of items.';
  }
}

/** Grades an answer of the right shape (quizAnswerRefusal said null): never names the correct answer. */
export function gradeQuiz(quiz: Quiz, answer: QuizAnswerValue): Verdict {
  switch (quiz.type) {
    case 'choice':
      return gradeChoice(quiz, answer as number[]);
    case 'number':
      return gradeNumber(quiz, answer as number);
    case 'set':
      return gradeSet(quiz.answer, answer as string[]);
  }
}

function gradeChoice(quiz: ChoiceQuiz, chosen: number[]): Verdict {
  const correct = new Set(quiz.correct);
  const wrong = chosen.filter((index) => !correct.has(index)).length;
  const left = quiz.correct.filter((index) => !chosen.includes(index)).length;
  if (wrong === 0 && left === 0) return { passed: true, message: QUIZ_PASSED_MESSAGE };
  const parts: string[] = [];
  if (wrong > 0) parts.push(`${wrong} of your choices ${wrong === 1 ? 'is' : 'are'} wrong`);
  if (left > 0) parts.push(`you left out ${left} correct ${left === 1 ? 'option' : 'options'}`);
  return { passed: false, message: `Not quite: ${parts.join(' and ')}.` };
}

function gradeNumber(quiz: NumberQuiz, given: number): Verdict {
  // A hair of float noise (0.1 + 0.2 against 0.3 with tolerance 0) is not a wrong answer.
  const slack = quiz.tolerance + Math.abs(quiz.answer) * 1e-12;
  if (Math.abs(given - quiz.answer) <= slack) return { passed: true, message: QUIZ_PASSED_MESSAGE };
  return { passed: false, message: 'Not quite: that number is not within the tolerance.' };
}

function gradeSet(answer: string[], given: string[]): Verdict {
  const wanted = setItems(answer);
  const got = setItems(given);
  const wrong = [...got].filter((item) => !wanted.has(item)).length;
  const missing = [...wanted].filter((item) => !got.has(item)).length;
  if (wrong === 0 && missing === 0) return { passed: true, message: QUIZ_PASSED_MESSAGE };
  const parts: string[] = [];
  if (wrong > 0) parts.push(`${wrong} of your items ${wrong === 1 ? 'is' : 'are'} wrong`);
  if (missing > 0) parts.push(`${missing} ${missing === 1 ? 'is' : 'are'} missing`);
  return { passed: false, message: `Not quite: ${parts.join(' and ')}.` };
}

/**
 * A set's items as compared: each text is split at commas ("AB, CD" is two items), spaces dropped,
 * case ignored, duplicates once.
 */
export function setItems(texts: readonly string[]): Set<string> {
  return new Set(
    texts
      .flatMap((text) => text.split(','))
      .map((item) => item.replace(/\s+/g, '').toLowerCase())
      .filter((item) => item !== ''),
  );
}

/** A quiz's answer in words, for the solution call: the correct options, the number with its tolerance, the items. */
export function quizSolution(quiz: Quiz): string {
  switch (quiz.type) {
    case 'choice':
      return quiz.correct.map((index) => quiz.options[index]).join('; ');
    case 'number':
      return quiz.tolerance > 0 ? `${quiz.answer} (± ${quiz.tolerance})` : String(quiz.answer);
    case 'set':
      return quiz.answer.join(', ');
  }
}

/** What a learner sees of a quiz before any attempt: its type (which input to show), a choice quiz's options and whether several are correct. */
export function learnerQuizFields(quiz: Quiz): { quizType: Quiz['type']; options?: string[]; multiple?: boolean } {
  return quiz.type === 'choice' ? { quizType: quiz.type, options: quiz.options, multiple: quiz.correct.length > 1 } : { quizType: quiz.type };
}
