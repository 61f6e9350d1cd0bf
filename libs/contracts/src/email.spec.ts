import {
  DEMO_AUTHOR_DOMAIN,
  EMAIL_INVISIBLE_MESSAGE,
  EMAIL_LOCAL_PART_MESSAGE,
  EMAIL_MIXED_SCRIPTS_MESSAGE,
  EMAIL_RESERVED_DOMAIN_MESSAGE,
  emailProblem,
  normalizeEmail,
} from './email.js';

describe('e-mail spelling (issue 6: look-alike accounts)', () => {
  it('folds letter case and compatibility forms into one spelling', () => {
    expect(normalizeEmail('  Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com');
    expect(normalizeEmail('ａdmin@dblearn.local')).toBe('admin@dblearn.local');
    expect(emailProblem('ａdmin@dblearn.local')).toBeNull();
  });

  it.each([
    ['a zero-width space', 'admin\u200b@dblearn.local'],
    ['a trailing soft hyphen', 'admin@dblearn.local\u00ad'],
    ['a right-to-left mark', 'admin\u200f@dblearn.local'],
    ['a byte-order mark', '\ufeffadmin@dblearn.local'],
    ['a Hangul filler', 'admin\u3164@dblearn.local'],
  ])('refuses %s', (_what, email) => {
    expect(emailProblem(email)).toBe(EMAIL_INVISIBLE_MESSAGE);
  });

  it.each([
    ['a Cyrillic а', '\u0430dmin@dblearn.local'],
    ['a dotless ı', 'adm\u0131n@dblearn.local'],
    ['a Greek ο', 'r\u03bfot@dblearn.local'],
  ])('refuses a non-ASCII local part: %s', (_what, email) => {
    expect(emailProblem(email)).toBe(EMAIL_LOCAL_PART_MESSAGE);
  });

  it('lets an international domain through, but not one mixing Latin with another script', () => {
    expect(emailProblem('ana@münchen.de')).toBeNull();
    expect(emailProblem('ana@пример.рф')).toBeNull();
    expect(emailProblem('ana@dbl\u0435arn.local')).toBe(EMAIL_MIXED_SCRIPTS_MESSAGE);
  });

  it('refuses the demo authors’ domains: the reserved .invalid TLD and the one seeded before issue 17', () => {
    for (const email of [`maya.chen@${DEMO_AUTHOR_DOMAIN}`, 'MAYA.CHEN@DEMO.DBLEARN.INVALID', 'x@anything.invalid', 'x@invalid', 'maya.chen@dblearn.example', 'a@qna.dblearn.example', 'a@dblearn.example.']) {
      expect({ email, problem: emailProblem(email) }).toEqual({ email, problem: EMAIL_RESERVED_DOMAIN_MESSAGE });
    }
    for (const email of ['ana@example.com', 'ana@notinvalid.org', 'ana@dblearn.example.com', 'ana@mydblearn.example.org']) expect(emailProblem(email)).toBeNull();
  });
});
