/** The owner's admin: its addresses, tabs, sign-in limits and messages, shared by pages, endpoints and tests. */

export const adminPaths = {
  home: '/admin',
  signIn: '/admin/sign-in',
  forgotPassword: '/admin/forgot-password',
  resetPassword: '/admin/reset-password',
  leads: '/admin/leads',
  lead: (id: string) => `/admin/leads/${encodeURIComponent(id)}`,
  leadsCsv: '/api/admin/leads.csv',
  security: '/admin/security',
  indexNow: '/api/admin/indexnow',
  indexNowUrl: '/api/admin/indexnow/url',
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
  dashboardTab: (tab: AdminTab) => `/api/admin/dashboard?tab=${tab}`,
  tab: (tab: AdminTab) => (tab === 'overview' ? '/admin' : `/admin?tab=${tab}`),
} as const;

/** Pages under /admin that are reachable without a session. */
export const publicAdminPaths: readonly string[] = [adminPaths.signIn, adminPaths.forgotPassword, adminPaths.resetPassword];

/** The spec's five tabs, in order; the first is the default. */
export const adminTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'ai-tools', label: 'AI tools' },
  { id: 'testing', label: 'Testing' },
  { id: 'performance', label: 'Performance' },
  { id: 'settings', label: 'Settings' },
] as const;
export type AdminTab = (typeof adminTabs)[number]['id'];

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
  /**
   * "Forgot password" answers no sooner than this, whether or not the address has an account, so the time taken
   * does not tell (the work for a real account — a token, an e-mail queued — takes a few milliseconds more).
   */
  resetRequestAnswerMs: 600,
} as const;

export const authMessages = {
  /** One message for a wrong e-mail, a wrong password and a locked account, so none can be told apart. */
  invalidCredentials: 'The e-mail address or password is not right, or the account is locked for a while. Please try again later.',
  invalidCode: 'That code is not right. Please try again.',
  tooManyAttempts: (minutes: number) => `Too many attempts from this connection. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  resetRequested: 'If that address belongs to the account, a link to choose a new password is on its way. It works once, within 30 minutes.',
  resetInvalid: 'This link has expired or has already been used. Ask for a new one.',
  resetDone: 'Your password has been changed. Please sign in.',
  signedOut: 'You have signed out.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  twoFactorExpired: 'The sign-in took too long. Please enter your e-mail address and password again.',
  wrongPassword: 'That password is not right.',
  /** A signed-in session that keeps getting the password wrong locks the account like failed sign-ins do. */
  passwordAttemptsPaused: (minutes: number) =>
    `Too many wrong passwords: password and two-factor changes are paused for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  unavailable: 'The admin is unavailable just now (the database did not answer). Please try again in a minute.',
} as const;

/** What the owner can mark an enquiry as; `new` is where every enquiry starts. */
export const leadStatuses = ['new', 'replied', 'client', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = { new: 'New', replied: 'Replied', client: 'Client', spam: 'Spam' };

export const adminPageSize = 50;
