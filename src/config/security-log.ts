/**
 * The security log in plain sentences: each event is written by the code that records it, with who it was about
 * (address, e-mail address tried), so the owner reads what happened instead of an event code. Shared by the server,
 * which records them, and the tests, which expect them.
 */
import { plural } from '../lib/plural.mjs';

const lockText = (minutes: number) => ` — locked for ${plural(minutes, 'minute')}`;

export const securitySentences = {
  wrongPasswords: (failures: number, email: string, address: string, lockedMinutes: number | null) =>
    `${plural(failures, 'wrong password', 'wrong passwords')} for ${email} from ${address}${lockedMinutes ? lockText(lockedMinutes) : ''}`,
  wrongCodes: (failures: number, kind: 'two-factor code' | 'backup code' | 'reused two-factor code', address: string, lockedMinutes: number | null) =>
    `${plural(failures, `wrong ${kind}`, `wrong ${kind}s`)} in a row at sign-in from ${address}${lockedMinutes ? lockText(lockedMinutes) : ''}`,
  sessionWrongPassword: (failures: number, action: string, email: string, address: string, lockedMinutes: number | null) =>
    `${plural(failures, 'wrong password', 'wrong passwords')} for ${email} from ${address} while ${action}${lockedMinutes ? lockText(lockedMinutes) : ''}`,
  sessionPaused: (action: string, email: string, address: string) =>
    `${action} refused for ${email} from ${address}: the account is paused after wrong passwords`,
  lockedAttempt: (email: string, address: string) => `Sign-in to ${email} from ${address} refused: the account is locked after wrong passwords`,
  addressWaiting: (address: string, minutes: number) => `Too many failed sign-ins from ${address}: it waits ${plural(minutes, 'minute')}`,
  enquiryRefused: (name: string, email: string, address: string, reason: 'sender' | 'address', limit: number, windowMinutes: number) =>
    `Enquiry from ${name} (${email}) refused: ${
      reason === 'sender' ? `this sender already sent ${limit}` : `${address} already sent ${limit} from different people`
    } in ${windowMinutes} minutes. Call or e-mail them back.`,
} as const;

/** What the log says about the alert e-mail for an event. */
export const alertLabels = { none: 'No alert e-mail', pending: 'Alert e-mail waiting to go', sent: 'Alert e-mailed' } as const;
export type AlertState = keyof typeof alertLabels;
