/**
 * `npm run serve:proxied -- --instances 2`: two app processes behind Caddy's load balancer on one database. Stopping one
 * while enquiries and page requests keep coming loses no request (it drains first: its health check fails, Caddy moves
 * the traffic), and every enquiry answered 201 is in the database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { until } from '../support/until';

interface Answer {
  status: number;
  body: string;
}

describe.each(databaseNames())('serve:proxied --instances 2 on %s', (name) => {
  let child: ChildProcess;
  let target: DatabaseTarget;
  let origin = '';
  let agent: https.Agent;
  let output = '';
  let errors = '';

  const request = (pathname: string, method = 'GET', body?: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve) => {
      const req = https.request(`${origin}${pathname}`, { method, agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      // A connection that fails counts as a lost request (status 0).
      req.on('error', () => resolve({ status: 0, body: '' }));
      req.end(body);
    });

  beforeAll(async () => {
    expect(existsSync('dist/caddy/static.caddy'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    child = spawn(process.execPath, ['scripts/serve-proxied.mjs', '--instances', '2', '--trusted-proxies', '127.0.0.1/32'], {
      env: { ...process.env, DATABASE_URL: target.url, SMTP_URL: '' },
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
    origin = await until(async () => {
      if (child.exitCode !== null) throw new Error(`serve:proxied exited: ${errors}`);
      return /^https:\/\/127\.0\.0\.1:\d+$/m.exec(output)?.[0];
    }, 90_000);
    // Printed on stderr just after the address on stdout: two pipes, so it may arrive a moment later.
    const rootCertificate = await until(async () => /Caddy's root certificate: (\S+)\)/.exec(errors)?.[1], 10_000);
    agent = new https.Agent({ keepAlive: true, maxSockets: 16, ca: readFileSync(rootCertificate) });
  }, 120_000);

  afterAll(async () => {
    agent?.destroy();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await target?.dispose();
  });

  it('keeps serving while one instance stops mid-load: no request lost, every enquiry answered 201 stored', async () => {
    const pids = [...errors.matchAll(/App instance: pid (\d+)/g)].map((match) => Number(match[1]));
    expect(pids).toHaveLength(2);
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let sent = 0;
    // Requests go on until two seconds after the stopped instance has exited.
    let endAt = Infinity;
    const client = async (n: number) => {
      while (Date.now() < endAt) {
        const i = sent++;
        if (n % 2 === 0) {
          const answer = await request(
            '/api/contact',
            'POST',
            JSON.stringify({
              name: 'Load Test',
              email: `load${i}@example.com`,
              subject: 'Two instances',
              message: 'An enquiry sent while one instance stops.',
            }),
            // Each enquiry from its own address (Caddy keeps what the trusted client says), so no limit is measured.
            { 'Content-Type': 'application/json', Origin: origin, 'X-Forwarded-For': `198.51.${Math.floor(i / 250) % 250}.${(i % 250) + 1}` },
          );
          statuses.push(answer.status);
          if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
        } else {
          // A request the app answers itself (its canonical redirect): the health check is not one (503 while draining).
          statuses.push((await request('/about/')).status);
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    // Both instances take enquiries before one is stopped.
    await until(async () => {
      const served = new Set(
        errors
          .split('\n')
          .filter((line) => line.startsWith('{') && line.includes('"path":"/api/contact"') && line.includes('"status":201'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      return pids.every((pid) => served.has(pid)) ? true : undefined;
    }, 30_000);
    process.kill(pids[0]!, 'SIGTERM');
    await until(async () => (errors.includes(`App instance ${pids[0]} stopped (exit 0)`) ? true : undefined), 30_000);
    endAt = Date.now() + 2_000;
    await Promise.all(clients);

    const failed = statuses.filter((status) => status !== 201 && status !== 301);
    expect(failed, `answers other than 201/301 among ${statuses.length}`).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    const { db } = await openDatabase(target.url, target.options);
    const stored = new Set((await db.selectFrom('contact_messages').select('id').execute()).map((row) => row.id));
    await db.destroy();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // The other instance is still serving.
    expect((await request('/api/health')).status).toBe(200);
  }, 120_000);
});
