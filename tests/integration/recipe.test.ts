/**
 * The production recipe in deploy/: its systemd units say what the recipe promises and systemd reads them without a
 * complaint; its environment file is the one generated from the settings; the Caddyfile it writes for a domain is valid
 * Caddy configuration; and the app runs as a user who may write nowhere but its data directory.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipe, recipeEnvFile } from '../../scripts/recipe.mjs';
import { recipeDrainMs } from '../../src/server/platform/http/caddyfile.mjs';
import { settingDefinitions, settings as readSettings } from '../../src/config/settings.mjs';
import { ensureCaddy, ensureSystemdAnalyze } from '../../scripts/browser.mjs';
import { freePort } from '../support/server';
import { until } from '../support/until';

/** A unit file's keys (the last value of each, as systemd reads repeated keys for these). */
function unit(file: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const line of readFileSync(path.join('deploy', file), 'utf8').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) keys[match[1]!] = match[2]!;
  }
  return keys;
}

describe('the production recipe (deploy/)', () => {
  const units = ['hale-digital@.service', 'hale-digital-backup.service', 'hale-digital-backup.timer'];

  it('runs the app under systemd as its own user, restarted always, hardened, writing only its data directory', () => {
    const app = unit('hale-digital@.service');
    expect(app).toMatchObject({
      User: recipe.user,
      Group: recipe.user,
      WorkingDirectory: recipe.appDir,
      EnvironmentFile: recipe.envFile,
      ExecStart: '/usr/bin/env PORT=%i node scripts/start.mjs',
      Restart: 'always',
      NoNewPrivileges: 'true',
      ProtectSystem: 'strict',
      ProtectHome: 'true',
      PrivateTmp: 'true',
      KillSignal: 'SIGTERM',
      StateDirectory: path.basename(recipe.dataDir),
    });
    expect(path.dirname(recipe.dataDir)).toBe('/var/lib');
    expect(app.ReadWritePaths).toBeUndefined();
    // The database lives in the data directory.
    expect(recipe.settings.DATABASE_URL.startsWith(`file:${recipe.dataDir}/`)).toBe(true);
    // systemd waits for the drain and the graceful stop before it kills.
    expect(Number(app.TimeoutStopSec) * 1000).toBeGreaterThan(recipeDrainMs + readSettings().shutdownTimeoutMs);
  });

  it('backs the database up every night, keeping a count, into the data directory', () => {
    const backup = unit('hale-digital-backup.service');
    expect(backup).toMatchObject({ Type: 'oneshot', User: recipe.user, EnvironmentFile: recipe.envFile, StateDirectory: path.basename(recipe.dataDir) });
    expect(backup.ExecStart).toMatch(new RegExp(`^/usr/bin/env node scripts/db-backup\\.mjs --dir ${recipe.dataDir}/backups --keep \\d+$`));
    const timer = unit('hale-digital-backup.timer');
    expect(timer.OnCalendar).toMatch(/^\*-\*-\* \d\d:\d\d:\d\d$/);
    expect(timer.Persistent).toBe('true');
  });

  it('has units systemd reads without a complaint', () => {
    ensureSystemdAnalyze();
    const result = spawnSync('systemd-analyze', ['verify', ...units.map((file) => path.join('deploy', file))], { encoding: 'utf8' });
    // Only the recipe's own paths are missing on this machine (no /srv/hale-digital, no user "hale").
    const complaints = result.stderr
      .split('\n')
      .filter(Boolean)
      .filter((line) => !line.includes(recipe.appDir) && !/user|group/i.test(line));
    expect(complaints).toEqual([]);
  });

  it('names every setting in its environment file, generated from the settings module', () => {
    const text = readFileSync('deploy/hale-digital.env', 'utf8');
    expect(text, 'run "npm run settings:table"').toBe(recipeEnvFile());
    for (const [name, definition] of Object.entries(settingDefinitions)) {
      if (definition.when === 'test') continue;
      expect(text, name).toMatch(new RegExp(`^#?${name}=`, 'm'));
    }
    for (const [name, value] of Object.entries(recipe.settings)) expect(text).toContain(`\n${name}=${value}\n`);
  });

  it('writes a valid Caddyfile for a domain: certificates, HTTP/3, the other host redirected, the built files and the app', () => {
    expect(existsSync('dist/caddy/static.caddy'), 'run "npm run build" first').toBe(true);
    ensureCaddy();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-recipe-'));
    try {
      const file = path.join(dir, 'Caddyfile');
      execFileSync(process.execPath, ['scripts/deploy-caddyfile.mjs', '--out', file, '--email', 'owner@example.co.uk'], {
        env: { ...process.env, SITE_URL: 'https://www.example.co.uk', PORT: String(recipe.port) },
      });
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('protocols h1 h2 h3');
      expect(text).toContain('email owner@example.co.uk');
      expect(text).toMatch(/https:\/\/example\.co\.uk \{\n\tredir https:\/\/www\.example\.co\.uk\{uri\} permanent/);
      expect(text).toContain(`import ${path.resolve('dist/caddy/static.caddy')}`);
      expect(text).toMatch(new RegExp(`reverse_proxy 127\\.0\\.0\\.1:${recipe.port} \\{[^}]*health_uri /api/health`));
      const validated = spawnSync('caddy', ['validate', '--config', file, '--adapter', 'caddyfile'], {
        encoding: 'utf8',
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      });
      expect(validated.stderr + validated.stdout).toContain('Valid configuration');
      expect(validated.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it.runIf(process.getuid?.() === 0)(
    'runs as a user who may write nothing but its data directory, and takes an enquiry',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hale-data-'));
      const nobody = { uid: 65534, gid: 65534 };
      chownSync(dataDir, nobody.uid, nobody.gid);
      chmodSync(dataDir, 0o750);
      const port = await freePort();
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        ...nobody,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${dataDir}/site.db`, SMTP_URL: '', TRUST_PROXY: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      try {
        await until(async () => (output.includes('Site listening') ? true : child.exitCode !== null ? Promise.reject(new Error(output)) : undefined), 30_000);
        // The project's own files are not writable to this user (they belong to root).
        expect(spawnSync('test', ['-w', 'dist/client/index.html'], { ...nobody }).status).not.toBe(0);
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/`)).status).toBe(200);
        const sent = await fetch(`${base}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' },
          body: JSON.stringify({ name: 'Robin Shaw', email: 'robin@example.com', subject: 'A new site', message: 'Please call me about a website.' }),
        });
        expect(sent.status).toBe(201);
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect(output).not.toMatch(/EACCES|EROFS|permission denied/i);
    },
    60_000,
  );
});
