/** The e-mail that carries a password-reset link to the owner. */
import { business } from '~/config/business';
import { resetLinkMinutes } from './options.mjs';

export function resetLinkMail(recipient: string, link: string) {
  return {
    kind: 'password_reset',
    recipient,
    subject: `${business.name} admin: choose a new password`,
    body: [
      'Someone (hopefully you) asked to reset the password of the website admin.',
      '',
      `Choose a new password here within ${resetLinkMinutes} minutes. The link works once:`,
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  } as const;
}
