/**
 * The free instant SEO audit (/free-seo-audit): its limits, its score and the plain-English copy a visitor reads for
 * each rule the site checker applies. Shared by the page, the server, the PDF, the privacy notice and the tests.
 */
import { plural } from '../lib/plural.mjs';
import { business } from './business';

/** The site checker's severities (src/lib/sitecheck-rules.mjs); a unit test checks every rule has its copy here. */
type Severity = 'error' | 'warning' | 'notice';

export const auditLimits = {
  /** Pages of the visitor's site read per audit. */
  maxPages: 20,
  /** The whole audit stops after this; the report covers what was checked by then. */
  deadlineSeconds: 45,
  /** What one audit reads of the site's pages and scripts (20 pages of 500 KB); robots.txt and sitemaps have their own caps. */
  runMaxBytes: 10 * 1024 * 1024,
  /** One request to the audited site, body included. */
  requestTimeoutMs: 10_000,
  /** Requests to the audited site at once, within one audit. */
  concurrency: 4,
  /** Audits one client address may ask for in the window (a recent result shown again counts too). */
  perClient: 3,
  clientWindowMinutes: 60,
  /** Audits running at once for the whole site; more wait in a queue with their position shown. */
  running: 2,
  /** Audits waiting at once; beyond this a visitor is asked to come back in a few minutes. */
  queueMax: 20,
  /** The same site is audited at most once in this window; a new request shows the recent result. */
  sameSiteMinutes: 10,
  /** A form sent faster than this after the page was shown is a script, not a person. */
  minFillMs: 2500,
  /** How long an audit (the address and its report) is kept. */
  retentionDays: 30,
  /** Reports e-mailed to one e-mail address in the window, whoever asks (one per audit and browser besides). */
  reportsPerRecipient: 3,
  recipientWindowHours: 24,
  /** Findings shown first on the results page and in the PDF. */
  topFindings: 5,
  /** Pages or examples listed under one finding before "and N more". */
  examplesShown: 5,
} as const;

/**
 * The score out of 100. Each kind of problem found takes points off: the most for an error, less for a warning, a
 * little for a notice, scaled by how much of the site it affects (half for one page, all of it when every page
 * checked has it; site-wide problems count in full).
 */
export const auditScore = {
  max: 100,
  weights: { error: 12, warning: 5, notice: 1 } satisfies Record<Severity, number>,
  /** The share of a kind's weight taken even when only one page has it. */
  floorShare: 0.5,
  /** Bands for the score's label. */
  bands: [
    { min: 90, label: 'Good' },
    { min: 60, label: 'Needs work' },
    { min: 0, label: 'Poor' },
  ],
} as const;

export function scoreLabel(score: number): string {
  return auditScore.bands.find((band) => score >= band.min)?.label ?? auditScore.bands[auditScore.bands.length - 1]!.label;
}

/** How the score is computed, as the results page and the PDF say it. */
export const scoreExplanation =
  `Every site starts at ${auditScore.max}. Each kind of problem found takes points off: up to ${auditScore.weights.error} for an error, ` +
  `${auditScore.weights.warning} for a warning and ${auditScore.weights.notice} for a notice. A problem on one page takes half of that; ` +
  'one on every page checked, or on the site as a whole, takes all of it.';

