/** Runs `npm run admin:*` as the owner would, the password on standard input, against one database. */
import { spawnSync } from 'node:child_process';

export function runAdminScript(command: 'create' | 'reset-password', email: string, password: string, databaseUrl: string | undefined) {
  return spawnSync(process.execPath, ['scripts/admin.mjs', command, '--email', email], {
    input: `${password}\n`,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 30_000,
  });
}
