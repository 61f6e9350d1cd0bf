import { LIMITS } from '@dblearn/contracts';
import { fieldMessages, textRules } from './rules.js';

describe('textRules', () => {
  it('builds required, minLength and maxLength from a SPEC §5 range with the gateway\'s sentences', () => {
    expect(textRules('Courses Name', LIMITS.course.name)).toEqual({
      required: 'Courses Name is required.',
      minLength: { value: 5, message: 'Courses Name must be 5 to 50 characters long.' },
      maxLength: { value: 50, message: 'Courses Name must be 5 to 50 characters long.' },
    });
  });

  it('leaves out a minimum of one and keeps the field optional when its range starts at 0', () => {
    expect(textRules('Tutorial Name', LIMITS.tutorial.title)).toEqual({
      required: 'Tutorial Name is required.',
      maxLength: { value: 50, message: 'Tutorial Name must be at most 50 characters long.' },
    });
    expect(textRules('Header', LIMITS.project.header)).toEqual({
      maxLength: { value: 255, message: 'Header must be at most 255 characters long.' },
    });
    expect(textRules('Header', LIMITS.tutorial.header, { required: false })).not.toHaveProperty('required');
  });
});

describe('fieldMessages', () => {
  it('lists every broken rule once, or the one message a server refusal set', () => {
    expect(fieldMessages(undefined)).toEqual([]);
    expect(fieldMessages({ type: 'minLength', types: { minLength: 'Too short.', pattern: ['Too short.', 'Bad.'] } })).toEqual(['Too short.', 'Bad.']);
    expect(fieldMessages({ type: 'server', message: 'Taken.' })).toEqual(['Taken.']);
  });
});
