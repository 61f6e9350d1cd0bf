import { describe, expect, it } from '@jest/globals';
import type { Quiz } from '@dblearn/contracts';
import { gradeQuiz, learnerQuizFields, QUIZ_PASSED_MESSAGE, quizAnswerRefusal, quizRefusal, quizSolution } from './quiz-grading.js';

const choice: Quiz = { type: 'choice', options: ['B+ tree', 'Hash index', 'Heap file', 'Bitmap'], correct: [0, 1] };
const number: Quiz = { type: 'number', answer: 3, tolerance: 0.5 };
const set: Quiz = { type: 'set', answer: ['AB', 'CD'] };

describe('gradeQuiz: never says the answer', () => {
  it('choice', () => {
    expect(gradeQuiz(choice, [1, 0])).toEqual({ passed: true, message: QUIZ_PASSED_MESSAGE });
    expect(gradeQuiz(choice, [0, 2]).message).toBe('Not quite: 1 of your choices is wrong and you left out 1 correct option.');
    expect(gradeQuiz(choice, [0, 1, 2, 3]).message).toBe('Not quite: 2 of your choices are wrong.');
    expect(gradeQuiz(choice, [0]).message).toBe('Not quite: you left out 1 correct option.');
  });

  it('number, within its tolerance', () => {
    expect(gradeQuiz(number, 3.5).passed).toBe(true);
    expect(gradeQuiz(number, 2.5).passed).toBe(true);
    expect(gradeQuiz(number, 3.6)).toEqual({ passed: false, message: 'Not quite: that number is not within the tolerance.' });
    expect(gradeQuiz({ type: 'number', answer: 0.3, tolerance: 0 }, 0.1 + 0.2).passed).toBe(true);
  });

  it('number: a tight tolerance tells the taught formula from a plausible wrong one', () => {
    // 1000 records, 30 per block: ⌈1000 / 30⌉ = 34 blocks; n / bfr + 1 gives 34.33…, the constants typed in 33.33….
    const blocks: Quiz = { type: 'number', answer: 34, tolerance: 0 };
    expect(gradeQuiz(blocks, 34).passed).toBe(true);
    expect(gradeQuiz(blocks, 1000 / 30 + 1).passed).toBe(false);
    expect(gradeQuiz(blocks, 1000 / 30).passed).toBe(false);
    expect(gradeQuiz({ type: 'number', answer: 0.25, tolerance: 0.001 }, 0.2505).passed).toBe(true);
    expect(gradeQuiz({ type: 'number', answer: 0.25, tolerance: 0.001 }, 0.252).passed).toBe(false);
  });

  it('set: case, order, spaces free; commas separate items', () => {
    expect(gradeQuiz(set, ['cd', ' a b ']).passed).toBe(true);
    expect(gradeQuiz(set, ['AB, CD']).passed).toBe(true);
    expect(gradeQuiz(set, ['AB', 'CD', 'AB']).passed).toBe(true);
    expect(gradeQuiz(set, ['AB', 'EF']).message).toBe('Not quite: 1 of your items is wrong and 1 is missing.');
    expect(gradeQuiz(set, ['AB']).message).toBe('Not quite: 1 is missing.');
    expect(gradeQuiz(set, ['AB', 'CD', 'E', 'F']).message).toBe('Not quite: 2 of your items are wrong.');
  });
});

describe('quiz shapes', () => {
  it('an answer of the wrong shape is refused (400)', () => {
    expect(quizAnswerRefusal(choice, 2)).toBe('This quiz takes a list of option indexes.');
    expect(quizAnswerRefusal(choice, [4])).toBe('Option 4 does not exist.');
    expect(quizAnswerRefusal(choice, [1, 1])).toBe('An option is chosen twice.');
    expect(quizAnswerRefusal(choice, [])).toBe('Choose at least one option.');
    expect(quizAnswerRefusal(number, [1])).toBe('This quiz takes a number.');
    expect(quizAnswerRefusal(set, 3)).toBe('This quiz takes a list of items.');
    expect(quizAnswerRefusal(set, ['AB'])).toBeNull();
  });

  it('a quiz an admin cannot save', () => {
    expect(quizRefusal({ ...choice, correct: [4] } as Quiz)).toBe('Quiz option 4 does not exist: correct indexes are 0 to 3.');
    expect(quizRefusal({ ...choice, correct: [1, 1] } as Quiz)).toBe('A correct option is named twice.');
    expect(quizRefusal({ type: 'set', answer: [' , '] })).toBe('A set quiz needs at least one item.');
    expect(quizRefusal(choice)).toBeNull();
  });

  it('the learner sees options and whether several are right, never the answer', () => {
    expect(learnerQuizFields(choice)).toEqual({ quizType: 'choice', options: choice.options, multiple: true });
    expect(learnerQuizFields(number)).toEqual({ quizType: 'number' });
    expect(quizSolution(choice)).toBe('B+ tree; Hash index');
    expect(quizSolution(number)).toBe('3 (± 0.5)');
    expect(quizSolution(set)).toBe('AB, CD');
  });
});
