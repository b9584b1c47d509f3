/**
 * The owner's cockpit, trusted after a week of use (issue 25): the contact limit per sender with a cap per address and
 * refused enquiries kept for a call back, searches that ignore accents, e-mail delivery that never shows a past
 * "next try", the security log in sentences with address, e-mail tried and alert state, sign-in warnings only when a
 * pause is near, one field for either kind of two-factor code, new backup codes, and "forgot password" without e-mail.
 * In process, against SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, resetPasswordCommand, signInLimits } from '../../src/config/admin';
import { business } from '../../src/config/business';
import { contactLimits } from '../../src/config/contact';
import { securitySentences } from '../../src/config/security-log';
import { backupCodes } from '../../src/config/two-factor.mjs';
import { readTwoFactorCode } from '../../src/lib/admin-forms';
import type { Caller } from '../../src/server/api/caller';
import { type Db, type DbKind, openDatabase } from '../../src/server/db';
import { createAdminAuth } from '../../src/server/features/auth/admin-auth';
import { recordFailure } from '../../src/server/features/auth/throttle';
import { handleContact } from '../../src/server/features/contact/endpoint';
import { getLead, leadQueryFromParams, listLeads } from '../../src/server/features/contact/inbox';
import { acceptSubmission, deleteExpiredLeadData } from '../../src/server/features/contact/leads';
import { alertRule, deleteOldSecurityEvents, recordSecurityEvent, refusedEnquiryCount } from '../../src/server/features/security/events';
import { listSecurityEvents } from '../../src/server/features/security/log';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import type { ServerConfig } from '../../src/server/platform/server-config';
import { runAdminScript } from '../support/admin-account';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { totp } from '../support/totp';

const notify = 'owner@example.com';
const day = 86_400_000;

describe.each(databaseNames())('the cockpit on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let kind: DbKind;
  let addressCounter = 0;
  const nextAddress = () => `203.0.113.${++addressCounter}`;
  const enquiry = (email: string, extra: Partial<Record<'name' | 'subject' | 'message', string>> = {}) => ({
    name: 'Jane Smith',
    email,
    subject: 'Local SEO for my bakery',
    message: 'Please help with local SEO for my bakery.',
    ...extra,
  });

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db, kind } = await openDatabase(name === 'sqlite' ? target.url : process.env.TEST_DATABASE_URL, target.options));
    await migrateToLatest(db, kind);
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  describe('the contact limit', () => {
    const deps = () => ({
      db,
      kind,
      config: { contactTo: notify } as ServerConfig,
      clientHashSecret: 'test-secret',
      kickOutbox: () => {},
    });
    const post = (address: string, fields: Record<string, string>) => handleContact(deps(), fields, { client: address, userAgent: null, wantsHtml: false });

    it('lets different people on one address through, up to the address cap, and keeps each sender to their own limit', async () => {
      const office = nextAddress();
      for (let i = 0; i < contactLimits.maxSubmissions; i++) expect((await post(office, enquiry('repeat@example.com'))).status).toBe(201);
      const again = await post(office, enquiry('repeat@example.com'));
      expect(again.status).toBe(429);
      // A colleague on the same address is not refused for the first one's messages.
      for (let i = contactLimits.maxSubmissions; i < contactLimits.maxPerAddress; i++) {
        expect((await post(office, enquiry(`colleague${i}@example.com`))).status, `sender ${i + 1}`).toBe(201);
      }
      // A flood of new addresses from one client is still refused at the cap.
      const flood = await post(office, enquiry('flood@example.com', { name: 'Flo Ood' }));
      expect(flood.status).toBe(429);
      const refused = await listSecurityEvents(db, { type: 'enquiry_refused' });
      const mine = refused.events.filter((e) => e.address === office);
      expect(mine.map((e) => [e.nameTried, e.emailTried])).toEqual([
        ['Flo Ood', 'flood@example.com'],
        ['Jane Smith', 'repeat@example.com'],
      ]);
      expect(mine[0]!.details).toBe(
        securitySentences.enquiryRefused('Flo Ood', 'flood@example.com', office, 'address', contactLimits.maxPerAddress, contactLimits.windowMinutes),
      );
      expect(mine[1]!.details).toBe(
        securitySentences.enquiryRefused('Jane Smith', 'repeat@example.com', office, 'sender', contactLimits.maxSubmissions, contactLimits.windowMinutes),
      );
      expect(await refusedEnquiryCount(db, Date.now() - day)).toBeGreaterThanOrEqual(2);
    });

    it('holds the address cap under concurrent senders', async () => {
      const clientHash = `concurrent-${Math.random()}`;
      const now = Date.now();
      const results = await Promise.all(
        Array.from({ length: contactLimits.maxPerAddress + 5 }, (_, i) =>
          acceptSubmission(db, kind, { clientHash, data: enquiry(`person${i}@example.com`), requestType: 'general', notify, now }),
        ),
      );
      expect(results.filter((r) => r.accepted)).toHaveLength(contactLimits.maxPerAddress);
      expect(results.filter((r) => !r.accepted).every((r) => !r.accepted && r.reason === 'address')).toBe(true);
    });

    it('keeps refused enquiries as long as enquiries, past the security log retention', async () => {
      const now = Date.now();
      const old = now - 100 * day;
      const security = { db, alertTo: notify, now: () => old };
      await recordSecurityEvent(security, 'enquiry_refused', 'kept with the enquiries', null, { emailTried: 'kept@example.com', nameTried: 'Kept' });
      await recordSecurityEvent(security, 'validation_error', 'an old plain event', null);
      await deleteOldSecurityEvents(db, 90, now);
      const left = await db.selectFrom('security_events').select('details').where('created_at', '=', old).execute();
      expect(left.map((e) => e.details)).toEqual(['kept with the enquiries']);
      const cutoff = new Date(now);
      cutoff.setUTCMonth(cutoff.getUTCMonth() - business.retention.enquiryMonths);
      await recordSecurityEvent({ db, alertTo: notify, now: () => cutoff.getTime() - day }, 'enquiry_refused', 'past the enquiries period', null);
      await deleteExpiredLeadData(db, now);
      const details = (await db.selectFrom('security_events').select('details').execute()).map((e) => e.details);
      expect(details).toContain('kept with the enquiries');
      expect(details).not.toContain('past the enquiries period');
    });
  });

  describe('the inbox', () => {
    it('finds enquiries whatever their accents or case, and says when e-mail is not set up or when it will next try', async () => {
      const now = Date.now();
      const accepted = await acceptSubmission(db, kind, {
        clientHash: `inbox-${Math.random()}`,
        data: enquiry('zoe@example.com', { name: 'Zoë Ünal', subject: 'Café rebrand' }),
        requestType: 'general',
        notify,
        now,
      });
      if (!accepted.accepted) throw new Error('not accepted');
      const configured = { configured: true, now };
      for (const search of ['zoe', 'ZOË', 'unal', 'CAFE', 'café'])
        expect(
          (await listLeads(db, { search }, configured)).leads.map((l) => l.id),
          search,
        ).toContain(accepted.id);
      expect((await listLeads(db, { search: 'zoey' }, configured)).leads.map((l) => l.id)).not.toContain(accepted.id);

      // Its e-mail is due in the past (the worker has not been round): the next try is now, never a past time.
      await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: now - 60 * 60_000 })
        .where('message_id', '=', accepted.id)
        .execute();
      const waiting = (await getLead(db, accepted.id, configured))!.delivery;
      expect(waiting.state).toBe('waiting');
      expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual(now);
      await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: now + 5 * 60_000 })
        .where('message_id', '=', accepted.id)
        .execute();
      expect((await getLead(db, accepted.id, configured))!.delivery.nextAttemptAt).toBe(now + 5 * 60_000);
      expect((await getLead(db, accepted.id, { configured: false, now }))!.delivery).toMatchObject({ state: 'not-set-up', nextAttemptAt: null });
    });
  });

  describe('the security log', () => {
    it('says whether an alert e-mail reported each event, and who it was about', async () => {
      const now = Date.now() + 365 * day;
      const security = { db, alertTo: notify, now: () => now };
      for (let i = 0; i < alertRule.count; i++) {
        await recordSecurityEvent(security, 'auth_failure', `burst ${i}`, null, { address: '81.2.69.160', emailTried: 'you@example.com' });
      }
      await recordSecurityEvent(security, 'validation_error', 'not alarming', null);
      const { events } = await listSecurityEvents(db, { limit: 4 });
      const byDetails = Object.fromEntries(events.map((e) => [e.details, e]));
      expect(byDetails['burst 0']).toMatchObject({ alert: 'pending', address: '81.2.69.160', emailTried: 'you@example.com' });
      expect(byDetails['burst 2']!.alert).toBe('pending');
      expect(byDetails['not alarming']!.alert).toBe('none');
      await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: now }).where('kind', '=', 'alert').execute();
      expect((await listSecurityEvents(db, { limit: 4 })).events.find((e) => e.details === 'burst 1')!.alert).toBe('sent');
    });

    it('reads any ?page= of the inbox and the log as a page that exists (a fraction or a huge number failed in the database)', async () => {
      const mail = { configured: true, now: Date.now() };
      for (const page of [1.5, 2.5, Number.NaN, -3, 0, 1e300, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2]) {
        for (const listed of [await listLeads(db, { page, limit: 1 }, mail), await listSecurityEvents(db, { page, limit: 1 })]) {
          expect(Number.isSafeInteger(listed.page), String(page)).toBe(true);
          expect(listed.page, String(page)).toBeGreaterThanOrEqual(1);
          expect(listed.page, String(page)).toBeLessThanOrEqual(listed.pages);
        }
      }
      // The inbox reads the address as its page and the CSV do.
      expect(leadQueryFromParams(new URLSearchParams('page=2.5')).page).toBe(2);
    });

    it('counts failures towards the nearest pause', async () => {
      const keys = { address: `address-${Math.random()}`, account: `account-${Math.random()}` };
      const outcomes = [];
      for (let i = 0; i < signInLimits.accountFailures; i++) outcomes.push(await recordFailure(db, keys));
      expect(outcomes.map((o) => o.triesLeft)).toEqual(Array.from({ length: signInLimits.accountFailures }, (_, i) => signInLimits.accountFailures - i - 1));
      expect(outcomes.map((o) => o.locked)).toEqual([...Array(signInLimits.accountFailures - 1).fill(false), true]);
      expect(outcomes.at(-1)!.pauseMinutes).toBe(signInLimits.lockMinutes);
    });
  });

  describe('sign-in, two-factor and the password reset', () => {
    const email = `cockpit-${name}@example.com`;
    const password = 'a cockpit long passphrase';
    const makeAuth = async (mailConfigured: boolean) => {
      const secret = (await db.selectFrom('settings').select('value').where('key', '=', 'auth_secret').executeTakeFirstOrThrow()).value;
      return createAdminAuth({
        db,
        kind,
        secret,
        siteUrl: 'http://127.0.0.1',
        appName: 'test',
        idleMinutes: 60,
        maxSessionHours: 12,
        clientHashSecret: 'test-secret',
        alertTo: notify,
        mailConfigured,
        sendResetLink: async () => {},
      });
    };
    /** A browser: its address, and the cookies the answers set. */
    const browser = (address = nextAddress()) => {
      const jar = new Map<string, string>();
      const caller = (): Caller => ({
        headers: new Headers({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': address }),
        address,
        userAgent: 'test',
        secure: false,
      });
      const keep = (cookies: string[]) => {
        for (const cookie of cookies) {
          const [pair] = cookie.split(';');
          const at = pair!.indexOf('=');
          const value = pair!.slice(at + 1);
          if (value === '' || /Max-Age=0/.test(cookie)) jar.delete(pair!.slice(0, at));
          else jar.set(pair!.slice(0, at), value);
        }
      };
      return { caller, keep, address };
    };

    beforeAll(() => {
      expect(runAdminScript('create', email, password, target.url).stderr).toBe('');
    }, 30_000);

    it('says nothing of pauses until two tries are left, then how many, then that the pause has begun', async () => {
      const auth = await makeAuth(true);
      const guessed = `guessed-${name}@example.com`;
      const client = browser();
      const warnings: unknown[] = [];
      for (let i = 0; i < signInLimits.accountFailures; i++) {
        const answer = await auth.signIn(client.caller(), guessed, `wrong password ${i}`);
        expect(answer.status).toBe(401);
        expect(answer.body.error).toBe(authMessages.invalidCredentials);
        warnings.push(answer.body.warning);
      }
      expect(warnings).toEqual([
        ...Array(signInLimits.accountFailures - signInLimits.warnWhenTriesLeft - 1).fill(undefined),
        authMessages.triesLeft(2, signInLimits.lockMinutes),
        authMessages.triesLeft(1, signInLimits.lockMinutes),
        authMessages.nowPaused(signInLimits.lockMinutes),
      ]);
      expect(authMessages.invalidCredentials).not.toMatch(/lock|pause/i);
      const events = await db.selectFrom('security_events').select(['details', 'address', 'email_tried']).where('email_tried', '=', guessed).execute();
      expect(events.map((e) => e.details)).toContain(
        securitySentences.wrongPasswords(signInLimits.accountFailures, guessed, client.address, signInLimits.lockMinutes),
      );
      expect(events.map((e) => e.details)).toContain(securitySentences.wrongPasswords(3, guessed, client.address, null));
      expect(events.every((e) => e.address === client.address)).toBe(true);
      // While the lock lasts, the answer says so, even from another address.
      expect((await auth.signIn(browser().caller(), guessed, 'whatever is typed')).body).toEqual({
        ok: false,
        error: authMessages.accountPaused(signInLimits.lockMinutes),
      });
    });

    it('answers "forgot password" the same for any address, with the server command when no e-mail comes', async () => {
      const withMail = await makeAuth(true);
      const known = await withMail.requestReset(browser().caller(), email);
      const unknown = await withMail.requestReset(browser().caller(), 'nobody@example.com');
      expect(known.body).toEqual({ ok: true, message: authMessages.resetRequested, help: authMessages.resetNoMailHelp, command: resetPasswordCommand });
      expect(unknown.body).toEqual(known.body);
      const withoutMail = await makeAuth(false);
      const noMail = await withoutMail.requestReset(browser().caller(), email);
      expect(noMail.body).toEqual({ ok: true, message: authMessages.resetMailNotSetUp, command: resetPasswordCommand });
      expect((await withoutMail.requestReset(browser().caller(), 'nobody@example.com')).body).toEqual(noMail.body);
    });

    it('takes either kind of code in one field, backup codes in any case and spacing; new backup codes void the old', async () => {
      const auth = await makeAuth(true);
      const owner = browser();
      const signedIn = await auth.signIn(owner.caller(), email, password);
      expect(signedIn.status).toBe(200);
      owner.keep(signedIn.cookies);
      const session = async () => (await auth.currentSession(owner.caller()))!.session;
      const started = await auth.startTwoFactor(owner.caller(), await session(), password);
      expect(started.status).toBe(200);
      owner.keep(started.cookies);
      const secret = String(started.body.secret);
      const codes = started.body.backupCodes as string[];
      const shape = new RegExp(`^[${backupCodes.alphabet}]{5}-[${backupCodes.alphabet}]{5}$`);
      expect(codes).toHaveLength(backupCodes.count);
      for (const code of codes) expect(code).toMatch(shape);
      const confirmed = await auth.confirmTwoFactor(owner.caller(), await session(), totp(secret));
      expect(confirmed.status).toBe(200);
      // Turning it on renews the session (better-auth): the browser keeps the new cookie.
      owner.keep(confirmed.cookies);

      const withCode = async (typed: string) => {
        const client = browser();
        const first = await auth.signIn(client.caller(), email, password);
        expect(first.body).toEqual({ ok: true, twoFactor: true });
        client.keep(first.cookies);
        return auth.verifyCode(client.caller(), readTwoFactorCode(typed)!);
      };
      // The app's code with a space in it, then a backup code typed in lower case without its dash.
      expect((await withCode(totp(secret, Date.now() + 30_000).replace(/^(\d{3})/, '$1 '))).status).toBe(200);
      expect((await withCode(codes[0]!.replace('-', '').toLowerCase())).status).toBe(200);
      expect((await withCode(codes[0]!)).status).toBe(401);

      const wrong = await auth.regenerateBackupCodes(owner.caller(), await session(), 'not the password at all');
      expect(wrong.status).toBe(400);
      const renewed = await auth.regenerateBackupCodes(owner.caller(), await session(), password);
      expect(renewed.status).toBe(200);
      const fresh = renewed.body.backupCodes as string[];
      expect(fresh).toHaveLength(backupCodes.count);
      expect(fresh).not.toContain(codes[1]);
      expect((await withCode(codes[1]!)).status).toBe(401);
      expect((await withCode(` ${fresh[0]!.slice(0, 3)} ${fresh[0]!.slice(3)} `)).status).toBe(200);
      const types = (await db.selectFrom('account_events').select('type').execute()).map((e) => e.type);
      expect(types).toContain('backup_codes_regenerated');
    });
  });
});
