#!/usr/bin/env node
// The owner's account, from the command line (public sign-up is off):
//   npm run admin:create -- --email ADDRESS           creates it
//   npm run admin:reset-password -- --email ADDRESS   sets a new password and signs out every session
// The password is read from standard input when it is not a terminal (one line), and asked for twice, without
// echo, when it is. Uses DATABASE_URL like the server, and applies migrations first.
import { settings } from '../src/config/settings.mjs';
import { createAuth } from '../src/server/features/auth/options.mjs';
import { passwordProblem } from '../src/server/features/auth/password-policy.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';

const usage = 'Usage: npm run admin:create -- --email ADDRESS   |   npm run admin:reset-password -- --email ADDRESS';
const [command, ...rest] = process.argv.slice(2);
const emailAt = rest.indexOf('--email');
const email = emailAt >= 0 ? rest[emailAt + 1]?.trim().toLowerCase() : undefined;

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (!['create', 'reset-password'].includes(command ?? '') || !email) fail(usage);
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`"${email}" is not an e-mail address.`);

/** One line from a pipe, or a hidden prompt (asked twice) on a terminal. */
async function readPassword() {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0] ?? '';
  }
  const ask = (question) =>
    new Promise((resolve) => {
      // Raw mode: each key arrives as typed and nothing is echoed.
      process.stdout.write(question);
      const stdin = process.stdin;
      stdin.setRawMode(true);
      stdin.setEncoding('utf8');
      stdin.resume();
      let value = '';
      const onData = (chunk) => {
        for (const key of chunk) {
          if (key === '\r' || key === '\n') {
            stdin.off('data', onData);
            stdin.setRawMode(false);
            stdin.pause();
            process.stdout.write('\n');
            resolve(value);
            return;
          }
          if (key === '\u0003') {
            process.stdout.write('\n');
            process.exit(130);
          }
          if (key === '\u007f' || key === '\b') value = value.slice(0, -1);
          else if (key >= ' ') value += key;
        }
      };
      stdin.on('data', onData);
    });
  const first = await ask('New password: ');
  const second = await ask('Repeat it: ');
  if (first !== second) fail('The two passwords differ. Nothing was changed.');
  return first;
}

const password = await readPassword();
const problem = passwordProblem(password, email);
if (problem) fail(`${problem} Nothing was changed.`);

const { db, kind } = await openDatabase(settings().databaseUrl);
try {
  await migrateToLatest(db, kind);
  const secret = (await db.selectFrom('settings').select('value').where('key', '=', 'auth_secret').executeTakeFirstOrThrow()).value;
  const auth = createAuth({ db, kind, secret, baseURL: settings().siteUrl, appName: 'admin' });
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const hash = await ctx.password.hash(password);

  if (command === 'create') {
    if (existing) fail(`An account for ${email} exists already: use npm run admin:reset-password -- --email ${email}`);
    const user = await ctx.internalAdapter.createUser({ email, name: email.split('@')[0], emailVerified: true });
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
    console.log(`Created the account for ${email}. Sign in at ${settings().siteUrl}/admin/sign-in`);
  } else {
    if (!existing) fail(`There is no account for ${email}: use npm run admin:create -- --email ${email}`);
    const credential = existing.accounts.find((account) => account.providerId === 'credential');
    if (credential) await ctx.internalAdapter.updatePassword(existing.user.id, hash);
    else await ctx.internalAdapter.linkAccount({ userId: existing.user.id, providerId: 'credential', accountId: existing.user.id, password: hash });
    await ctx.internalAdapter.deleteUserSessions(existing.user.id);
    console.log(`Set a new password for ${email} and signed out every session.`);
  }
} finally {
  await db.destroy();
}
