/** The owner's admin: its addresses, tabs, sign-in limits and messages, shared by pages, endpoints and tests. */
import { plural } from '../lib/plural.mjs';
import { type PostAction, postPaths } from './posts';
import type { ReportAction } from './report';
import { ukTimeZone } from './time-zone.mjs';

/** The admin's pages. Its API is `adminApi` below: the two are the admin's permalinks, for pages, endpoints and tests. */
export const adminPaths = {
  home: '/admin',
  signIn: '/admin/sign-in',
  /** Where signing out lands: the sign-in page saying so. */
  signedOut: '/admin/sign-in?signed-out=1',
  forgotPassword: '/admin/forgot-password',
  resetPassword: '/admin/reset-password',
  leads: '/admin/leads',
  lead: (id: string) => `/admin/leads/${encodeURIComponent(id)}`,
  security: '/admin/security',
  /** The security log showing only enquiries the contact form's limit refused. */
  refusedEnquiries: '/admin/security?show=refused',
  tab: (tab: AdminTab) => (tab === 'overview' ? '/admin' : `/admin?tab=${tab}`),
} as const;

/**
 * Every address of the admin's API (the routes under src/pages/api/admin, and signing out), in one place: the admin's
 * components read and write through these, and the routes' tests call them.
 */
export const adminApi = {
  signOut: '/api/auth/sign-out',
  leadsCsv: '/api/admin/leads.csv',
  lead: (id: string) => `/api/admin/leads/${encodeURIComponent(id)}`,
  password: '/api/admin/password',
  sessions: '/api/admin/sessions',
  twoFactor: {
    start: '/api/admin/two-factor/start',
    confirm: '/api/admin/two-factor/confirm',
    disable: '/api/admin/two-factor/disable',
    backupCodes: '/api/admin/two-factor/backup-codes',
  },
  indexNow: '/api/admin/indexnow',
  indexNowUrl: '/api/admin/indexnow/url',
  indexNowSwitch: '/api/admin/indexnow/switch',
  aiGenerate: '/api/admin/ai/generate',
  aiHistory: '/api/admin/ai/history',
  aiGeneration: (id: string) => `/api/admin/ai/history/${encodeURIComponent(id)}`,
  siteChecks: '/api/admin/sitecheck',
  siteCheck: (id: string) => `/api/admin/sitecheck/${encodeURIComponent(id)}`,
  siteCheckCancel: (id: string) => `/api/admin/sitecheck/${encodeURIComponent(id)}/cancel`,
  siteCheckReport: (id: string, format: 'csv' | 'json') => `/api/admin/sitecheck/${encodeURIComponent(id)}/report.${format}`,
  audits: '/api/admin/audits',
  analyticsTrend: (path: string) => `/api/admin/analytics/trend?path=${encodeURIComponent(path)}`,
  /** The Overview's figures for a period and filter, given as URL parameters (src/lib/analytics-query.ts). */
  analyticsView: (params: string) => `/api/admin/analytics/view?${params}`,
  analyticsNow: '/api/admin/analytics/now',
  weeklySummary: '/api/admin/weekly-summary',
  searchOverview: (params: string) => `/api/admin/search/overview?${params}`,
  searchList: (params: string) => `/api/admin/search/list?${params}`,
  searchListCsv: (params: string) => `/api/admin/search/list.csv?${params}`,
  searchNewLost: (params: string) => `/api/admin/search/new-lost?${params}`,
  searchDetail: (params: string) => `/api/admin/search/detail?${params}`,
  searchOpportunities: (params: string) => `/api/admin/search/opportunities?${params}`,
  searchTopQueries: (params: string) => `/api/admin/search/top-queries?${params}`,
  searchStatus: '/api/admin/search/status',
  searchSync: '/api/admin/search/sync',
  searchImport: '/api/admin/search/import',
  searchProperties: (params: string) => `/api/admin/search/properties?${params}`,
  dashboardTab: (tab: AdminTab) => `/api/admin/dashboard?tab=${tab}`,
  /** Posts written in the admin: the list and new posts, one post, its publish/unpublish/restore, the preview, covers. */
  posts: '/api/admin/posts',
  post: (id: string) => `/api/admin/posts/${encodeURIComponent(id)}`,
  postAction: (id: string, action: PostAction) => `/api/admin/posts/${encodeURIComponent(id)}/${action}`,
  postRender: '/api/admin/posts/render',
  postCover: '/api/admin/posts/cover',
  /** Watched sites (docs/watch.md): the list and new sites, one site, its erasure, the alerts, the quiet hours. */
  watch: {
    sites: '/api/admin/watch/sites',
    site: (id: string) => `/api/admin/watch/sites/${encodeURIComponent(id)}`,
    siteErase: (id: string) => `/api/admin/watch/sites/${encodeURIComponent(id)}/erase`,
    siteCheck: (id: string) => `/api/admin/watch/sites/${encodeURIComponent(id)}/check`,
    siteHistory: (id: string, period: string) => `/api/admin/watch/sites/${encodeURIComponent(id)}/history?period=${encodeURIComponent(period)}`,
    alerts: '/api/admin/watch/alerts',
    alert: (id: string) => `/api/admin/watch/alerts/${encodeURIComponent(id)}`,
    quietHours: '/api/admin/watch/quiet-hours',
  },
  /** Client reports (docs/reports.md): the list, one report, its PDF, approve/send, its links, automatic sending. */
  reports: {
    list: '/api/admin/reports',
    one: (id: string) => `/api/admin/reports/${encodeURIComponent(id)}`,
    pdf: (id: string) => `/api/admin/reports/${encodeURIComponent(id)}/pdf`,
    action: (id: string, action: ReportAction) => `/api/admin/reports/${encodeURIComponent(id)}/${action}`,
    link: (id: string, token: string) => `/api/admin/reports/${encodeURIComponent(id)}/links/${encodeURIComponent(token)}`,
    autoSend: '/api/admin/reports/auto-send',
    /** A site's contact, recipients and the parts of the report its client gets. */
    siteSettings: '/api/admin/reports/site-settings',
    /** Prepares last month's drafts now, rather than at the schedule's next pass. */
    prepare: '/api/admin/reports/prepare',
  },
} as const;

