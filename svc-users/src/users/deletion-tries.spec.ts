import { DeletionTries, TOO_MANY_DELETION_TRIES_MESSAGE } from './deletion-tries.js';

const refusal = (tries: DeletionTries, userId: string): unknown => {
  try {
    tries.assertMayTry(userId);
    return null;
  } catch (error) {
    return (error as { getError(): unknown }).getError();
  }
};

describe('DeletionTries (a stolen session is no password oracle)', () => {
  it('refuses after five wrong passwords for that account only, until 15 minutes have passed', () => {
    let now = 1_000_000;
    const tries = new DeletionTries(() => now);
    for (let wrong = 0; wrong < 5; wrong += 1) {
      expect(refusal(tries, 'ada')).toBeNull();
      tries.failed('ada');
    }
    expect(refusal(tries, 'ada')).toEqual({ statusCode: 429, message: TOO_MANY_DELETION_TRIES_MESSAGE });
    expect(refusal(tries, 'bob')).toBeNull();
    now += 15 * 60_000;
    expect(refusal(tries, 'ada')).toBeNull();
  });
});
