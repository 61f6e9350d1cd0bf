import { isTopic, LIMITS, lengthMessage, requiredMessage } from '@dblearn/contracts';

/** The form's values as typed (topic is '' until one is chosen). */
export interface QuestionFormValues {
  topic: string;
  question: string;
  answer: string;
}

export type QuestionFormErrors = Partial<Record<keyof QuestionFormValues, string>>;

function text(label: string, value: string, range: { min: number; max: number }): string | undefined {
  if (value.trim().length === 0) return requiredMessage(label);
  if (value.length > range.max) return lengthMessage(label, range);
  return undefined;
}

/** SPEC §5: topic, question and answer are all required (limits as the gateway checks them). */
export function questionFormErrors(values: QuestionFormValues): QuestionFormErrors {
  const errors: QuestionFormErrors = {};
  if (!isTopic(values.topic)) errors.topic = requiredMessage('Topic');
  const question = text('Question', values.question, LIMITS.interview.question);
  if (question) errors.question = question;
  const answer = text('Answer', values.answer, LIMITS.interview.answer);
  if (answer) errors.answer = answer;
  return errors;
}
