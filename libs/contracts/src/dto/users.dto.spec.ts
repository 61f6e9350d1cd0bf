import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { IdDto, ListQueryDto, LoginDto, RegisterUserDto } from './index.js';

async function brokenRules<T extends object>(type: new () => T, body: Record<string, unknown>): Promise<string[]> {
  const errors = await validate(plainToInstance(type, body), { whitelist: true, forbidNonWhitelisted: true });
  return errors.map((error) => error.property);
}

describe('RegisterUserDto', () => {
  const valid = { email: 'ada@dblearn.dev', password: 'secret-1', skill: 'beginner' };

  it('accepts a well-formed sign-up', async () => {
    expect(await brokenRules(RegisterUserDto, valid)).toEqual([]);
  });

  it('refuses an object where the e-mail belongs, so it can never become a query', async () => {
    expect(await brokenRules(RegisterUserDto, { ...valid, email: { $gt: '' } })).toEqual(['email']);
  });

  it('holds e-mail to 5–50 characters and a real address', async () => {
    expect(await brokenRules(RegisterUserDto, { ...valid, email: 'a@b' })).toEqual(['email']);
    expect(await brokenRules(RegisterUserDto, { ...valid, email: `${'a'.repeat(45)}@x.dev` })).toEqual(['email']);
    expect(await brokenRules(RegisterUserDto, { ...valid, email: 'not-an-address' })).toEqual(['email']);
  });

  it('refuses look-alikes of an existing address (issue 6), with a sentence that says why', async () => {
    for (const email of ['admin\u200b@dblearn.dev', '\u0430dmin@dblearn.dev', 'adm\u0131n@dblearn.dev', 'admin@dblearn.dev\u00ad']) {
      const errors = await validate(plainToInstance(RegisterUserDto, { ...valid, email }));
      expect(errors.map((error) => error.property)).toEqual(['email']);
      expect(Object.values(errors[0]?.constraints ?? {}).join(' ')).toMatch(/invisible|Latin/);
    }
  });

  it('holds the password to 5–255 characters', async () => {
    expect(await brokenRules(RegisterUserDto, { ...valid, password: '1234' })).toEqual(['password']);
    expect(await brokenRules(RegisterUserDto, { ...valid, password: 'x'.repeat(256) })).toEqual(['password']);
    expect(await brokenRules(RegisterUserDto, { ...valid, password: 'x'.repeat(255) })).toEqual([]);
  });

  it('accepts only the three skills', async () => {
    expect(await brokenRules(RegisterUserDto, { ...valid, skill: 'guru' })).toEqual(['skill']);
    expect(await brokenRules(RegisterUserDto, { email: valid.email, password: valid.password })).toEqual(['skill']);
  });

  it('refuses fields it does not know, such as isAdmin', async () => {
    expect(await brokenRules(RegisterUserDto, { ...valid, isAdmin: true })).toEqual(['isAdmin']);
  });
});

describe('LoginDto', () => {
  it('wants both fields as text of the allowed lengths', async () => {
    expect(await brokenRules(LoginDto, { email: 'ada@dblearn.dev', password: 'secret-1' })).toEqual([]);
    expect(await brokenRules(LoginDto, { email: 'ada@dblearn.dev', password: { $ne: null } })).toEqual(['password']);
    expect(await brokenRules(LoginDto, {})).toEqual(['email', 'password']);
  });
});

describe('IdDto and ListQueryDto', () => {
  it('accepts only ObjectId hex strings as ids', async () => {
    expect(await brokenRules(IdDto, { id: '6560f0c2a1b2c3d4e5f60718' })).toEqual([]);
    expect(await brokenRules(IdDto, { id: '../etc/passwd' })).toEqual(['id']);
  });

  it('reads page and pageSize from query strings and keeps pageSize within 1–100', async () => {
    expect(await brokenRules(ListQueryDto, { topic: 'sql', page: '2', pageSize: '6' })).toEqual([]);
    expect(await brokenRules(ListQueryDto, { pageSize: '101' })).toEqual(['pageSize']);
    expect(await brokenRules(ListQueryDto, { page: '0' })).toEqual(['page']);
    expect(await brokenRules(ListQueryDto, { topic: 'cooking' })).toEqual(['topic']);
  });
});
