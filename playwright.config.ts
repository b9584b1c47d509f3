import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './scripts/browser.mjs';

// A free port chosen once in the main process; workers inherit it through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: ensureChromium(), args: chromiumArgs },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/robots.txt`,
    env: { PORT: process.env.E2E_PORT, HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
