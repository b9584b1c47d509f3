/** SMTP delivery for the outbox (nodemailer). */
import os from 'node:os';
import nodemailer from 'nodemailer';
import type { SendMail } from './outbox';

export function createSmtpSender(smtpUrl: string, from: string): SendMail {
  const transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? os.hostname();
  return async (mail) => {
    await transport.sendMail({
      from,
      to: mail.to,
      ...(mail.replyTo && { replyTo: mail.replyTo }),
      subject: mail.subject,
      text: mail.text,
      ...(mail.attachments.length > 0 && {
        attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
      }),
      // A stable Message-ID per outbox row lets mail systems recognise a repeat if a send is ever retried.
      messageId: `<${mail.id}@${domain}>`,
    });
  };
}
