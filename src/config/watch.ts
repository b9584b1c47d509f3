/**
 * Watching sites (docs/watch.md): the kinds of check, how often each runs by default, and the thresholds that raise
 * an alert. The one place these live: the server's checks, the admin's views and the tests read them from here.
 */

/** Every kind of check; the last three read this site's own data and run for this site only. */
export const watchKinds = ['availability', 'certificate', 'crawl', 'vitals', 'traffic', 'enquiries'] as const;
export type WatchKind = (typeof watchKinds)[number];

/** The kinds a client's site gets (the others need this site's own analytics and enquiries). */
export const clientKinds: readonly WatchKind[] = ['availability', 'certificate', 'crawl'];

export const watchKindLabels: Record<WatchKind, string> = {
  availability: 'Availability',
  certificate: 'HTTPS certificate',
  crawl: 'Crawl and changes',
  vitals: 'Core Web Vitals',
  traffic: 'Visitors',
  enquiries: 'Enquiries',
};

export const watchDefaults = {
  /** A crawl a day, up to this many pages. */
  crawlEveryHours: 24,
  crawlMaxPages: 100,
  /** A crawl still running after this is ended (a small business's 100 pages take a minute or two). */
  crawlDeadlineMinutes: 10,
  /** Checks run at once, each of its own site and kind, so one slow site's crawl holds up no other site's checks. */
  checksAtOnce: 3,
  availabilityEveryMinutes: 5,
  /** The certificate, the vitals, the visitors and the enquiries are looked at this often. */
  certificateEveryMinutes: 60,
  ownDataEveryMinutes: 15,
  /** A check holds its lease this long, renewed while it runs; a process that dies lets it go after this. */
  leaseMs: 60_000,
  /** A check's results are kept this long (uptime is shown over 90 days). */
  resultsKeptDays: 100,
  /** Availability: the home page must answer within this (SITE_CHECK_TIMEOUT_MS is the longest wait for any answer). */
  slowMs: 5000,
} as const;

export const watchThresholds = {
  /** The certificate: a warning this many days before it lapses, an urgent alert at the second. */
  certificateWarnDays: 14,
  certificateUrgentDays: 3,
  /** Real-user vitals: the last day and today against the 7 days before, each with at least this many samples. */
  vitalsRecentDays: 2,
  vitalsBaselineDays: 7,
  vitalsMinSamples: 30,
  /** Visitors so far today against the same hours of the same weekday in the weeks before. */
  trafficWeeks: 4,
  /** The usual must be at least this many visitors for a drop to mean anything. */
  trafficMinUsual: 20,
  /** Far below: under this share of the usual; far above: over this many times the usual. */
  trafficLowRatio: 0.3,
  trafficHighRatio: 3,
  /** Enquiries: the longest usual gap between two (over the last 180 days), times this, with at least 5 enquiries. */
  enquiriesWindowDays: 180,
  enquiriesMinCount: 5,
  enquiriesGapFactor: 1.5,
  /** A quiet spell shorter than this is never "longer than usual". */
  enquiriesMinGapDays: 3,
} as const;

/** Limits on what the owner types for a site. */
export const watchSiteBounds = {
  nameMax: 80,
  crawlEveryHoursMin: 1,
  crawlEveryHoursMax: 24 * 7,
  availabilityEveryMinutesMin: 1,
  availabilityEveryMinutesMax: 24 * 60,
} as const;

/** The admin's views and endpoints for watching. */
export const watchPaths = {
  sitesTab: '/admin?tab=sites',
  alertsTab: '/admin?tab=alerts',
} as const;

/** The command-line scripts, as docs and messages name them. */
export const watchCommands = {
  add: 'npm run watch:add -- --url URL --name NAME [--client-email E] [--copy-client] [--search-property P]',
  run: 'npm run watch:run',
} as const;

/**
 * Quiet hours set in the admin (Sites tab), kept in the `settings` table under this key as "22:00-07:00"; none by
 * default. WATCH_QUIET_HOURS, where the server sets it, wins.
 */
