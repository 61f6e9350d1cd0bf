import { DEMO_AUTHOR_DOMAIN, EMAIL_RESERVED_DOMAIN_MESSAGE, emailProblem } from '@dblearn/contracts';
import { DEMO_QUESTIONS } from './demo-questions.js';

describe('the demo questions (issue 17, finding 8)', () => {
  it('are written by authors whose addresses nobody can register', () => {
    const authors = new Set(DEMO_QUESTIONS.flatMap((question) => [question.userName, ...question.replies.map((reply) => reply.userName)]));
    expect(authors.size).toBeGreaterThan(5);
    for (const author of authors) {
      expect(author.endsWith(`@${DEMO_AUTHOR_DOMAIN}`)).toBe(true);
      expect({ author, problem: emailProblem(author) }).toEqual({ author, problem: EMAIL_RESERVED_DOMAIN_MESSAGE });
    }
  });
});
