/** How the admin shows severities, lead states and e-mail delivery: one mapping, used by every view. */
import { deliveryLabels, type LeadStatus, leadStatusLabels } from '~/config/admin';
import type { AiOutcome } from '~/config/ai';
import { alertLabels } from '~/config/security-log';
import type { Delivery, SecurityEvent, Severity } from '~/lib/admin-types';
import { formatExact, formatRelative } from '~/lib/format';
import { Badge, type BadgeVariant } from './ui/badge';
import { TimeAgo } from './ui/time-ago';
import { plural } from '~/lib/plural.mjs';

const severityVariant: Record<Severity, BadgeVariant> = { critical: 'bad', high: 'bad', medium: 'warn', low: 'neutral' };
export const severityLabels: Record<Severity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge variant={severityVariant[severity]}>{severityLabels[severity]}</Badge>;
}

const statusVariant: Record<LeadStatus, BadgeVariant> = { new: 'info', replied: 'good', client: 'good', spam: 'neutral' };
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge variant={statusVariant[status]}>{leadStatusLabels[status]}</Badge>;
}

/** When the next try is: "now" for one already due, else the time and how far off it is. */
function nextTry(at: number, now: number): string {
  return at - now < 60_000 ? 'next try now' : `next try ${formatExact(at)} (${formatRelative(at, now)})`;
}

/**
 * "E-mailed", "Waiting (next try 14:05; last error: …)", or "Not e-mailed — e-mail isn't set up": stuck enquiries
 * must be obvious, and a next try is never a time already past.
 */
export function DeliveryState({ delivery, now }: { delivery: Delivery; now: number }) {
  if (delivery.state === 'sent') return <Badge variant="good">{deliveryLabels.sent}</Badge>;
  if (delivery.state === 'none') return <Badge variant="neutral">{deliveryLabels.none}</Badge>;
  if (delivery.state === 'not-set-up') return <Badge variant="warn">{deliveryLabels['not-set-up']}</Badge>;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge variant="warn">{deliveryLabels.waiting}</Badge>
      <span className="text-xs text-muted">
        {plural(delivery.attempts, 'try', 'tries')}
        {delivery.nextAttemptAt !== null && <>; {nextTry(delivery.nextAttemptAt, now)}</>}
        {delivery.lastError && <>; last error: {delivery.lastError}</>}
      </span>
    </span>
  );
}

/** One security event: what happened in a sentence, its severity and time, who it was about, and any alert e-mail. */
export function SecurityEventSummary({ event, now }: { event: SecurityEvent; now: number }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={event.severity} />
        <span className="text-sm text-muted">
          <TimeAgo at={event.at} now={now} />
        </span>
      </p>
      <p className="font-medium break-words text-ink" data-event-sentence="">
        {event.details}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {event.nameTried && (
          <div className="flex min-w-0 flex-wrap gap-x-1">
            <dt className="whitespace-nowrap">Name:</dt>
            <dd className="min-w-0 break-all text-ink">{event.nameTried}</dd>
          </div>
        )}
        {event.emailTried && (
          <div className="flex min-w-0 flex-wrap gap-x-1">
            <dt className="whitespace-nowrap">{event.nameTried ? 'E-mail:' : 'E-mail tried:'}</dt>
            <dd className="min-w-0 break-all text-ink">
              {event.nameTried ? (
                <a href={`mailto:${event.emailTried}`} className="text-brand-700 underline underline-offset-2">
                  {event.emailTried}
                </a>
              ) : (
                event.emailTried
              )}
            </dd>
          </div>
        )}
        {event.address && (
          <div className="flex min-w-0 flex-wrap gap-x-1">
            <dt className="whitespace-nowrap">Address:</dt>
            <dd className="min-w-0 break-all text-ink">{event.address}</dd>
          </div>
        )}
        <div>
          <dt className="sr-only">Alert</dt>
          <dd data-alert-state={event.alert}>{alertLabels[event.alert]}</dd>
        </div>
      </dl>
    </>
  );
}

const aiOutcomeBadges: Record<AiOutcome, { label: string; variant: BadgeVariant }> = {
  success: { label: 'Generated', variant: 'good' },
  warning: { label: 'Generated with warnings', variant: 'warn' },
  failed: { label: 'Failed', variant: 'bad' },
  stopped: { label: 'Stopped', variant: 'neutral' },
};
export function AiOutcomeBadge({ outcome }: { outcome: AiOutcome }) {
  const badge = aiOutcomeBadges[outcome];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}