/** Why each problem costs a business customers, in plain English. Every rule of the checker has its line. */
export const ruleWhy = {
  'page-unreachable': 'A page that does not load loses every visitor who clicks on it, and search engines stop showing it.',
  'http-error': 'Visitors and search engines reach a dead end instead of your content, and the page drops out of search results.',
  'redirect-loop': 'Browsers give up on the page and show an error: nobody can reach it, and neither can Google.',
  'redirect-chain': 'Each extra hop makes the page slower to open on a phone and can lose ranking signals on the way.',
  'too-large': 'A page this heavy takes ages to load on mobile data; most visitors leave before it appears.',
  'title-missing': 'The title is the blue link people click in Google. Without one, search engines make one up and fewer people click.',
  'title-too-long': 'Google cuts long titles off mid-sentence, so the words that would win the click may never be seen.',
  'title-duplicate': 'When several pages share a title, Google cannot tell which one to show, and searchers cannot tell them apart.',
  'description-missing': 'The description is the sales pitch under your link in Google. Without one, Google picks any text from the page.',
  'description-length': 'Too short wastes the space to persuade; too long gets cut off before the point is made.',
  'description-duplicate': 'Identical snippets make different pages look the same in search results, so fewer people click the right one.',
  'canonical-missing': 'Without a canonical link, copies of a page (with tracking codes, say) can compete with each other in search.',
  'canonical-invalid': 'A broken canonical link can tell Google to ignore the page, or to rank a different site instead.',
  'canonical-other-page': 'This page asks Google to rank another page in its place; if that is not intended, it will not be found.',
  'h1-missing': 'The main heading tells visitors and Google what the page is about at a glance. Without it the page reads as unfocused.',
  'h1-multiple': 'Several main headings blur what the page is about, for search engines and for people using screen readers.',
  'heading-skip': 'Skipped heading levels make the page harder to scan and to navigate with assistive technology.',
  'img-alt-missing': 'Images without a description are invisible to Google Images and to blind visitors using screen readers.',
  'jsonld-invalid': 'Broken structured data loses the star ratings, prices and opening hours that make a result stand out.',
  'noindex-in-sitemap': 'The sitemap asks Google to index a page the page itself forbids: mixed signals waste the crawl of your site.',
  'broken-link': 'A link to a missing page frustrates visitors and tells search engines the site is not looked after.',
  'broken-asset': 'Missing images, styles or scripts make the page look broken, and people do not buy from a broken-looking site.',
  'mixed-content': 'Browsers block or warn about insecure files on a secure page; the padlock goes and trust goes with it.',
  'html-heavy': 'Heavy pages are slow on phones, and slow pages lose visitors and rank lower.',
  'script-heavy': 'Lots of JavaScript keeps a phone busy before the page responds, so visitors tap and nothing happens.',
  'html-invalid': 'Faulty markup can make browsers and search engines read the page differently from what you intended.',
  'sitemap-missing': 'Without a sitemap, search engines can miss pages, and new ones take longer to appear in results.',
  'sitemap-invalid': 'A sitemap that cannot be read is ignored, so it does not help new pages get found.',
  'robots-missing': 'A robots.txt that names your sitemap helps every search engine find all your pages.',
  'robots-too-large': 'Search engines stop reading robots.txt part of the way through, so rules further down are ignored.',
  'sitemap-too-large': 'A sitemap this big is slow for search engines to read and hard to keep right; smaller ones get read in full.',
  'sitemap-elsewhere': 'Search engines ignore a sitemap kept on another site, so the pages it lists are not found through it.',
  'site-too-large': 'Pages this heavy take ages to load on mobile data, and the audit could not read them all.',
  'orphan-page': 'No page links to this one, so visitors cannot find it and search engines treat it as unimportant.',
} as const satisfies Record<string, string>;