export const watchQuietHours = {
  settingKey: 'watch_quiet_hours',
  title: 'Quiet hours',
  explain:
    'Alerts that are not urgent, and their recoveries, are held during these hours (UK time) and sent when they end; cleared, what they hold is sent at once. A site down or a certificate about to lapse is sent at once.',
  none: 'None: every alert is sent at once.',
  admin: (from: string, to: string) => `From ${from} to ${to}, UK time, set here.`,
  server: (from: string, to: string) =>
    `From ${from} to ${to}, UK time, set on the server: its settings file has the line WATCH_QUIET_HOURS=, which wins over this page. To change them here, remove that line and restart the site.`,
  saved: 'Quiet hours saved',
  cleared: 'Quiet hours cleared',
  sameTimes: 'Quiet hours must start and end at different times.',
} as const;

/**
 * How a crawl alert reads (e-mail, webhook, Alerts and `watch:run` alike: crawl.ts `crawlAlertLines` makes the lines
 * and their count once): one line per change, each naming its page (its path on the site).
 */
export const crawlAlertText = {
  /** @param path the page's path on the site, or its address elsewhere */
  onPage: (path: string, text: string) => `${path}: ${text}`,
  /** Links (or assets) to one broken address, grouped: one line whatever the number of pages. */
  linkedFrom: (pages: number, firstPage: string, target: string, answer: string) =>
    pages === 1 ? `${firstPage} links to ${target}, which answers ${answer}.` : `${pages} pages link to ${target}, which answers ${answer}.`,
  loadedBy: (pages: number, firstPage: string, target: string, answer: string) =>
    pages === 1 ? `${firstPage} loads ${target}, which answers ${answer}.` : `${pages} pages load ${target}, which answers ${answer}.`,
  title: (count: number, host: string) => `${count} new ${count === 1 ? 'problem' : 'problems'} on ${host} since the last crawl`,
  newsTitle: (count: number, host: string) => `${count} more new ${count === 1 ? 'problem' : 'problems'} on ${host} since the last crawl`,
} as const;

/** The words of alert messages that several places share (alerts.ts). */
export const watchAlertText = {
  lasted: (minutes: number) => (minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} hours`),
  /** A problem that came and went while quiet hours held its alert: the one message about it. */
  heldThrough: (lasted: string) => `Seen and resolved during quiet hours (it lasted ${lasted}); this is the only message about it.`,
  /** A webhook's recovery: how long the problem lasted, as the e-mail says. */
  recovered: (since: string, lasted: string) => `Resolved: no longer seen. Open since ${since}, for ${lasted}.`,
  /** The Alerts view: an alert whose messages quiet hours hold. */
  held: (until: string) => `Held by quiet hours: its message is sent at ${until} (UK time)`,
} as const;

/**
 * The uptime a site's card shows: over 30 and 90 days once its checks go back that far; before, since its first check
 * (with how many), so ten minutes of checks never read as "100 % over 90 days". `day` writes a time in UK words.
 */
export function uptimeText(
  health: { uptime30: number | null; uptime90: number | null; firstCheckAt: number | null; checks30: number },
  now: number,
  day: (at: number) => string,
): string {
  const percent = (share: number | null) => (share === null ? 'no checks yet' : `${(share * 100).toFixed(share === 1 ? 0 : 2)} %`);
  if (health.uptime90 === null || health.firstCheckAt === null) return 'no checks yet';
  const dayMs = 86_400_000;
  if (health.firstCheckAt > now - 30 * dayMs)
    return `${percent(health.uptime90)} since ${day(health.firstCheckAt)} (${health.checks30} ${health.checks30 === 1 ? 'check' : 'checks'})`;
  if (health.firstCheckAt > now - 90 * dayMs) return `${percent(health.uptime30)} over 30 days · ${percent(health.uptime90)} since ${day(health.firstCheckAt)}`;
  return `${percent(health.uptime30)} over 30 days · ${percent(health.uptime90)} over 90 days`;
}

/**
 * "Check now" on a site's card (Sites tab): its availability and certificate checked at once, through the scheduler's
 * own path. One at a time per site, and at most once in this many minutes per site.
 */
export const watchCheckNow = {
  kinds: ['availability', 'certificate'] as const,
  everyMinutes: 1,
  button: 'Check now',
  busy: 'Checking…',
  done: (name: string) => `${name} checked`,
  running: (name: string) => `${name} is being checked now; its result shows here when the check ends.`,
  tooSoon: (name: string, minutes: number) =>
    `${name} was checked less than a minute ago; check it again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  nothing: (name: string) => `${name} has its availability and certificate checks switched off: there is nothing to check now.`,
} as const;

