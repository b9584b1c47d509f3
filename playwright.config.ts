import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './scripts/browser.mjs';
import { e2eAiApiKey } from './tests/support/e2e-secrets';

// A free port chosen once in the main process; workers inherit it through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// A fake IndexNow endpoint the server submits to; the admin test reads what it received.
if (!process.env.E2E_INDEXNOW_PORT) {
  process.env.E2E_INDEXNOW_PORT = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
}
const indexNowBase = `http://127.0.0.1:${process.env.E2E_INDEXNOW_PORT}`;
// A fake OpenAI-compatible API for the AI generator; what it answers is chosen by a marker in each prompt.
if (!process.env.E2E_AI_PORT) {
  process.env.E2E_AI_PORT = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
}
const aiBase = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;
// The fixture site the site-check test serves: on loopback, so the server must be told it may check it.
if (!process.env.E2E_FIXTURE_PORT) {
  process.env.E2E_FIXTURE_PORT = execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
}
// The server's log, read at the end of the run for anything secret (tests/e2e/global-teardown.ts).
process.env.E2E_LOG_FILE ??= path.join(os.tmpdir(), `hale-e2e-${process.env.E2E_PORT}.log`);
// The free audit's fixture sites (two, so one audit's recent result never stands in for another's) and a mail server
// that keeps what it receives: the audit's report is e-mailed with its PDF.
// A client's site the watch test serves for "Check now" (its own, so no other test's fixture is checked meanwhile).
process.env.E2E_WATCH_FIXTURE_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
for (const name of ['E2E_AUDIT_FIXTURE_PORT', 'E2E_AUDIT_FIXTURE2_PORT', 'E2E_SMTP_PORT', 'E2E_SMTP_HTTP_PORT']) {
  process.env[name] ??= execFileSync(process.execPath, ['scripts/free-port.mjs']).toString();
}
const smtpSinkBase = `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}`;
// The server's database, also opened by the admin tests to create their owner accounts.
process.env.E2E_DATABASE_URL = `file:${path.join(os.tmpdir(), `hale-e2e-${process.env.E2E_PORT}.db`)}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  timeout: 60_000,
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: ensureChromium(), args: chromiumArgs },
  },
  projects: [
    { name: 'site', testIgnore: /cockpit-analytics\.spec\.ts/ },
    // Its visitors are counted: it runs after the rest, so the analytics spec's exact counts see only its own visits.
    { name: 'cockpit', testMatch: /cockpit-analytics\.spec\.ts/, dependencies: ['site'] },
  ],
  webServer: [
    {
      command: `node tests/support/fake-indexnow.mjs ${process.env.E2E_INDEXNOW_PORT}`,
      url: `${indexNowBase}/requests`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/support/fake-openai.mjs ${process.env.E2E_AI_PORT}`,
      url: `${aiBase}/requests`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/support/smtp-sink-server.mjs ${process.env.E2E_SMTP_PORT} ${process.env.E2E_SMTP_HTTP_PORT}`,
      url: `${smtpSinkBase}/messages`,
      reuseExistingServer: false,
    },
    {
      command: `node scripts/start.mjs > "${process.env.E2E_LOG_FILE}" 2>&1`,
      url: `${baseURL}/robots.txt`,
      // A database of its own per run; TRUST_PROXY lets each test act as a different client via X-Forwarded-For.
      env: {
        PORT: process.env.E2E_PORT,
        HOST: '127.0.0.1',
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        TRUST_PROXY: 'true',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        OUTBOX_POLL_MS: '200',
        INDEXNOW_KEY: 'e2e-indexnow-key',
        INDEXNOW_ENDPOINT: `${indexNowBase}/indexnow`,
        AI_BASE_URL: `${aiBase}/v1`,
        AI_MODEL: 'e2e-model',
        AI_API_KEY: e2eAiApiKey,
        AI_TIMEOUT_MS: '20000',
        SITE_CHECK_ALLOW_HOSTS: [
          process.env.E2E_FIXTURE_PORT,
          process.env.E2E_AUDIT_FIXTURE_PORT,
          process.env.E2E_AUDIT_FIXTURE2_PORT,
          process.env.E2E_WATCH_FIXTURE_PORT,
        ]
          .map((port) => `127.0.0.1:${port}`)
          .join(','),
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