/** What the visitor reads: titles, buttons, refusals. */
export const auditMessages = {
  fieldLabel: 'Your website',
  fieldHint: 'The address of your home page, such as www.example.co.uk.',
  submit: 'Audit my site',
  starting: 'Starting…',
  queued: (position: number) => `Waiting for a free slot: you are number ${position} in the queue.`,
  checking: (done: number, total: number) => `Checking page ${Math.min(done + 1, Math.max(total, 1))} of ${Math.max(total, 1)}…`,
  checkingLinks: (done: number, total: number) => `Checking links and files: ${done} of ${total}…`,
  reading: 'Reading robots.txt and the sitemap…',
  tooFast: 'That was quicker than a person can type. Please wait a moment and press the button again.',
  tooMany: (minutes: number) =>
    `You have asked for ${auditLimits.perClient} audits in the last hour, which is the most we can run for one visitor. Please try again in ${plural(minutes, 'minute')}, or ask for a full audit by message.`,
  queueFull: 'Lots of people are auditing their sites right now. Please try again in a few minutes.',
  unavailable: 'The audit is not available just now. Please try again in a minute, or ask for a full audit by message.',
  adminRefused: "This site's admin area cannot be audited.",
  recent: (minutes: number) =>
    `This site was audited ${minutes < 1 ? 'less than a minute' : plural(minutes, 'minute')} ago, so here is that result. A new audit of the same site can run ${auditLimits.sameSiteMinutes} minutes after the last.`,
  deadline: `The audit stopped at its ${auditLimits.deadlineSeconds}-second limit; the results cover the pages checked by then.`,
  pageCap: `The audit covers the first ${auditLimits.maxPages} pages found; a full audit covers every page.`,
  interrupted: 'The audit was interrupted because the server restarted. Please run it again.',
  /** The audit's process did not answer by its deadline (a page that took the rest of the time to read). */
  deadlineFailed: (seconds: number) =>
    `The site did not finish answering within the audit's ${seconds}-second limit, so there is nothing to report. A site this slow loses most visitors before it appears.`,
  /** The audit's process ran out of the memory it is given: the site serves far more than a site's pages need. */
  memoryFailed:
    'The site serves far more than an audit can read (its pages, robots.txt or sitemaps are enormous), so there is nothing to report. Pages this heavy lose most visitors before they appear.',
  /** The results page's and the PDF's count of what was found. */
  summary: ({ errors, warnings, notices, pages }: { errors: number; warnings: number; notices: number; pages: number }) =>
    `${plural(errors, 'error')}, ${plural(warnings, 'warning')} and ${plural(notices, 'notice')} on ${plural(pages, 'page')} checked.`,
  /** What one kind of problem takes off the score. */
  pointsOff: (points: number) => `${plural(points, 'point')} off`,
  reportSent: 'Thank you. The full report is on its way to your inbox as a PDF, and I will be in touch within one working day.',
  reportFailed: 'We could not send the report just now. Please try again in a minute.',
  /** The report form's place on a results page opened in a browser that did not ask for this audit. */
  reportOwnAudit: `The report can be e-mailed only to whoever asked for this audit, from the browser they used. To have it e-mailed to you, audit the site yourself: within ${auditLimits.sameSiteMinutes} minutes of this audit you get this result at once.`,
  reportNotYours: 'The report of this audit can be e-mailed only from the browser that asked for it. Audit the site yourself to have it e-mailed to you.',
  reportOnce: 'The report of this audit has already been e-mailed from this browser: it is sent once per audit.',
  reportRecipientLimit: `That e-mail address has been sent ${auditLimits.reportsPerRecipient} audit reports in the last ${auditLimits.recipientWindowHours} hours, the most we send to one address. Please try again tomorrow.`,
} as const;

/**
 * An address from the audited site, quoted as data in an e-mail: between quotation marks, its dots written "[.]" so
 * that no mail program turns it into a link. Whoever audits a site chooses its name, so it is never the mail's words.
 */
export const quotedSite = (host: string) => `“${host.replaceAll('.', '[.]')}”`;

/**
 * The e-mail that carries the report to whoever asked for it. It greets nobody by name (the name typed is not
 * checked, so it is never echoed to the address typed), and quotes the audited site only as data.
 */
export function auditReportMail({ host, score, reportUrl }: { host: string; score: number; reportUrl: string }) {
  return {
    subject: `Your free SEO audit from ${business.name}: ${score}/100`,
    body: [
      'Hello,',
      '',
      `Here is the free SEO audit you asked for on the ${business.name} website. It scored ${score} out of 100.`,
      '',
      `The site audited, quoted as it was given (written with [.] so it is not a link): ${quotedSite(host)}`,
      '',
      "The full report is attached as a PDF: every problem found, why it costs you customers and how to fix it. Where it quotes the site's own titles and addresses, those are the site's words as found, not ours.",
      `You can also see it online for ${auditLimits.retentionDays} days: ${reportUrl}`,
      '',
      "I will be in touch within one working day to talk it through, if you'd like. Or reply to this e-mail at any time.",
      '',
      `If you did not ask for this report, someone typed your e-mail address on ${business.name}'s website: you can ignore this e-mail, and no more than ${auditLimits.reportsPerRecipient} are sent to one address in ${auditLimits.recipientWindowHours} hours.`,
    ].join('\n'),
  };
}