/** Pages under /admin that are reachable without a session. */
export const publicAdminPaths: readonly string[] = [adminPaths.signIn, adminPaths.forgotPassword, adminPaths.resetPassword];

/** The spec's five tabs, Search (issue 32), the watched sites' two (docs/watch.md) and Reports (docs/reports.md), in order; the first is the default. */
export const adminTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'ai-tools', label: 'AI tools' },
  { id: 'testing', label: 'Testing' },
  { id: 'performance', label: 'Performance' },
  { id: 'search', label: 'Search' },
  { id: 'sites', label: 'Sites' },
  { id: 'alerts', label: 'Alerts' },
  { id: 'reports', label: 'Reports' },
  { id: 'settings', label: 'Settings' },
] as const;
export type AdminTab = (typeof adminTabs)[number]['id'];

/** The admin's pages outside the dashboard, each a destination of the admin's navigation. */
export const adminPages = [
  { id: 'leads', label: 'Enquiries', href: adminPaths.leads },
  { id: 'posts', label: 'Posts', href: postPaths.list },
  { id: 'security', label: 'Security log', href: adminPaths.security },
] as const;
export type AdminPage = (typeof adminPages)[number]['id'];
/** Where the owner can be in the admin: a dashboard tab or one of its pages. */
export type AdminPlace = AdminTab | AdminPage;

/**
 * The admin's navigation (issue 40): the twelve destinations in the groups an owner thinks in, so a phone shows one
 * menu and every page is two taps away. A group's dashboard tabs are its tablist, in this order.
 */
export const adminGroups = [
  { id: 'site', label: 'This site', places: ['overview', 'performance', 'testing'] },
  { id: 'search', label: 'Search', places: ['search'] },
  { id: 'clients', label: 'Clients', places: ['sites', 'alerts', 'reports', 'leads'] },
  { id: 'content', label: 'Content', places: ['ai-tools', 'posts'] },
  { id: 'settings', label: 'Settings', places: ['settings', 'security'] },
] as const satisfies readonly { id: string; label: string; places: readonly AdminPlace[] }[];
export type AdminGroup = (typeof adminGroups)[number];

