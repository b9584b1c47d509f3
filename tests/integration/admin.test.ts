/**
 * The admin end to end against the built server as a real process: the guard, sign-in and its limits, two-factor,
 * sessions, the password reset by e-mail, the lead inbox and its CSV. Runs on SQLite and, when TEST_DATABASE_URL is
 * set, PostgreSQL.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminPaths, adminTabs, authMessages, leadCsvColumns, resetPasswordCommand, signInLimits } from '../../src/config/admin';
import { type Db, openDatabase } from '../../src/server/db';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, SiteProcess } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { totp } from '../support/totp';
import { until } from '../support/until';
import { readCsv } from '../support/csv';

const initialPassword = 'a sensible long passphrase';
/** The password changes during the run (reset, change); each database starts from the initial one. */
const owner = { email: 'owner@example.com', password: initialPassword };
const other = { email: 'second@example.com', password: 'another sensible passphrase' };
/** Signed in, guesses the password inside the session; locked in the end, so used by that test alone. */
const guesser = { email: 'third@example.com', password: 'a third sensible passphrase' };

let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter % 250}`;

/** Every admin page and endpoint, as the guard must refuse them without a valid session. */
const guardedPages = [adminPaths.home, adminPaths.tab('settings'), adminPaths.leads, adminPaths.lead('x'), adminPaths.security];
const guardedEndpoints: [string, string][] = [
  ['GET', adminApi.sessions],
  ['POST', adminApi.sessions],
  ['POST', adminApi.password],
  ['POST', adminApi.twoFactor.start],
  ['POST', adminApi.twoFactor.confirm],
  ['POST', adminApi.twoFactor.disable],
  ['POST', adminApi.lead('x')],
  ['DELETE', adminApi.lead('x')],
  ['GET', adminApi.leadsCsv],
  ['GET', adminApi.dashboardTab('overview')],
];

describe.each(databaseNames())('admin on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let sink: SmtpSink;
  let site: SiteProcess;

  const browser = (address = nextAddress()) =>
    new CookieClient(site.base, { 'X-Forwarded-For': address, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
  const createAccount = (account: { email: string; password: string }) => {
    expect(runAdminScript('create', account.email, account.password, target.url).stderr).toBe('');
  };
  async function signedIn(account = owner) {
    const client = browser();
    const answer = await client.json('/api/auth/sign-in', account);
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    return client;
  }
  async function expectRefused(client: CookieClient) {
    for (const path of guardedPages) {
      const response = await client.request(path);
      expect(response.status, path).toBe(303);
      expect(response.headers.get('location'), path).toBe(`${adminPaths.signIn}?next=${encodeURIComponent(path)}`);
    }
    for (const [method, path] of guardedEndpoints) {
      const response = await client.request(path, { method, body: method === 'GET' ? undefined : '{}', headers: { 'Content-Type': 'application/json' } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('x-robots-tag'), `${method} ${path}`).toBe('noindex, nofollow');
      expect(await response.json()).toEqual({ ok: false, error: authMessages.sessionEnded });
    }
  }
  const sessionRows = () => db.selectFrom('session' as never).selectAll() as never as { execute(): Promise<Record<string, unknown>[]> };
  /** A date column moved into the past, in whatever form this database stores it. */
  const pastValue = (sample: unknown, ms: number) => (sample instanceof Date ? new Date(ms) : typeof sample === 'number' ? ms : new Date(ms).toISOString());

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    sink = new SmtpSink(await freePort());
    await sink.start();
    owner.password = initialPassword;
    createAccount(owner);
    createAccount(other);
    createAccount(guesser);
    site = new SiteProcess(await freePort(), {
      DATABASE_URL: target.url,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      CONTACT_TO: 'alerts@example.com',
      TRUST_PROXY: 'true',
      OUTBOX_POLL_MS: '100',
      OUTBOX_BASE_DELAY_MS: '200',
      OUTBOX_MAX_DELAY_MS: '800',
    });
    await site.start();
    ({ db } = await openDatabase(name === 'sqlite' ? target.url : process.env.TEST_DATABASE_URL, target.options));
  }, 90_000);

  afterAll(async () => {
    await site?.stop();
    await sink?.stop();
    await db?.destroy();
    await target?.dispose();
  });

  it('refuses every admin page and endpoint without a session, with a forged cookie and with a signed-out one', async () => {
    await expectRefused(browser());
    const forged = browser();
    forged.setCookie('hale-admin.session_token', 'forged-token.c2lnbmF0dXJl');
    await expectRefused(forged);
    const signedOut = await signedIn();
    const stolen = signedOut.cookie('hale-admin.session_token')!;
    await signedOut.json(adminApi.signOut);
    const replay = browser();
    replay.setCookie('hale-admin.session_token', stolen);
    await expectRefused(replay);
  });

  it('signs out by a plain form post, before or without the admin scripts: to the sign-in page, the session ended', async () => {
    const client = await signedIn();
    const page = await client.request(adminPaths.home, { headers: { Accept: 'text/html' } });
    const html = await page.text();
    // The header's button is a form's submit button, not a script's, and usable at once.
    const button = html.match(new RegExp(`<form[^>]*method="post"[^>]*action="${adminApi.signOut}"[^>]*>\\s*(<button[^>]*>)`))?.[1];
    expect(button).toMatch(/type="submit"/);
    expect(button).not.toMatch(/\sdisabled(=|\s|>)/);
    const stolen = client.cookie('hale-admin.session_token')!;
    const answer = await client.request(adminApi.signOut, {
      method: 'POST',
      body: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', Origin: site.base },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(adminPaths.signedOut);
    expect(client.cookie('hale-admin.session_token')).toBeUndefined();
    const replay = browser();
    replay.setCookie('hale-admin.session_token', stolen);
    await expectRefused(replay);
  });

  it('refuses a session past its idle expiry or past the absolute limit', async () => {
    const idle = await signedIn();
    const sessions = await sessionRows().execute();
    const token = decodeURIComponent(idle.cookie('hale-admin.session_token')!).split('.')[0];
    const row = sessions.find((s) => s.token === token)!;
    await db
      .updateTable('session' as never)
      .set({ expiresAt: pastValue(row.expiresAt, Date.now() - 1000) } as never)
      .where('token' as never, '=', token as never)
      .execute();
    await expectRefused(idle);

    const old = await signedIn();
    const oldToken = decodeURIComponent(old.cookie('hale-admin.session_token')!).split('.')[0];
    const oldRow = (await sessionRows().execute()).find((s) => s.token === oldToken)!;
    await db
      .updateTable('session' as never)
      .set({ createdAt: pastValue(oldRow.createdAt, Date.now() - 169 * 3_600_000) } as never)
      .where('token' as never, '=', oldToken as never)
      .execute();
    await expectRefused(old);
  });

  it('signs in, lands where asked, and marks admin answers private', async () => {
    const client = await signedIn();
    const dashboard = await client.request(adminPaths.tab('settings'));
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(dashboard.headers.get('cache-control')).toBe('no-store');
    const html = await dashboard.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain(owner.email);
    // Signed in, the sign-in page sends you on; only a local path is accepted as the destination.
    expect((await client.request(`${adminPaths.signIn}?next=${encodeURIComponent('/admin/leads?q=x')}`)).headers.get('location')).toBe('/admin/leads?q=x');
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '/.//evil.example/phish', '/admin/..//evil.example/']) {
      expect((await client.request(`${adminPaths.signIn}?next=${encodeURIComponent(next)}`)).headers.get('location'), next).toBe(adminPaths.home);
    }
    const robots = await (await fetch(`${site.base}/robots.txt`)).text();
    expect(robots).toContain(`Disallow: ${adminPaths.home}`);
    expect(await (await fetch(`${site.base}/sitemap.xml`)).text()).not.toContain('/admin');
  });

  it('reads each dashboard tab on its own: the page carries only the tab asked for, the others come from their endpoint', async () => {
    const client = await signedIn();
    for (const { id } of adminTabs) {
      const response = await client.request(adminApi.dashboardTab(id));
      expect(response.status, id).toBe(200);
      expect(response.headers.get('cache-control'), id).toBe('no-store');
      const body = (await response.json()) as { ok: boolean; data: { tab: string; now: number } };
      expect(body.ok, id).toBe(true);
      expect(body.data.tab, id).toBe(id);
    }
    // The page carries its own tab's figures only: the settings tab's account, the overview's analytics.
    const settingsPage = await (await client.request(adminPaths.tab('settings'))).text();
    const overviewPage = await (await client.request(adminPaths.tab('overview'))).text();
    expect(settingsPage).toContain('&quot;account&quot;');
    expect(settingsPage).not.toContain('&quot;analytics&quot;');
    expect(overviewPage).toContain('&quot;analytics&quot;');
    expect(overviewPage).not.toContain('&quot;account&quot;');
  });

  it('sets a Secure, __Secure- prefixed cookie when the request came over HTTPS (through a trusted proxy)', async () => {
    const https = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': new URL(site.base).host };
    const client = browser();
    const response = await client.post('/api/auth/sign-in', owner, https);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Secure-hale-admin.session_token='));
    expect(cookie).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    expect((await client.request(adminApi.sessions, { headers: https })).status).toBe(200);
    const plain = await browser().post('/api/auth/sign-in', owner);
    expect(plain.headers.getSetCookie().find((c) => c.startsWith('hale-admin.session_token='))).toMatch(/; HttpOnly; SameSite=Lax$/);
  });

  it('gives one generic answer for a wrong e-mail and a wrong password, and never a 5xx for bad input', async () => {
    const wrongPassword = await browser().json('/api/auth/sign-in', { email: owner.email, password: 'not the password at all' });
    const unknownEmail = await browser().json('/api/auth/sign-in', { email: 'nobody@example.com', password: owner.password });
    expect(wrongPassword).toEqual({ status: 401, body: { ok: false, error: authMessages.invalidCredentials } });
    expect(unknownEmail).toEqual(wrongPassword);
    const bad = browser();
    for (const body of ['{', '[]', '{"email":1}', '{"email":"x","password":""}', `{"email":"a@b.co","password":"${'x'.repeat(5000)}"}`]) {
      const response = await bad.request('/api/auth/sign-in', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
    }
  });

  it('locks an account after five failures in fifteen minutes, says so whatever is typed, and alerts once', async () => {
    const eventsBefore = await db.selectFrom('security_events').select('id').where('type', '=', 'auth_failure').execute();
    for (let i = 0; i < signInLimits.accountFailures; i++) {
      const answer = await browser().json('/api/auth/sign-in', { email: other.email, password: `wrong password number ${i}` });
      expect(answer.status).toBe(401);
    }
    // The right password, from a fresh address, is refused while the lock lasts.
    const locked = await browser().json('/api/auth/sign-in', other);
    expect(locked).toEqual({ status: 401, body: { ok: false, error: authMessages.accountPaused(signInLimits.lockMinutes) } });
    const eventsAfter = await db.selectFrom('security_events').select(['id', 'severity']).where('type', '=', 'auth_failure').execute();
    expect(eventsAfter.length - eventsBefore.length).toBe(signInLimits.accountFailures + 1);
    expect(new Set(eventsAfter.map((e) => e.severity))).toEqual(new Set(['high']));
    const alerts = await until(async () => {
      const mails = sink.received.filter((m) => /Security alert/.test(m.headers.subject ?? ''));
      return mails.length > 0 ? mails : undefined;
    });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toEqual(['alerts@example.com']);
    // The owner's own account is not affected.
    await signedIn(owner);
  });

  it('waits an address out after too many failures when the proxy is trusted, without holding back other addresses', async () => {
    const attacker = browser('203.0.113.77');
    for (let i = 0; i < signInLimits.addressFailures; i++) {
      expect((await attacker.json('/api/auth/sign-in', { email: `guess${i}@example.com`, password: 'wrong password here' })).status).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/sign-in', owner);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe(String(signInLimits.addressWindowMinutes * 60));
    expect(((await blocked.json()) as { error: string }).error).toBe(authMessages.tooManyAttempts(signInLimits.addressWindowMinutes));
    await signedIn(owner);
  });

  it('counts an IPv6 /64 as one address: failures from several of its addresses wait it out together', async () => {
    for (let i = 0; i < signInLimits.addressFailures; i++) {
      const answer = await browser(`2001:db8:5:5:${i + 1}::1`).json('/api/auth/sign-in', {
        email: `slash64-${i}@example.com`,
        password: 'wrong password here',
      });
      expect(answer.status, `attempt ${i + 1}`).toBe(401);
    }
    expect((await browser('2001:db8:5:5:ffff::9').post('/api/auth/sign-in', owner)).status).toBe(429);
    // "Forgot password" from the /64 held back gives the same answer, and sends nothing.
    const resets = async () => (await db.selectFrom('mail_outbox').select('id').where('kind', '=', 'password_reset').execute()).length;
    const before = await resets();
    expect((await browser('2001:db8:5:5::abc').json('/api/auth/forgot-password', { email: owner.email })).status).toBe(200);
    expect(await resets()).toBe(before);
    // Another /64 signs in as before.
    const client = browser('2001:db8:5:6::1');
    expect((await client.json('/api/auth/sign-in', owner)).status).toBe(200);
  });

  it('with TRUST_PROXY=true believes only the address the proxy appended, not a left-most entry the client chose', async () => {
    // Each request claims a new address of its own choosing; the proxy appends the real one, which is always the same.
    for (let i = 0; i <= signInLimits.addressFailures; i++) {
      const client = browser(`192.0.2.${i + 1}, 203.0.113.99`);
      const answer = await client.json('/api/auth/sign-in', { email: `rotating${i}@example.com`, password: 'wrong password here' });
      expect(answer.status, `attempt ${i + 1}`).toBe(i < signInLimits.addressFailures ? 401 : 429);
    }
    // Behind the same proxy, another client is served as before.
    await signedIn(owner);
  });

  it('counts wrong passwords typed inside a session with the sign-in failures: the account locks, even the right one then waits', async () => {
    const client = await signedIn(guesser);
    const securityEventsBefore = (await db.selectFrom('security_events').select('id').where('type', '=', 'auth_failure').execute()).length;
    const wrong = 'not the password either';
    const attempts: [string, Record<string, string>][] = [
      [adminApi.password, { currentPassword: wrong, newPassword: 'a new long passphrase here' }],
      [adminApi.twoFactor.start, { password: wrong }],
      [adminApi.twoFactor.disable, { password: wrong }],
    ];
    for (let i = 0; i < signInLimits.accountFailures; i++) {
      const [path, body] = attempts[i % attempts.length]!;
      expect((await client.json(path, body)).status, `${path}, attempt ${i + 1}`).toBe(400);
    }
    // The right password no longer helps, in the session or at sign-in from anywhere.
    const paused = await client.post(adminApi.twoFactor.start, { password: guesser.password });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await paused.json()) as { error: string }).error).toBe(authMessages.passwordAttemptsPaused(signInLimits.lockMinutes));
    expect((await client.json(adminApi.password, { currentPassword: guesser.password, newPassword: 'a new long passphrase here' })).status).toBe(429);
    expect(await browser().json('/api/auth/sign-in', guesser)).toEqual({
      status: 401,
      body: { ok: false, error: authMessages.accountPaused(signInLimits.lockMinutes) },
    });
    const events = await db.selectFrom('security_events').select(['details', 'severity']).where('type', '=', 'auth_failure').execute();
    expect(events.length - securityEventsBefore).toBeGreaterThanOrEqual(signInLimits.accountFailures + 2);
    expect(events.some((e) => e.details.startsWith(`${signInLimits.accountFailures} wrong passwords for ${guesser.email} from `))).toBe(true);
    expect(events.some((e) => e.details.endsWith(`— locked for ${signInLimits.lockMinutes} minutes`))).toBe(true);
  });

  it('refuses state-changing requests from another site', async () => {
    const client = await signedIn();
    for (const [path, body] of [
      ['/api/auth/sign-in', owner],
      [adminApi.sessions, { scope: 'others' }],
      [adminApi.lead('x'), { status: 'spam' }],
    ] as const) {
      const response = await client.post(path, body, { Origin: 'https://evil.example' });
      expect(response.status, path).toBe(403);
      const fetchSite = await client.post(path, body, { 'Sec-Fetch-Site': 'cross-site' });
      expect(fetchSite.status, path).toBe(403);
    }
  });

  it('signs out the other sessions, or one of them, and keeps this one', async () => {
    const here = await signedIn();
    const phone = await signedIn();
    const laptop = await signedIn();
    const { body } = await here.request(adminApi.sessions).then(async (r) => ({ body: (await r.json()) as { sessions: { id: string; current: boolean }[] } }));
    expect(body.sessions.filter((s) => s.current)).toHaveLength(1);
    const phoneSessions = (await (await phone.request(adminApi.sessions)).json()) as { sessions: { id: string; current: boolean }[] };
    const phoneId = phoneSessions.sessions.find((s) => s.current)!.id;
    expect((await here.json(adminApi.sessions, { scope: 'one', id: phoneId })).status).toBe(200);
    expect((await phone.request(adminApi.sessions)).status).toBe(401);
    expect((await laptop.request(adminApi.sessions)).status).toBe(200);
    expect((await here.json(adminApi.sessions, { scope: 'others' })).status).toBe(200);
    expect((await laptop.request(adminApi.sessions)).status).toBe(401);
    expect((await here.request(adminApi.sessions)).status).toBe(200);
    // Everywhere: this session too.
    const other = await signedIn();
    expect(await here.json(adminApi.sessions, { scope: 'all' })).toEqual({ status: 200, body: { ok: true, signedOut: true } });
    expect((await here.request(adminApi.sessions)).status).toBe(401);
    expect((await other.request(adminApi.sessions)).status).toBe(401);
  });

  it('enrols two-factor with a code computed from the secret, then asks for a code at sign-in; a backup code works once', async () => {
    const client = await signedIn();
    expect((await client.json(adminApi.twoFactor.start, { password: 'wrong password here' })).status).toBe(400);
    const started = await client.json(adminApi.twoFactor.start, { password: owner.password });
    expect(started.status).toBe(200);
    const secret = String(started.body.secret);
    const backupCodes = started.body.backupCodes as string[];
    expect(backupCodes).toHaveLength(10);
    expect(String(started.body.totpURI)).toMatch(/^otpauth:\/\/totp\//);
    expect((await client.json(adminApi.twoFactor.confirm, { code: '000000' === totp(secret) ? '111111' : '000000' })).status).toBe(400);
    const enrolmentCode = totp(secret);
    expect((await client.json(adminApi.twoFactor.confirm, { code: enrolmentCode })).status).toBe(200);

    // Password alone no longer signs in.
    const next = browser();
    expect(await next.json('/api/auth/sign-in', owner)).toEqual({ status: 200, body: { ok: true, twoFactor: true } });
    expect((await next.request(adminApi.sessions)).status).toBe(401);
    expect((await next.json('/api/auth/two-factor', { method: 'totp', code: totp(secret) === '123456' ? '654321' : '123456' })).status).toBe(401);
    // A code is good once: the one that confirmed enrolment is spent, still inside its window.
    expect((await next.json('/api/auth/two-factor', { method: 'totp', code: enrolmentCode })).status).toBe(401);
    // The next step's code (accepted one step early) signs in, once.
    const signInCode = totp(secret, Date.now() + 30_000);
    expect((await next.json('/api/auth/two-factor', { method: 'totp', code: signInCode })).status).toBe(200);
    expect((await next.request(adminApi.sessions)).status).toBe(200);
    const replay = browser();
    expect(await replay.json('/api/auth/sign-in', owner)).toEqual({ status: 200, body: { ok: true, twoFactor: true } });
    expect(await replay.json('/api/auth/two-factor', { method: 'totp', code: signInCode })).toEqual({
      status: 401,
      body: { ok: false, error: authMessages.invalidCode, restart: false },
    });
    expect((await replay.request(adminApi.sessions)).status).toBe(401);

    const withBackup = browser();
    await withBackup.json('/api/auth/sign-in', owner);
    expect((await withBackup.json('/api/auth/two-factor', { method: 'backup', code: backupCodes[0] })).status).toBe(200);
    const again = browser();
    await again.json('/api/auth/sign-in', owner);
    expect((await again.json('/api/auth/two-factor', { method: 'backup', code: backupCodes[0] })).status).toBe(401);
    expect((await again.json('/api/auth/two-factor', { method: 'backup', code: backupCodes[1] })).status).toBe(200);

    // Turning it off needs the password; the history lists each step.
    expect((await again.json(adminApi.twoFactor.disable, { password: 'wrong password here' })).status).toBe(400);
    expect((await again.json(adminApi.twoFactor.disable, { password: owner.password })).status).toBe(200);
    expect(await browser().json('/api/auth/sign-in', owner)).toEqual({ status: 200, body: { ok: true } });
    const types = (await db.selectFrom('account_events').select('type').execute()).map((e) => e.type);
    for (const type of ['signed_in', 'signed_out', 'two_factor_enrolled', 'two_factor_verified', 'two_factor_backup_code_used', 'two_factor_removed']) {
      expect(types, type).toContain(type);
    }
  });

  it('e-mails a single-use reset link through the outbox, answering the same for an unknown address', async () => {
    const asker = browser();
    const known = await asker.json('/api/auth/forgot-password', { email: owner.email });
    const unknown = await asker.json('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known).toEqual({
      status: 200,
      body: { ok: true, message: authMessages.resetRequested, help: authMessages.resetNoMailHelp, command: resetPasswordCommand },
    });
    expect(unknown).toEqual(known);
    const [mail] = await until(async () => {
      const mails = sink.received.filter((m) => m.to.includes(owner.email));
      return mails.length > 0 ? mails : undefined;
    });
    expect(sink.received.filter((m) => m.to.includes('nobody@example.com'))).toHaveLength(0);
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const weak = await asker.json('/api/auth/reset-password', { token, password: 'password1234' });
    expect(weak.status).toBe(400);
    const newPassword = 'a brand new long passphrase';
    expect((await asker.json('/api/auth/reset-password', { token, password: newPassword })).status).toBe(200);
    expect((await asker.json('/api/auth/reset-password', { token, password: 'yet another new passphrase' })).body).toEqual({
      ok: false,
      error: authMessages.resetInvalid,
    });
    expect((await browser().json('/api/auth/sign-in', { email: owner.email, password: owner.password })).status).toBe(401);
    expect((await browser().json('/api/auth/sign-in', { email: owner.email, password: newPassword })).status).toBe(200);
    owner.password = newPassword;
  });

  it('voids every other reset link once one is used', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const mailsBefore = sink.received.filter((m) => m.to.includes(owner.email)).length;
      expect((await browser().json('/api/auth/forgot-password', { email: owner.email })).status).toBe(200);
      const mails = await until(async () => {
        const all = sink.received.filter((m) => m.to.includes(owner.email));
        return all.length > mailsBefore ? all : undefined;
      });
      tokens.push(/reset-password\?token=([\w-]+)/.exec(mails.at(-1)!.text)![1]!);
    }
    const [older, newer] = tokens;
    const newPassword = 'the newest long passphrase';
    expect((await browser().json('/api/auth/reset-password', { token: newer, password: newPassword })).status).toBe(200);
    owner.password = newPassword;
    expect(await browser().json('/api/auth/reset-password', { token: older, password: 'an attacker chosen passphrase' })).toEqual({
      status: 400,
      body: { ok: false, error: authMessages.resetInvalid },
    });
    expect((await browser().json('/api/auth/sign-in', owner)).status).toBe(200);
  });

  it('answers "forgot password" in the same time whether or not the address has an account', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await browser().json('/api/auth/forgot-password', { email })).status).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await timed(owner.email));
      unknown.push(await timed(`nobody${i}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(signInLimits.resetRequestAnswerMs - 5);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(50);
  });

  it('changes the password and signs out every other session', async () => {
    const here = await signedIn();
    const elsewhere = await signedIn();
    expect((await here.json(adminApi.password, { currentPassword: 'wrong password here', newPassword: 'changed long passphrase' })).status).toBe(400);
    expect((await here.json(adminApi.password, { currentPassword: owner.password, newPassword: 'qwerty123456' })).status).toBe(400);
    expect((await here.json(adminApi.password, { currentPassword: owner.password, newPassword: 'changed long passphrase' })).status).toBe(200);
    owner.password = 'changed long passphrase';
    expect((await elsewhere.request(adminApi.sessions)).status).toBe(401);
    expect((await here.request(adminApi.sessions)).status).toBe(200);
  });

  it('without a trusted proxy, a claimed X-Forwarded-For does not make a new client: the socket address is limited', async () => {
    const direct = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: 'false' });
    await direct.start();
    try {
      for (let i = 0; i <= signInLimits.addressFailures; i++) {
        const client = new CookieClient(direct.base, { 'X-Forwarded-For': `192.0.2.${i + 1}` });
        const answer = await client.json('/api/auth/sign-in', { email: `spoof${i}@example.com`, password: 'wrong password here' });
        expect(answer.status, `attempt ${i + 1}`).toBe(i < signInLimits.addressFailures ? 401 : 429);
      }
    } finally {
      await direct.stop();
    }
  });
});

