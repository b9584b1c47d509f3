import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingsTable } from '../../scripts/settings-docs.mjs';
import { loadSettings, SettingsError, settingDefinitions } from '../../src/config/settings.mjs';

describe('settings', () => {
  it('the configuration table in docs/configuration.md is the one generated from the settings module', () => {
    const readme = readFileSync('docs/configuration.md', 'utf8');
    const table = /<!-- settings:start -->\n([\s\S]*?)\n<!-- settings:end -->/.exec(readme)?.[1];
    expect(table, 'run npm run settings:table').toBe(settingsTable());
  });

  it('no code outside the settings module reads process.env', async () => {
    const { execFileSync } = await import('node:child_process');
    const hits = execFileSync('git', ['grep', '-n', 'process\\.env\\b', '--', 'src', 'scripts', 'astro.config.mjs'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      // settings.mjs reads it; scripts may pass the environment on to a child process unread.
      .filter((line) => !/^src\/config\/settings\.mjs:|env: (\{ \.\.\.)?process\.env\b/.test(line));
    expect(hits).toEqual([]);
  });

  it('defaults suit an embedded install', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({ host: '127.0.0.1', trustProxy: 0, databaseUrl: undefined, smtpUrl: undefined, databasePoolSize: 10 });
    expect(settings.siteUrl).toMatch(/^https:\/\//);
  });

  it('treats an empty variable as unset', () => {
    expect(loadSettings({ SMTP_URL: '', PORT: '' })).toMatchObject({ smtpUrl: undefined, port: undefined });
  });

  it('reports every invalid variable at once, by name, without printing secrets', () => {
    try {
      loadSettings({ PORT: '70000', DATABASE_URL: 'mysql://user:hunter2@db/x', SMTP_URL: 'nonsense', TRUST_PROXY: 'maybe', SITE_URL: 'ftp://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SettingsError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY', 'SITE_URL']) expect(message).toContain(name);
      expect(message).not.toContain('hunter2');
      expect((error as SettingsError).problems).toHaveLength(5);
    }
  });

  it('accepts each kind of database URL', () => {
    for (const url of ['postgres://u@127.0.0.1:5432/db', 'postgresql://h/db', 'file:data/x.db', 'data/site.db', '/var/lib/site.db']) {
      expect(loadSettings({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it('reads a setting of a group into its place and names its variable when it is wrong', () => {
    expect(loadSettings({ OUTBOX_POLL_MS: '50', AI_MODEL: 'llama3.1:8b' })).toMatchObject({
      outbox: { pollMs: 50 },
      ai: { model: 'llama3.1:8b', apiKey: undefined },
    });
    expect(() => loadSettings({ AI_TIMEOUT_MS: '5' })).toThrow('AI_TIMEOUT_MS="5": must be at least 1000');
    try {
      loadSettings({ AI_API_KEY: '', INDEXNOW_KEY: 'short', SITE_CHECK_ALLOW_HOSTS: '127.0.0.1:8081,nonsense' });
      expect.unreachable();
    } catch (error) {
      expect((error as SettingsError).problems).toEqual([
        'INDEXNOW_KEY="short": must be 8 to 128 characters, each a-z, A-Z, 0-9 or -',
        'SITE_CHECK_ALLOW_HOSTS="127.0.0.1:8081,nonsense": must list host:port pairs, e.g. 127.0.0.1:8081,[::1]:8443',
      ]);
    }
  });

  it('documents every setting with a meaning', () => {
    for (const [name, definition] of Object.entries(settingDefinitions)) expect(definition.meaning.length, name).toBeGreaterThan(10);
  });
});