/** A destination's label and address. */
export function adminPlace(id: AdminPlace): { id: AdminPlace; label: string; href: string } {
  const page = adminPages.find((p) => p.id === id);
  if (page) return page;
  const tab = adminTabs.find((t) => t.id === id)!;
  return { id, label: tab.label, href: adminPaths.tab(tab.id) };
}

/** The group a destination is in. */
export function groupOf(id: AdminPlace): AdminGroup {
  return adminGroups.find((g) => (g.places as readonly AdminPlace[]).includes(id))!;
}

/** The dashboard's heading for a tab: its group's name, or the tab's own where it is its group's only tab. */
export function dashboardTitle(tab: AdminTab): string {
  const group = groupOf(tab);
  return groupTabs(group).length > 1 ? group.label : adminPlace(tab).label;
}

/** A group's dashboard tabs, in the group's order. */
export function groupTabs(group: AdminGroup): (typeof adminTabs)[number][] {
  return group.places.flatMap((id) => adminTabs.filter((t) => t.id === id));
}

export function parseTab(value: string | null | undefined): AdminTab {
  return adminTabs.find((t) => t.id === value)?.id ?? 'overview';
}

/**
 * Sign-in limits. Per address: failed attempts (password or code) in the window, then a wait. Per account: five
 * failures in fifteen minutes lock it for fifteen minutes, whoever is trying.
 */
export const signInLimits = {
  addressFailures: 10,
  addressWindowMinutes: 15,
  accountFailures: 5,
  accountWindowMinutes: 15,
  lockMinutes: 15,
  /** A wrong password says how many tries are left once this few remain before a pause (never sooner). */
  warnWhenTriesLeft: 2,
  /**
   * "Forgot password" answers no sooner than this, whether or not the address has an account, so the time taken
   * does not tell (the work for a real account — a token, an e-mail queued — takes a few milliseconds more).
   */
  resetRequestAnswerMs: 600,
} as const;

/** The server command that resets the owner's password without e-mail (README, docs and the forgot-password answer). */
export const resetPasswordCommand = 'npm run admin:reset-password -- --email YOUR-ADDRESS';

export const authMessages = {
  /**
   * One message for a wrong e-mail and a wrong password, so an unknown address is not told apart. It says nothing of
   * locks: those are mentioned only once one is near (triesLeft, nowPaused, accountPaused).
   */
  invalidCredentials: 'The e-mail address or password is not right. Please try again.',
  /**
   * While an account is locked, whatever is typed: any address typed locks the same way (known or not), so saying so
   * tells nothing about which accounts exist, and the owner is not told a right password is wrong.
   */
  accountPaused: (minutes: number) => `Sign-in with this e-mail address is paused after wrong passwords. Please try again in ${plural(minutes, 'minute')}.`,
  invalidCode: 'That code is not right. Please try again.',
  /** Added to a refusal once a pause is near (signInLimits.warnWhenTriesLeft). */
  triesLeft: (tries: number, minutes: number) => `${plural(tries, 'try', 'tries')} left before a ${minutes}-minute pause.`,
  nowPaused: (minutes: number) => `Sign-in is now paused for ${plural(minutes, 'minute')}.`,
  tooManyAttempts: (minutes: number) => `Too many attempts from this connection. Please try again in ${plural(minutes, 'minute')}.`,
  resetRequested: 'If that address belongs to the account, a link to choose a new password is on its way. It works once, within 30 minutes.',
  /** Said with every answer to "forgot password" (the same whether or not the account exists). */
  resetNoMailHelp: 'No e-mail after a few minutes? Check the spam folder, or reset the password on the server with this command:',
  /** Without a mail server no link can be sent, whoever asks: say so, and what to do instead. */
  resetMailNotSetUp: "E-mail isn't set up on this site (SMTP_URL), so no link can be sent. Reset the password on the server with this command:",
  resetInvalid: 'This link has expired or has already been used. Ask for a new one.',
  resetDone: 'Your password has been changed. Please sign in.',
  signedOut: 'You have signed out.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  twoFactorExpired: 'The sign-in took too long. Please enter your e-mail address and password again.',
  wrongPassword: 'That password is not right.',
  /** A signed-in session that keeps getting the password wrong locks the account like failed sign-ins do. */
  passwordAttemptsPaused: (minutes: number) => `Too many wrong passwords: password and two-factor changes are paused for ${plural(minutes, 'minute')}.`,
  unavailable: 'The admin is unavailable just now (the database did not answer). Please try again in a minute.',
} as const;

