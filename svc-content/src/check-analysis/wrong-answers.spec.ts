import { describe, expect, it } from '@jest/globals';
import { countWrongAnswer, normalizeAnswer, normalizeSql, normalizeText, RECENT_LEARNERS_PER_ANSWER, topWrongAnswers, type WrongAnswerCandidate, WRONG_ANSWER_MAX_CHARS } from './wrong-answers.js';

describe('normalizeSql', () => {
  it('folds keywords and function names to upper case, identifiers keep theirs', () => {
    expect(normalizeSql('select Name, count(*) from Member where city is null group by Name')).toBe('SELECT Name, COUNT(*) FROM Member WHERE city IS NULL GROUP BY Name');
  });

  it('collapses whitespace and newlines, with none inside parentheses or before commas', () => {
    expect(normalizeSql('  SELECT   name ,\n\tcount( * )\nFROM  member  ')).toBe('SELECT name, COUNT(*) FROM member');
    expect(normalizeSql('SELECT m . name FROM member m')).toBe('SELECT m.name FROM member m');
  });

  it('keeps string literals and quoted identifiers exactly, spaces and case included', () => {
    expect(normalizeSql("select \"First  Name\" from member where city = 'New  york' and `Order` = 'select'")).toBe(
      "SELECT \"First  Name\" FROM member WHERE city = 'New  york' AND `Order` = 'select'",
    );
    expect(normalizeSql("select 'It''s  here'")).toBe("SELECT 'It''s  here'");
  });

  it('drops trailing semicolons and comments', () => {
    expect(normalizeSql('SELECT 1;;  \n')).toBe('SELECT 1');
    expect(normalizeSql('SELECT 1 ; ')).toBe('SELECT 1');
    expect(normalizeSql('SELECT name -- the names\nFROM member; /* done */')).toBe('SELECT name FROM member');
  });

  it('makes answers that differ only in spelling one answer', () => {
    const spellings = ['select name from member;', 'SELECT name\nFROM member', 'Select  name  From member ;'];
    expect(new Set(spellings.map(normalizeSql))).toEqual(new Set(['SELECT name FROM member']));
  });

  it('reads broken SQL without throwing', () => {
    expect(normalizeSql("selec name frm member where x = 'unclosed")).toContain('selec');
    expect(normalizeSql('')).toBe('');
  });
});

describe('normalizeText and normalizeAnswer', () => {
  it('collapses whitespace outside strings in a mongo query and drops a trailing semicolon', () => {
    expect(normalizeText('db.member.find( { city :  "New  York" } ) ;\n')).toBe('db.member.find( { city : "New  York" } )');
  });

  it('uses the SQL rules for query and state checks, the text rules otherwise, and cuts long answers', () => {
    expect(normalizeAnswer('query', 'select 1;')).toBe('SELECT 1');
    expect(normalizeAnswer('mongo', 'db.find({})  ;')).toBe('db.find({})');
    expect(normalizeAnswer('quiz', '["a",  "b"]')).toBe('["a", "b"]');
    expect(normalizeAnswer('query', `select '${'x'.repeat(5_000)}'`)).toHaveLength(WRONG_ANSWER_MAX_CHARS);
  });
});

describe('countWrongAnswer (the bounded candidates)', () => {
  const send = (candidates: WrongAnswerCandidate[], answer: string, userId: string, limit?: number) => countWrongAnswer(candidates, answer, userId, limit);

  it('counts distinct learners: one learner resending an answer counts once', () => {
    let candidates: WrongAnswerCandidate[] = [];
    candidates = send(candidates, 'A', 'u1');
    candidates = send(candidates, 'A', 'u1');
    candidates = send(candidates, 'A', 'u2');
    candidates = send(candidates, 'B', 'u1');
    expect(topWrongAnswers(candidates)).toEqual([
      { answer: 'A', learners: 2, approximate: false },
      { answer: 'B', learners: 1, approximate: false },
    ]);
  });

  it('never holds more than the limit, and an answer of more than 1/limit of the learners survives a flood of one-offs', () => {
    let candidates: WrongAnswerCandidate[] = [];
    for (let learner = 0; learner < 30; learner += 1) candidates = send(candidates, 'SELECT common', `c${learner}`, 10);
    // 230 learners in all, 10 places: anything above 23 learners is kept, counted exactly.
    for (let learner = 0; learner < 200; learner += 1) {
      candidates = send(candidates, `SELECT rare_${learner}`, `r${learner}`, 10);
      expect(candidates.length).toBeLessThanOrEqual(10);
    }
    const [top] = topWrongAnswers(candidates, 1);
    expect(top).toEqual({ answer: 'SELECT common', learners: 30, approximate: false });
  });

  it('a newcomer evicts the smallest candidate and starts from its count, marked approximate', () => {
    let candidates: WrongAnswerCandidate[] = [];
    candidates = send(candidates, 'A', 'u1', 2);
    candidates = send(candidates, 'A', 'u2', 2);
    candidates = send(candidates, 'B', 'u3', 2);
    candidates = send(candidates, 'C', 'u4', 2);
    expect(candidates.map(({ answer, learners, overestimate }) => ({ answer, learners, overestimate }))).toEqual([
      { answer: 'A', learners: 2, overestimate: 0 },
      { answer: 'C', learners: 2, overestimate: 1 },
    ]);
    // Shown by what is certain: C has at least 1 learner.
    expect(topWrongAnswers(candidates)[1]).toEqual({ answer: 'C', learners: 1, approximate: true });
  });

  it('remembers a bounded number of recent learners per answer and leaves its input unchanged', () => {
    let candidates: WrongAnswerCandidate[] = [];
    for (let learner = 0; learner < 40; learner += 1) candidates = send(candidates, 'A', `u${learner}`);
    expect(candidates[0]!.recent).toHaveLength(RECENT_LEARNERS_PER_ANSWER);
    const before = JSON.stringify(candidates);
    send(candidates, 'A', 'someone else');
    expect(JSON.stringify(candidates)).toBe(before);
  });
});
