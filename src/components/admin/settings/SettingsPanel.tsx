/** Settings: the site's live status, the AI generator and IndexNow, then the owner's account — password, two-factor, sessions and history. */
import { type SubmitEvent, useState } from 'react';
import { adminApi, adminPaths, siteUrlMismatchText } from '~/config/admin';
import { changePasswordForm } from '~/lib/admin-forms';
import { formatExact } from '~/lib/format';
import { post } from '../data/post';
import { useAdminForm } from '../data/use-admin-form';
import { toast } from '~/lib/toast';
import { describeBrowser } from '../user-agent';
import type { SessionsAnswer, SettingsTabData } from '~/lib/admin-types';
import { TwoFactorCard } from './TwoFactorCard';
import { IndexNowCard } from '../indexnow/IndexNowCard';
import { SearchSourcesCard } from '../search/SearchSourcesCard';
import { WeeklySummaryCard } from '../analytics/WeeklySummaryCard';
import { AiOutcomeBadge } from '../labels';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DetailRow } from '../ui/detail-row';
import { Field } from '../ui/field';
import { TimeAgo } from '../ui/time-ago';

function StatusCard({ data }: { data: SettingsTabData }) {
  const { database, mail, build } = data.status;
  const now = data.now;
  return (
    <Card title="Status" headingLevel={3}>
      <h4 className="mt-1 font-semibold text-ink">Database</h4>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Kind">{database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite (embedded)'}</DetailRow>
        <DetailRow label="Migration">{database.migration ?? 'none'}</DetailRow>
      </dl>
      <h4 className="mt-4 font-semibold text-ink">E-mail</h4>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Mail server">
          {mail.smtpConfigured ? <Badge variant="good">Configured</Badge> : <Badge variant="bad">Not configured (SMTP_URL)</Badge>}
        </DetailRow>
        <DetailRow label="Last delivery">{mail.lastDeliveredAt === null ? 'None yet' : <TimeAgo at={mail.lastDeliveredAt} now={now} />}</DetailRow>
        <DetailRow label="Waiting">
          {mail.waiting === 0 ? (
            <Badge variant="good">Nothing waiting</Badge>
          ) : (
            <>
              <Badge variant="warn">{mail.waiting} waiting</Badge>
              {mail.oldestWaitingAt !== null && <> · oldest since {formatExact(mail.oldestWaitingAt)}</>}
            </>
          )}
        </DetailRow>
        <DetailRow label="Last error">{mail.lastError ?? 'None'}</DetailRow>
      </dl>
      <h4 className="mt-4 font-semibold text-ink">Build</h4>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Version">{build.version}</DetailRow>
        <DetailRow label="Commit">{build.commit ?? 'unknown (not built from a git checkout)'}</DetailRow>
        <DetailRow label="Built">{formatExact(Date.parse(build.builtAt))}</DetailRow>
        <DetailRow label="Public address">
          {data.status.siteUrlMismatch ? (
            <>
              <Badge variant="bad">Differs from the running site’s</Badge> {siteUrlMismatchText(data.status.siteUrlMismatch)}
            </>
          ) : (
            build.siteUrl
          )}
        </DetailRow>
      </dl>
    </Card>
  );
}

function AiStatusCard({ data }: { data: SettingsTabData }) {
  const { ai, now } = data;
  return (
    <Card title="AI content generator" headingLevel={3}>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Status">
          {ai.missing.length === 0 ? <Badge variant="good">Ready</Badge> : <Badge variant="neutral">Not set up: set {ai.missing.join(' and ')}</Badge>}
        </DetailRow>
        <DetailRow label="Model">{ai.model ?? 'None (AI_MODEL)'}</DetailRow>
        <DetailRow label="Endpoint">{ai.endpointHost ?? 'None (AI_BASE_URL)'}</DetailRow>
        <DetailRow label="Limit">{ai.generationsPerHour} generations per hour per account</DetailRow>
        <DetailRow label="Last call">
          {ai.lastCall ? (
            <span className="flex flex-wrap items-center gap-2">
              <AiOutcomeBadge outcome={ai.lastCall.outcome} /> <TimeAgo at={ai.lastCall.at} now={now} />
              {ai.lastCall.message && <span>· {ai.lastCall.message}</span>}
            </span>
          ) : (
            'None yet'
          )}
        </DetailRow>
      </dl>
    </Card>
  );
}