/**
 * A reminder while an availability alert stays open and the owner has neither acknowledged nor muted it: the first
 * this long after it opened, then once every `thenEveryHours`. Held by quiet hours like any message that is not urgent.
 */
export const watchReminders = {
  kinds: ['availability'] as const,
  firstAfterMinutes: 60,
  thenEveryHours: 24,
  /** The subject's and the webhook's title. @param lasted how long, in words (watchAlertText.lasted) */
  subject: (site: string, title: string, lasted: string) => `Still open after ${lasted}: ${site}: ${title}`,
  /** The first line: how long it has lasted; a site down says so. */
  lead: (down: boolean, host: string, lasted: string) => (down ? `${host} has been down for ${lasted}.` : `Still seen after ${lasted}.`),
  /** Why the owner gets it, and how to stop it. */
  footer: (every: number) => `You will be reminded every ${every} hours while it lasts. Acknowledge or mute it in Alerts to stop the reminders.`,
} as const;

/** Acknowledging or muting one open alert (Alerts tab), with a note. */
export const watchAlertHandling = {
  noteMax: 500,
  states: {
    acknowledged: { action: 'Acknowledge', badge: 'Acknowledged', done: 'Alert acknowledged', explain: 'Seen: it stays open and raises no reminder.' },
    muted: { action: 'Mute', badge: 'Muted', done: 'Alert muted', explain: 'No messages about it until it closes.' },
  },
  undo: 'Undo',
  undone: 'Alert back to normal: reminders and messages as usual',
  noteLabel: 'Note (optional)',
  /** "Acknowledged by owner@… on 27 Nov, 23:40 (UK time)" */
  by: (state: string, who: string, when: string) => `${state} by ${who} on ${when} (UK time)`,
  closed: 'That alert is resolved already: there is nothing to acknowledge or mute.',
  notFound: 'That alert is not there (its site may have been erased).',
} as const;

/**
 * A site's response time and incidents (Sites tab), from its stored availability checks: over the last 24 hours in
 * hourly slots, or the last 7 days in six-hour slots. An incident is a run of checks that found the site not answering.
 */
export const watchHistoryPeriods = {
  '24h': { label: 'Last 24 hours', spanMs: 24 * 3_600_000, slotMs: 3_600_000 },
  '7d': { label: 'Last 7 days', spanMs: 7 * 24 * 3_600_000, slotMs: 6 * 3_600_000 },
} as const;
export type WatchHistoryPeriod = keyof typeof watchHistoryPeriods;
export const watchHistoryText = {
  open: 'Response time and incidents',
  noChecks: 'No availability checks in this period.',
  /** The chart's text: what it shows, in words. */
  summary: (checks: number, down: number, medianMs: number | null, slowestMs: number | null) =>
    `${checks} ${checks === 1 ? 'check' : 'checks'}, ${down === 0 ? 'all answered' : `${down} found it down`}; ` +
    (medianMs === null
      ? 'no response times.'
      : `response time median ${medianMs.toLocaleString('en-GB')} ms, slowest ${slowestMs!.toLocaleString('en-GB')} ms.`),
  noIncidents: 'No incidents: every check found the site answering.',
  incident: (from: string, to: string | null, checks: number) =>
    `Down from ${from}${to === null ? ', still down' : ` to ${to}`} (${checks} ${checks === 1 ? 'check' : 'checks'})`,
} as const;
