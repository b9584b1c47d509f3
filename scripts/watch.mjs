#!/usr/bin/env node
// Watching sites from the command line (the server's TypeScript loaded with jiti, as `npm run report` and the benches do):
//   npm run watch:add -- --url URL --name NAME [--client-email E] [--copy-client] [--search-property P]
//   npm run watch:run
// `watch:add` adds a client's site (through the same address guard as the admin). `watch:run` runs every check of
// every watched site now, raises and closes alerts as the schedule would (their e-mails go through the outbox: sent
// now when SMTP_URL is set, otherwise by the server), and prints what it saw and what changed. Exits 1 when an
// alert is open after the run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createJiti } from 'jiti';
import { projectRoot, settingsOrExit } from './cli.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';

const jiti = createJiti(import.meta.url, { alias: { '~': path.join(projectRoot, 'src') } });
const { readServerConfig } = await jiti.import('../src/server/platform/server-config.ts');
const { createSmtpSender } = await jiti.import('../src/server/platform/mailer.ts');
const { deliverDue } = await jiti.import('../src/server/platform/outbox.ts');
const { watchCommands, watchKindLabels } = await jiti.import('../src/config/watch.ts');
const { changeLine } = await jiti.import('../src/server/features/watch/alerts.ts');
const { runDueChecks } = await jiti.import('../src/server/features/watch/scheduler.ts');
const { watchSiteForm } = await jiti.import('../src/server/features/watch/schema.ts');
const { deliverAlertWebhooks, watchDepsFrom } = await jiti.import('../src/server/features/watch/service.ts');
const { addSite, WatchInputError } = await jiti.import('../src/server/features/watch/sites.ts');

const [command, ...rest] = process.argv.slice(2);
const settings = settingsOrExit();
const config = readServerConfig(settings);

function usage() {
  console.error(`Usage: ${watchCommands.add}\n       ${watchCommands.run}`);
  process.exit(2);
}

const { db, kind } = await openDatabase(settings.databaseUrl);
let exitCode = 0;
try {
  await migrateToLatest(db, kind);
  const deps = watchDepsFrom(
    db,
    settings,
    config.contactTo,
    undefined,
    fileURLToPath(new URL('../src/server/features/sitecheck/check-process.mjs', import.meta.url)),
  );
  if (command === 'add') {
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: {
          url: { type: 'string' },
          name: { type: 'string' },
          'client-email': { type: 'string' },
          'copy-client': { type: 'boolean', default: false },
          'search-property': { type: 'string' },
        },
      }));
    } catch {
      usage();
    }
    const form = watchSiteForm.safeParse({
      url: values.url ?? '',
      name: values.name ?? '',
      clientEmail: values['client-email'] ?? '',
      copyClient: values['copy-client'],
      searchProperty: values['search-property'] ?? '',
    });
    if (!form.success) {
      for (const issue of form.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
      exitCode = 2;
    } else {
      try {
        const site = await addSite(db, form.data, deps.reach.addressPolicy);
        console.log(`Watching ${site.name} (${site.url}). Its first checks run at the server's next look, or now with ${watchCommands.run}.`);
      } catch (error) {
        if (!(error instanceof WatchInputError)) throw error;
        console.error(error.message);
        exitCode = 2;
      }
    }
  } else if (command === 'run') {
    const runs = await runDueChecks(deps, { force: true });
    console.table(
      runs.map((run) => ({
        site: run.site.name,
        check: watchKindLabels[run.kind],
        // A check that found something wrong is not ok, even though it could look (a crawl that opened an alert).
        ok: run.outcome.ok && run.outcome.problems.length === 0 ? 'yes' : 'no',
        seen: run.outcome.summary.slice(0, 120),
      })),
    );
    const changes = runs.flatMap((run) => run.changes);
    if (changes.length === 0) console.log('No alert opened or closed.');
    // Each change with its lines: every page a crawl alert names.
    for (const change of changes) console.log(changeLine(change, { withDetail: true }));
    // Delivered now when mail is set up (the running server's outbox would take them otherwise; never both).
    if (settings.smtpUrl) {
      const mail = await deliverDue(db, createSmtpSender(settings.smtpUrl, config.mailFrom), config.outbox);
      if (mail.sent + mail.failed > 0) console.log(`E-mail: ${mail.sent} sent, ${mail.failed} to be tried again by the server.`);
    }
    if (settings.watch.webhookUrl) await deliverAlertWebhooks(db, config.outbox);
    const open = await db.selectFrom('watch_alerts').select(['title']).where('open_key', 'is not', null).execute();
    console.log(open.length === 0 ? 'No open alerts.' : `Open alerts:\n${open.map((a) => `  - ${a.title}`).join('\n')}`);
    exitCode = open.length > 0 ? 1 : 0;
  } else usage();
} finally {
  await db.destroy();
}
process.exit(exitCode);
