/** What the admin's endpoints answer: its reads (the shapes they carry are in ./admin-types.ts) and its writes. */
import type { AiGeneration, AiStatus, DashboardTabData, IndexNowOverview, SiteCheckDetail, SiteCheckRun, VitalTrend, SessionInfo } from './admin-types';

/** What the admin's read endpoints answer: the server builds each with `satisfies`, the typed hooks read it. */
export interface IndexNowAnswer {
  ok: true;
  now: number;
  overview: IndexNowOverview;
}
/** The switch's answer: the state now, and when the first submission was asked for (switched on) or null. */
export interface IndexNowSwitchAnswer extends IndexNowAnswer {
  requestedAt: number | null;
}
export interface SiteChecksAnswer {
  ok: true;
  now: number;
  runs: SiteCheckRun[];
}
export interface SiteCheckAnswer {
  ok: true;
  now: number;
  run: SiteCheckDetail;
}
export interface AiHistoryAnswer {
  ok: true;
  now: number;
  history: AiGeneration[];
  status: AiStatus;
}
export interface DashboardTabAnswer {
  ok: true;
  data: DashboardTabData;
}
export interface VitalTrendAnswer {
  ok: true;
  trend: VitalTrend;
}

/**
 * What the admin's writes answer (`post<Answer>()` in components/admin/data/post.ts reads them; the server can build
 * each with `satisfies`). A refusal is `AdminRefusal` whatever the endpoint.
 */
export interface AdminRefusal {
  ok: false;
  /** What went wrong, for a message or a toast. */
  error?: string;
  /** A message per form field. */
  errors?: Record<string, string>;
  /** Sign-in: added once a pause is near. */
  warning?: string;
  /** Sign-in's code step: the password must be given again. */
  restart?: boolean;
}
/** A write that answers nothing more than that it was done. */
export interface DoneAnswer {
  ok: true;
}
/** The password step of signing in: done, or a two-factor code is asked for next. */
export interface SignInAnswer {
  ok: true;
  twoFactor?: true;
}
/** "Forgot password" and setting the new one: what to tell the owner, and the server command when no e-mail can come. */
export interface PasswordResetAnswer {
  ok: true;
  message: string;
  help?: string;
  command?: string;
}
/** Sessions signed out; `signedOut` when this one was among them. */
export interface SessionsAnswer {
  ok: true;
  signedOut?: true;
}
/** Two-factor enrolment begun: the authenticator's address and secret, and the backup codes, shown once. */
export interface TwoFactorStartAnswer {
  ok: true;
  totpURI: string;
  secret: string;
  backupCodes: string[];
}
export interface BackupCodesAnswer {
  ok: true;
  backupCodes: string[];
}
export interface WeeklySummaryAnswer {
  ok: true;
  enabled: boolean;
}

/** A site check started in the background: follow it at its id. */
export interface SiteCheckStartAnswer {
  ok: true;
  id: string;
}

/** An IndexNow run started in the background at `requestedAt`; the overview follows it. */
export interface IndexNowRunAnswer {
  ok: true;
  requestedAt: number;
}

/** The owner's signed-in sessions, this one marked. */
export interface SessionListAnswer {
  ok: true;
  sessions: SessionInfo[];
}
