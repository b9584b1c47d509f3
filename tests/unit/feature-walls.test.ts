/**
 * Each feature is entered through its public module (issue 41, item 1): ESLint refuses, in a feature's folder, an
 * import of another feature's inner module and a query naming another feature's table; the code as it is passes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('feature walls', () => {
  it('refuses another feature’s inner module, allows its index (and public.mjs from plain JavaScript)', async () => {
    expect(await problems('src/server/features/report/x.ts', "import { percentile } from '../watch/health';\nexport { percentile };\n")).toHaveLength(1);
    expect(await problems('src/server/features/report/x.ts', "import { figures } from '~/server/features/search/view';\nexport { figures };\n")).toHaveLength(
      1,
    );
    expect(await problems('src/server/features/report/x.ts', "import { listAlerts } from '../watch';\nexport { listAlerts };\n")).toEqual([]);
    expect(
      await problems(
        'src/server/features/search/x.mjs',
        "import { watchedClientSitesInOrder } from '../watch/public.mjs';\nexport { watchedClientSitesInOrder };\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/server/features/search/x.mjs',
        "import { watchedClientSitesInOrder } from '../watch/client-sites.mjs';\nexport { watchedClientSitesInOrder };\n",
      ),
    ).toHaveLength(1);
    // Its own inner modules, and the layers below, are its to use.
    expect(
      await problems(
        'src/server/features/report/x.ts',
        "import { monthPeriod } from './period';\nimport { lease } from '../../platform/lease.mjs';\nexport { monthPeriod, lease };\n",
      ),
    ).toEqual([]);
  });

  it('refuses a query that names another feature’s table, in Kysely or in sql``', async () => {
    const read = (table: string) => `export const q = (db: any) => db.selectFrom('${table}').selectAll().execute();\n`;
    expect(await problems('src/server/features/report/x.ts', read('watch_results'))).toHaveLength(1);
    expect(await problems('src/server/features/report/x.ts', read('search_daily as d'))).toHaveLength(1);
    expect(await problems('src/server/features/search/x.mjs', read('watch_sites'))).toHaveLength(1);
    expect(await problems('src/server/features/watch/x.ts', read('contact_messages'))).toHaveLength(1);
    expect(await problems('src/server/features/watch/x.ts', read('watch_results'))).toEqual([]);
    expect(await problems('src/server/features/report/x.ts', read('reports'))).toEqual([]);
    const raw = "import { sql } from 'kysely';\nexport const q = sql`select count(*) from analytics_visits`;\n";
    expect(await problems('src/server/features/search/x.ts', raw)).toHaveLength(1);
  });

  it('finds no feature reading another’s tables or inner modules as the code stands', async () => {
    const results = await eslint.lintFiles(['src/server/features/**/*.{ts,mjs}']);
    const walls = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
        .map((m) => `${r.filePath.replace(process.cwd(), '')}:${m.line} ${m.message}`),
    );
    expect(walls).toEqual([]);
  }, 120_000);
});
