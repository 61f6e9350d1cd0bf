import { displayNameProblem, DEMO_AUTHOR_DOMAIN } from '@dblearn/contracts';
import { DEMO_AUTHORS, DEMO_QUESTIONS, demoAuthorOfEmail } from './demo-questions.js';

describe('the demo questions (issue 17, finding 8; issue 36)', () => {
  it('are written by demo authors with fixed ids and valid display names, and no e-mail', () => {
    const authors = new Set(DEMO_QUESTIONS.flatMap((question) => [question.author, ...question.replies.map((reply) => reply.author)]));
    expect(authors.size).toBeGreaterThan(5);
    for (const author of authors) {
      const { id, displayName } = DEMO_AUTHORS[author];
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      expect(displayNameProblem(displayName)).toBeNull();
    }
    expect(JSON.stringify(DEMO_QUESTIONS)).not.toContain('@');
  });

  it('links posts from before display names to their demo author, and nothing else', () => {
    expect(demoAuthorOfEmail(`maya.chen@${DEMO_AUTHOR_DOMAIN}`)).toBe(DEMO_AUTHORS['maya.chen']);
    expect(demoAuthorOfEmail('maya.chen@dblearn.example')).toBe(DEMO_AUTHORS['maya.chen']);
    expect(demoAuthorOfEmail('maya.chen@example.com')).toBeUndefined();
    expect(demoAuthorOfEmail(`constructor@${DEMO_AUTHOR_DOMAIN}`)).toBeUndefined();
  });
});