function PasswordCard() {
  const form = useAdminForm();
  const { errors, busy } = form;
  const submit = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: changePasswordForm,
      url: adminApi.password,
      precheck: (values) => (values.newPassword !== values.confirm ? { confirm: 'The two new passwords are not the same.' } : null),
      onSuccess: (_answer, element) => {
        element.reset();
        toast({ title: 'Password changed', description: 'Every other session has been signed out.', variant: 'success' });
      },
      onRefused: (refusal) =>
        refusal.errors ? form.setErrors(refusal.errors) : toast({ title: 'Password not changed', description: refusal.error ?? '', variant: 'destructive' }),
    });
  return (
    <Card title="Password" headingLevel={3}>
      <form method="post" onSubmit={submit} noValidate className="grid max-w-md gap-4">
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} disabled={busy} />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters; not your e-mail address or a common password. Other sessions are signed out."
          error={errors.newPassword}
          disabled={busy}
        />
        <Field label="New password again" name="confirm" type="password" autoComplete="new-password" error={errors.confirm} disabled={busy} />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}

function SessionsCard({ data }: { data: SettingsTabData }) {
  const [busy, setBusy] = useState(false);
  async function revoke(scope: 'one' | 'others' | 'all', id?: string) {
    if (scope === 'all' && !window.confirm('Sign out everywhere, including here?')) return;
    setBusy(true);
    const { body } = await post<SessionsAnswer>(adminApi.sessions, { scope, id });
    if (body.ok && body.signedOut) return window.location.assign(adminPaths.signedOut);
    if (!body.ok) toast({ title: 'Not signed out', description: body.error ?? '', variant: 'destructive' });
    window.location.reload();
  }
  const others = data.account.sessions.filter((s) => !s.current).length;
  return (
    <Card title="Sessions" headingLevel={3}>
      <ul className="divide-y divide-slate-200">
        {data.account.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-ink">
                {describeBrowser(session.userAgent)} {session.current && <Badge variant="info">This session</Badge>}
              </p>
              <p className="text-sm text-muted">
                {session.address ?? 'unknown address'} · last seen <TimeAgo at={session.lastSeenAt} now={data.now} /> · signed in{' '}
                {formatExact(session.createdAt)}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => revoke('one', session.id)}
                aria-label={`Sign out ${describeBrowser(session.userAgent)}, ${session.address ?? 'unknown address'}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" disabled={busy || others === 0} onClick={() => revoke('others')}>
          Sign out all other sessions
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => revoke('all')}>
          Sign out everywhere
        </Button>
      </div>
    </Card>
  );
}

function HistoryCard({ data }: { data: SettingsTabData }) {
  return (
    <Card title="Account activity" headingLevel={3}>
      {data.account.events.length === 0 ? (
        <p className="text-muted">Nothing recorded yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {data.account.events.map((event) => (
            <li key={event.id} className="py-2">
              <p className="font-medium text-ink">{event.label}</p>
              <p className="text-sm text-muted">
                <TimeAgo at={event.at} now={data.now} /> · {describeBrowser(event.userAgent)} · {event.address ?? 'unknown address'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function SettingsPanel({ data }: { data: SettingsTabData }) {
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Settings</h2>
      <StatusCard data={data} />
      <WeeklySummaryCard enabled={data.weeklySummary.enabled} smtpConfigured={data.status.mail.smtpConfigured} />
      <AiStatusCard data={data} />
      <IndexNowCard initial={data.indexNow} now={data.now} />
      <SearchSourcesCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <PasswordCard />
        <TwoFactorCard enabled={data.account.twoFactorEnabled} />
      </div>
      <SessionsCard data={data} />
      <HistoryCard data={data} />
    </div>
  );
}
