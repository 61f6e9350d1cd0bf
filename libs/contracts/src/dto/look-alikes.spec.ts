import { DISPLAY_NAME_CHARACTERS_MESSAGE, DISPLAY_NAME_LENGTH_MESSAGE, displayNameProblem, generatedDisplayName, tidyDisplayName } from '../display-name.js';
import { EMAIL_RESERVED_DOMAIN_MESSAGE } from '../email.js';
import { RegisterUserDto, RenameDto } from './users.dto.js';
import { displayNameKeys, reservedLookAlikeProblem, skeleton } from './look-alikes.js';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate } from 'class-validator';

const sharesAKey = (a: string, b: string) => displayNameKeys(a).some((key) => displayNameKeys(b).includes(key));

describe('look-alikes (UTS #39 skeletons; issue 30 Low 8, issue 36)', () => {
  it('folds the confusables of the findings', () => {
    expect(skeleton('demo.dblearn.ınvalid')).toBe(skeleton('demo.dblearn.invalid'));
    expect(skeleton('Аdа')).toBe(skeleton('Ada')); // Cyrillic А and а
    expect(skeleton('ｅｍｍａ')).toBe(skeleton('emma'));
  });

  it('refuses look-alikes of the reserved domains, and lets ordinary domains be', () => {
    for (const email of ['emma.dubois@demo.dblearn.ınvalid', 'emma@dblearn.exarnple', 'x@demo.dblearn.invalıd.']) {
      expect({ email, problem: reservedLookAlikeProblem(email) }).toEqual({ email, problem: EMAIL_RESERVED_DOMAIN_MESSAGE });
    }
    for (const email of ['ana@example.com', 'ana@dblearn.io', 'ana@invalidation.org']) expect(reservedLookAlikeProblem(email)).toBeNull();
  });

  it('counts names alike in any letter case or with look-alike characters as one', () => {
    for (const [a, b] of [
      ['Grace Hopper', 'grace hopper'],
      ['Grace Hopper', 'Grаce Hopper'],
      ['Hopper', 'H0pper'],
      ['Paul', 'PauI'],
      ['Il', 'il'],
      ['Ada', 'Ａda'],
    ]) {
      expect({ a, b, alike: sharesAKey(a!, b!) }).toEqual({ a, b, alike: true });
    }
    for (const [a, b] of [
      ['Grace Hopper', 'Grace Hoppers'],
      ['ada-l', 'ada_l'],
    ]) {
      expect({ a, b, alike: sharesAKey(a!, b!) }).toEqual({ a, b, alike: false });
    }
  });
});

describe('display-name rules (issue 36)', () => {
  it('allows 3–30 letters, digits, spaces, ".", "_" and "-" in any script, tidied', () => {
    for (const name of ['Ada', 'ada.lovelace', 'Zoë_Müller-2', 'Мария', '李小龍abc', 'x'.repeat(30)]) expect({ name, problem: displayNameProblem(name) }).toEqual({ name, problem: null });
    expect(tidyDisplayName('  Ada   Lovelace ')).toBe('Ada Lovelace');
    expect(displayNameProblem('ab')).toBe(DISPLAY_NAME_LENGTH_MESSAGE);
    expect(displayNameProblem('x'.repeat(31))).toBe(DISPLAY_NAME_LENGTH_MESSAGE);
    for (const name of ['ada@home', 'a<b>c', 'tab\there', 'zero\u200bwidth', 'emoji 😀']) expect({ name, problem: displayNameProblem(name) }).toEqual({ name, problem: DISPLAY_NAME_CHARACTERS_MESSAGE });
    expect(generatedDisplayName()).toMatch(/^learner-\d{4}$/);
    expect(generatedDisplayName(6)).toMatch(/^learner-\d{6}$/);
  });

  it('is checked by the sign-up and rename DTOs, one sentence per rule; optional at sign-up', async () => {
    const messages = async (cls: ClassConstructor<object>, body: object) =>
      (await validate(plainToInstance(cls, body))).flatMap((error) => Object.values(error.constraints ?? {}));
    expect(await messages(RenameDto, { displayName: 'no@pe' })).toEqual([DISPLAY_NAME_CHARACTERS_MESSAGE]);
    expect(await messages(RenameDto, {})).toEqual(['Display name must be text.']);
    expect(await messages(RegisterUserDto, { email: 'ana@example.com', password: 'secret', skill: 'beginner' })).toEqual([]);
    expect(await messages(RegisterUserDto, { email: 'emma@demo.dblearn.ınvalid', password: 'secret', skill: 'beginner' })).toEqual([EMAIL_RESERVED_DOMAIN_MESSAGE]);
  });
});
