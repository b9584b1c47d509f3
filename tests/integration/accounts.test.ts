/**
 * The owner's account: created and reset from the command line with the password policy, stored by better-auth in the
 * project's database (SQLite and PostgreSQL), never created by public sign-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/features/auth/options.mjs';
import { passwordMessages, passwordProblem, passwordRules } from '../../src/server/features/auth/password-policy.mjs';
import { type Db, type DbKind, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { projectMigrationNames } from '../../src/server/db/migrator.mjs';
import { runAdminScript } from '../support/admin-account';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';

describe('password policy', () => {
  it('asks for length, refuses the e-mail address and common passwords', () => {
    expect(passwordProblem('a'.repeat(passwordRules.minLength - 1), 'owner@example.com')).toBe(passwordMessages.tooShort);
    expect(passwordProblem('a'.repeat(passwordRules.maxLength + 1), 'owner@example.com')).toBe(passwordMessages.tooLong);
    expect(passwordProblem('Owner@Example.com', 'owner@example.com')).toBe(passwordMessages.sameAsEmail);
    expect(passwordProblem('Qwerty123456', 'owner@example.com')).toBe(passwordMessages.common);
    expect(passwordProblem('1q2w3e4r5t6y', 'owner@example.com')).toBe(passwordMessages.common);
    expect(passwordProblem('correct horse battery staple', 'owner@example.com')).toBeNull();
  });
});

// Several processes on one database is a PostgreSQL deployment; embedded SQLite serves one process (its retry for a
// second process cannot be shown inside one process, where SQLite's busy wait blocks the event loop it waits on).
describe.each(databaseNames().filter((name) => name === 'postgres'))('migrations on %s', (name) => {
  it('several processes migrating one fresh database at once all succeed', async () => {
    const target = await createTarget(name);
    const instances = await Promise.all(Array.from({ length: 4 }, () => openDatabase(process.env.TEST_DATABASE_URL, target.options)));
    try {
      const applied = await Promise.all(instances.map(({ db, kind }) => migrateToLatest(db, kind)));
      // Each project migration ran exactly once, whoever ran it; better-auth's tables exist.
      expect(applied.flat().sort()).toEqual(projectMigrationNames);
      const { db } = instances[0]!;
      expect(
        await db
          .selectFrom('user' as never)
          .selectAll()
          .execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('twoFactor' as never)
          .selectAll()
          .execute(),
      ).toEqual([]);
    } finally {
      for (const { db } of instances) await db.destroy();
      await target.dispose();
    }
  });
});

describe.each(databaseNames())('owner account on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let kind: DbKind;
  const email = 'owner@example.com';
  const admin = (command: 'create' | 'reset-password', password: string, address = email) => runAdminScript(command, address, password, target.url);
  const auth = async () => {
    const secret = (await db.selectFrom('settings').select('value').where('key', '=', 'auth_secret').executeTakeFirstOrThrow()).value;
    return createAuth({ db, kind, secret, baseURL: 'http://127.0.0.1', appName: 'test' });
  };
  const signIn = async (password: string) =>
    (await auth()).api.signInEmail({ body: { email, password }, asResponse: true, headers: new Headers({ 'x-forwarded-for': '192.0.2.1' }) });

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db, kind } = await openDatabase(name === 'sqlite' ? target.url : process.env.TEST_DATABASE_URL, target.options));
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  it('refuses a weak password and creates nothing', async () => {
    const result = admin('create', 'qwerty123456');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(passwordMessages.common);
  });

  it('creates the account with a scrypt hash, and signs in with it', async () => {
    const password = 'a sensible long passphrase';
    const result = admin('create', password);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    await migrateToLatest(db, kind);
    const account = await db
      .selectFrom('account' as never)
      .selectAll()
      .executeTakeFirstOrThrow();
    const stored = (account as { password: string; providerId: string }).password;
    expect((account as { providerId: string }).providerId).toBe('credential');
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(stored).not.toContain(password);
    expect((await signIn(password)).status).toBe(200);
    expect((await signIn('a wrong long passphrase')).status).toBe(401);
  });

  it('refuses a second account for the same address', () => {
    const result = admin('create', 'yet another long passphrase');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('exists already');
  });

  it('resets the password and signs out every session', async () => {
    const before = await signIn('a sensible long passphrase');
    expect(before.status).toBe(200);
    const sessions = async () =>
      (
        await db
          .selectFrom('session' as never)
          .selectAll()
          .execute()
      ).length;
    expect(await sessions()).toBeGreaterThan(0);
    const result = admin('reset-password', 'a different long passphrase');
    expect(result.status).toBe(0);
    expect(await sessions()).toBe(0);
    expect((await signIn('a sensible long passphrase')).status).toBe(401);
    expect((await signIn('a different long passphrase')).status).toBe(200);
    expect(admin('reset-password', 'a different long passphrase', 'nobody@example.com').status).not.toBe(0);
  });

  it('never creates an account through public sign-up, not even through the server API', async () => {
    const instance = await auth();
    await expect(instance.api.signUpEmail({ body: { email: 'intruder@example.com', password: 'an intruder passphrase', name: 'x' } })).rejects.toThrow();
    const response = await instance.handler(
      new Request('http://127.0.0.1/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1' },
        body: JSON.stringify({ email: 'intruder@example.com', password: 'an intruder passphrase', name: 'x' }),
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(
      await db
        .selectFrom('user' as never)
        .selectAll()
        .execute(),
    ).toHaveLength(1);
  });
});