describe.each(databaseNames())('lead inbox on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let sink: SmtpSink;
  let site: SiteProcess;
  let client: CookieClient;

  beforeAll(async () => {
    target = await createTarget(name);
    sink = new SmtpSink(await freePort());
    // The mail server is down at first: enquiries must wait, visibly, and go out once it is back.
    expect(runAdminScript('create', owner.email, 'inbox owner long passphrase', target.url).stderr).toBe('');
    site = new SiteProcess(await freePort(), {
      DATABASE_URL: target.url,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      TRUST_PROXY: 'true',
      OUTBOX_POLL_MS: '100',
      OUTBOX_BASE_DELAY_MS: '200',
      OUTBOX_MAX_DELAY_MS: '400',
    });
    await site.start();
    ({ db } = await openDatabase(name === 'sqlite' ? target.url : process.env.TEST_DATABASE_URL, target.options));
    client = new CookieClient(site.base, { 'X-Forwarded-For': '198.51.100.200' });
    expect((await client.json('/api/auth/sign-in', { email: owner.email, password: 'inbox owner long passphrase' })).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await site?.stop();
    await sink?.stop();
    await db?.destroy();
    await target?.dispose();
  });

  /** A page's HTML without React's text separators, as a person reads it. */
  const page = async (path: string) => (await (await client.request(path)).text()).replace(/<!-- -->/g, '');
  const enquire = (subject: string, extra: Record<string, string> = {}) =>
    site.post('/api/contact', JSON.stringify({ name: 'Jane Smith', email: 'jane@example.com', subject, message: 'Please help with local SEO.', ...extra }), {
      'Content-Type': 'application/json',
      'X-Forwarded-For': nextAddress(),
    });

  it('shows an enquiry as waiting with its SMTP error while the mail server is down, then as e-mailed once it is back', async () => {
    expect((await enquire('Stuck while the server is down')).status).toBe(201);
    const waiting = await until(async () => {
      const html = await page(adminPaths.leads);
      return html.includes('last error:') ? html : undefined;
    });
    expect(waiting).toContain('Waiting to be e-mailed');
    expect(waiting).toMatch(/last error: [^<]*ECONNREFUSED/);
    const settings = await page(adminPaths.tab('settings'));
    expect(settings).toContain('1 waiting');
    await sink.start();
    const sent = await until(async () => {
      const html = await (await client.request(adminPaths.leads)).text();
      return html.includes('E-mailed') ? html : undefined;
    });
    expect(sent).not.toContain('Waiting to be e-mailed');
  });

  it('exports CSV equal to the database rows, with a BOM and formulas neutralised', async () => {
    for (const subject of ['+SUM(1,2) please', '-2+3 in total', '@cmd /c calc', 'Plain "quoted", comma']) {
      expect((await enquire(subject, { name: 'Zoë Ünal' })).status).toBe(201);
    }
    // The form's cleaning drops "=", so a row holding one is written directly: the export must be safe for any row.
    const now = Date.now();
    await db
      .insertInto('contact_messages')
      .values({
        id: 'formula-row',
        created_at: now,
        updated_at: now,
        request_type: 'general',
        name: '=cmd|"/c calc"!A1',
        email: 'x@example.com',
        subject: '=HYPERLINK("http://evil.example","click")',
        message: '=1+1',
      })
      .execute();
    const response = await client.request(adminApi.leadsCsv);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = readCsv(text);
    const [header, ...data] = rows;
    expect(header).toEqual([...leadCsvColumns]);
    const stored = await db.selectFrom('contact_messages').selectAll().orderBy('created_at').orderBy('id').execute();
    expect(data).toHaveLength(stored.length);
    const neutral = (v: string) => (/^[=+\-@]/.test(v) ? `'${v}` : v);
    data.forEach((row, i) => {
      const lead = stored[i]!;
      expect(row[0]).toBe(new Date(Number(lead.created_at)).toISOString());
      expect(row[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (GMT|BST)$/);
      expect(row.slice(2, 5)).toEqual([neutral(lead.name), neutral(lead.email), neutral(lead.subject)]);
      expect(row[6]).toBe(neutral(lead.message));
      expect(row[9]).toBe(lead.id);
    });
    // The subjects as stored (the contact form's cleaning applies first), each formula made inert.
    for (const start of ["'=HYPERLINK(", "'+SUM(", "'-2+3", "'@cmd"])
      expect(
        data.some((r) => r[4]!.startsWith(start)),
        start,
      ).toBe(true);
    expect(data.map((r) => r[2])).toContain('Zoë Ünal');
  });

  it('marks, searches and deletes enquiries', async () => {
    const { id } = (await (await enquire('Marked as a client')).json()) as { id: string };
    expect((await client.json(adminApi.lead(id), { status: 'client' })).status).toBe(200);
    expect((await client.json(adminApi.lead(id), { status: 'archived' })).status).toBe(400);
    const row = await db.selectFrom('contact_messages').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('client');
    const found = await (await client.request(`${adminPaths.leads}?q=${encodeURIComponent('marked as A CLIENT')}`)).text();
    expect(found).toContain('Marked as a client');
    expect(found).not.toContain('Stuck while the server is down');
    const wildcard = await (await client.request(`${adminPaths.leads}?q=${encodeURIComponent('%')}`)).text();
    expect(wildcard).toContain('No enquiries match.');
    const detail = await client.request(adminPaths.lead(id));
    expect(detail.status).toBe(200);
    // A browser sends its origin with a DELETE; Astro's origin check refuses one without.
    const erase = () => client.request(adminApi.lead(id), { method: 'DELETE', headers: { Origin: site.base } });
    expect((await erase()).status).toBe(200);
    expect(await db.selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await erase()).status).toBe(404);
    expect((await client.request(adminPaths.lead(id))).status).toBe(404);
  });
});
