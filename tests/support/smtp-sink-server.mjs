// The e2e server's mail server: an SMTP sink on loopback (`node tests/support/smtp-sink-server.mjs SMTP_PORT HTTP_PORT`)
// that keeps every message; `GET /messages` on the HTTP port lists them ({ to, raw }), so a browser test can check
// what the site e-mailed (the free audit's PDF report).
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
/** @type {{ to: string[], raw: string }[]} */
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    res.writeHead(req.url === '/messages' ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(req.url === '/messages' ? JSON.stringify(messages) : '{}');
  })
  .listen(httpPort, '127.0.0.1');
