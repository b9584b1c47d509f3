// @ts-check
// The project's migrations in the order they apply, one file each (named, not found by reading the folder, so the
// bundled server and the plain-Node scripts load the same list; a unit test checks every file here is listed).
// Never edit a released one: add a file and list it last. Only forward: no migration has a down step.
import * as m0001 from './0001_leads_outbox_security.mjs';
import * as m0002 from './0002_auth_secret.mjs';
import * as m0003 from './0003_admin.mjs';
import * as m0004 from './0004_indexnow.mjs';
import * as m0005 from './0005_ai_generations.mjs';
import * as m0006 from './0006_site_checks.mjs';
import * as m0007 from './0007_analytics.mjs';
import * as m0008 from './0008_audits.mjs';
import * as m0009 from './0009_posts.mjs';
import * as m0010 from './0010_cockpit_trust.mjs';
import * as m0011 from './0011_analytics_cockpit.mjs';
import * as m0012 from './0012_audit_queue.mjs';
import * as m0013 from './0013_analytics_goals_once.mjs';
import * as m0014 from './0014_lab_runs_out.mjs';
import * as m0015 from './0015_indexnow_key.mjs';
import * as m0016 from './0016_audit_report_tokens.mjs';
import * as m0017 from './0017_search_data.mjs';
import * as m0018 from './0018_watch.mjs';
import * as m0019 from './0019_reports.mjs';
import * as m0020 from './0020_search_staging_key.mjs';
import * as m0021 from './0021_watch_alert_mails.mjs';
import * as m0022 from './0022_watch_alert_handling.mjs';
import * as m0023 from './0023_report_site_contacts.mjs';
import * as m0024 from './0024_one_site_id.mjs';

/** @type {Record<string, import('kysely').Migration>} */
export const migrations = {
  '0001_leads_outbox_security': m0001,
  '0002_auth_secret': m0002,
  '0003_admin': m0003,
  '0004_indexnow': m0004,
  '0005_ai_generations': m0005,
  '0006_site_checks': m0006,
  '0007_analytics': m0007,
  '0008_audits': m0008,
  '0009_posts': m0009,
  '0010_cockpit_trust': m0010,
  '0011_analytics_cockpit': m0011,
  '0012_audit_queue': m0012,
  '0013_analytics_goals_once': m0013,
  '0014_lab_runs_out': m0014,
  '0015_indexnow_key': m0015,
  '0016_audit_report_tokens': m0016,
  '0017_search_data': m0017,
  '0018_watch': m0018,
  '0019_reports': m0019,
  '0020_search_staging_key': m0020,
  '0021_watch_alert_mails': m0021,
  '0022_watch_alert_handling': m0022,
  '0023_report_site_contacts': m0023,
  '0024_one_site_id': m0024,
};
