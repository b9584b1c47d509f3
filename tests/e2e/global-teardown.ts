/**
 * After the whole browser suite: the server's log of the run (every request of every test) holds no password,
 * session cookie, reset token, API key or enquiry text. A failure here fails the run.
 */
import { readFileSync } from 'node:fs';
import { e2eAiApiKey } from '../support/e2e-secrets';
import { ownerPassword } from '../support/e2e-admin-session';
import { enquiryText } from '../support/e2e-contact-form';

export default function checkServerLog() {
  const file = process.env.E2E_LOG_FILE!;
  const log = readFileSync(file, 'utf8');
  const requestLines = log.split('\n').filter((line) => line.startsWith('{') && line.includes('"msg":"request"'));
  // Not a vacuous pass: the log is the run's, one line per request.
  if (requestLines.length === 0) throw new Error(`The server log ${file} has no request lines.`);
  const forbidden: [string, RegExp][] = [
    ['the owner’s password', new RegExp(ownerPassword)],
    ['a wrong password typed in a test', /not the right password/],
    ['an enquiry’s text', new RegExp(enquiryText.replace('.', '\\.'))],
    ['a session cookie', /session_token/i],
    ['a cookie header', /"cookie"|set-cookie/i],
    ['a reset or query token', /[?&]token=/],
    ['the AI API key', new RegExp(e2eAiApiKey)],
  ];
  const found = forbidden.filter(([, pattern]) => pattern.test(log)).map(([what]) => what);
  if (found.length > 0) throw new Error(`The server log ${file} contains ${found.join(', ')}.`);
  console.log(`Server log checked: ${requestLines.length} request lines, no password, cookie, token, API key or enquiry text.`);
}
