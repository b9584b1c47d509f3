/**
 * `npm run watch:add` and `npm run watch:run` (scripts/watch.mjs) as the owner runs them, on SQLite and PostgreSQL: a
 * client's site added with its Search Console property, bad input and a private address refused (exit 2), then every
 * check run now, printing what it saw and exiting 1 while an alert is open.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchKindLabels } from '../../src/config/watch';
import { openDatabase } from '../../src/server/db';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';

describe.each(databaseNames())('the watch commands on %s', (name) => {
  let target: DatabaseTarget;
  // A client's site on plain HTTP: its home page answers, so the checks run and find what HTTP lacks.
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><title>Client shop</title></head><body><h1>Shop</h1></body></html>');
  });
  let origin = '';

  /** Runs scripts/watch.mjs without blocking this process, which serves the fixture meanwhile. */
  const run = (...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/watch.mjs', ...args],
        {
          encoding: 'utf8',
          timeout: 90_000,
          env: { ...process.env, DATABASE_URL: target.url, SMTP_URL: '', SITE_CHECK_ALLOW_HOSTS: new URL(origin).host, SITE_CHECK_TIMEOUT_MS: '2000' },
        },
        (error, stdout, stderr) => resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    target = await createTarget(name);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await target.dispose();
  });

  it('adds a client site with its property; refuses bad input and a private address with the reason', async () => {
    const added = await run(
      'add',
      '--url',
      origin,
      '--name',
      'Client shop',
      '--client-email',
      'owner@shop.example',
      '--search-property',
      'sc-domain:shop.example',
    );
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain(`Watching Client shop (${origin}`);
    const { db } = await openDatabase(target.url, target.options);
    try {
      const row = await db.selectFrom('watch_sites').select(['name', 'client_email', 'search_property']).where('own', '=', 0).executeTakeFirstOrThrow();
      expect(row).toEqual({ name: 'Client shop', client_email: 'owner@shop.example', search_property: 'sc-domain:shop.example' });
    } finally {
      await db.destroy();
    }

    const badProperty = await run('add', '--url', 'https://shop2.example', '--name', 'Shop 2', '--search-property', 'shop2');
    expect(badProperty.status).toBe(2);
    expect(badProperty.stderr).toMatch(/^searchProperty: Enter the property as Search Console names it/m);
    const privateAddress = await run('add', '--url', 'http://10.0.0.7/', '--name', 'Private');
    expect(privateAddress.status).toBe(2);
    expect(privateAddress.stderr).toMatch(/private address/);
    expect((await run('add', '--name', 'No address')).status).toBe(2);
    expect((await run('nonsense')).status).toBe(2);
  }, 120_000);

  it('runs every check now, prints what it saw, and exits 1 while an alert is open', async () => {
    const done = await run('run');
    expect(done.stdout).toContain('Client shop');
    expect(done.stdout).toContain(watchKindLabels.availability);
    // Plain HTTP only: the certificate check finds no HTTPS, which is an alert.
    expect(done.stdout).toMatch(/Open alerts:\n {2}- /);
    expect(done.status).toBe(1);
  }, 120_000);
});