/** What the owner can mark an enquiry as; `new` is where every enquiry starts. */
export const leadStatuses = ['new', 'replied', 'client', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = { new: 'New', replied: 'Replied', client: 'Client', spam: 'Spam' };

/** The owner's clock: times in the admin, and the export's local-time column. */
export const ownerTimeZone = ukTimeZone;

/** How an enquiry's e-mail to the owner stands, in words (the admin and the CSV export). */
export const deliveryLabels = {
  sent: 'E-mailed',
  none: 'No e-mail',
  waiting: 'Waiting to be e-mailed',
  'not-set-up': "Not e-mailed — e-mail isn't set up (SMTP_URL)",
} as const;

/** The enquiries export's columns: the time received as ISO 8601 (UTC) and as the owner's clock shows it. */
export const leadCsvColumns = [
  'Received (ISO 8601, UTC)',
  `Received (${ownerTimeZone} time)`,
  'Name',
  'E-mail',
  'Subject',
  'Request',
  'Message',
  'Status',
  'E-mail delivery',
  'Reference',
] as const;

export const adminPageSize = 50;

/**
 * What the Testing tab says about a run. How far it went (pages) and what it found (errors, warnings) are told in
 * sentences of their own; they are not one list of numbers.
 */
export const siteCheckText = {
  firstRun: 'This is the first finished run of this check (same address and page limit), so there is nothing to compare with.',
  checked: (pages: number) => `${plural(pages, 'page', 'pages')} checked.`,
  found: (errors: number, warnings: number) =>
    errors + warnings === 0 ? 'No errors or warnings.' : `Found ${plural(errors, 'error', 'errors')} and ${plural(warnings, 'warning', 'warnings')}.`,
  compared: (pages: number, added: number, fixed: number) =>
    `on the ${plural(pages, 'page', 'pages')} both runs checked: ${plural(added, 'new finding', 'new findings')}, ${plural(fixed, 'fixed', 'fixed')}.`,
};

/** Why IndexNow is off, and how to switch it on, in the owner's words (the command line names the settings). */
export const indexNowOffText = {
  'no-key': {
    reason: 'Search engines are not told about changed pages, because IndexNow is switched off.',
    howTo: 'To switch it on, use “Turn IndexNow on” below: the site then publishes its key, submits its pages at once, and changed pages on every start.',
  },
  'not-https': {
    reason: 'Only the live site submits to search engines, and this copy’s address is not a secure (https) one.',
    howTo: 'It switches on by itself on the live site, whose address in the settings (SITE_URL) starts with https://.',
  },
  'not-public': {
    reason: 'Only the live site submits to search engines, and this copy runs on a private or local address.',
    howTo: 'It switches on by itself on the live site, whose public address is set in the settings (SITE_URL).',
  },
} as const;
export type IndexNowOffKind = keyof typeof indexNowOffText;

/**
 * The warning when the site runs with another SITE_URL than it was built with: the server's log at start and the
 * admin's Overview and Settings say the same words until a new build makes them agree.
 */
export function siteUrlMismatchText({ built, running }: { built: string; running: string }): string {
  return (
    `This site was built for ${built} but runs with SITE_URL=${running}: its pages' canonical links and structured data ` +
    `name ${built}, while the sitemap, the feed and IndexNow name ${running}, so search engines get two addresses. ` +
    'Run `npm run build` with the SITE_URL you mean, then restart the site.'
  );
}

/** The IndexNow switch in Settings: its buttons, and what it says when the server's settings decide instead. */
export const indexNowSwitchText = {
  turnOn: 'Turn IndexNow on',
  turnOff: 'Turn IndexNow off',
  switchedOn: 'IndexNow switched on',
  switchedOff: 'IndexNow switched off',
  admin: 'Switched on here. Turned off, nothing more is submitted and the key file is taken down.',
  off: 'Switched off: nothing is submitted and no key file is published.',
  server:
    'Set on the server: its settings file has an IndexNow key (the line INDEXNOW_KEY=), which wins over this switch. To switch IndexNow off, remove that line and restart the site.',
} as const;
