/** How the admin shows severities, lead states and e-mail delivery: one mapping, used by every view. */
import { type LeadStatus, leadStatusLabels } from '~/config/admin';
import type { AiOutcome } from '~/config/ai';
import type { Delivery, SecurityEvent, Severity } from '~/lib/admin-types';
import { formatExact } from '~/lib/format';
import { Badge, type BadgeVariant, TimeAgo } from './ui/primitives';

const severityVariant: Record<Severity, BadgeVariant> = { critical: 'bad', high: 'bad', medium: 'warn', low: 'neutral' };
export const severityLabels: Record<Severity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge variant={severityVariant[severity]}>{severityLabels[severity]}</Badge>;
}

const statusVariant: Record<LeadStatus, BadgeVariant> = { new: 'info', replied: 'good', client: 'good', spam: 'neutral' };
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge variant={statusVariant[status]}>{leadStatusLabels[status]}</Badge>;
}

/** "E-mailed" or "Waiting (next try 14:05; last error: …)": stuck enquiries must be obvious. */
export function DeliveryState({ delivery }: { delivery: Delivery }) {
  if (delivery.state === 'sent') return <Badge variant="good">E-mailed</Badge>;
  if (delivery.state === 'none') return <Badge variant="neutral">No e-mail</Badge>;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge variant="warn">Waiting to be e-mailed</Badge>
      <span className="text-xs text-muted">
        {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
        {delivery.nextAttemptAt !== null && <>; next try {formatExact(delivery.nextAttemptAt)}</>}
        {delivery.lastError && <>; last error: {delivery.lastError}</>}
      </span>
    </span>
  );
}

/** One security event: severity, type, when, and what happened. */
export function SecurityEventSummary({ event, now }: { event: SecurityEvent; now: number }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={event.severity} />
        <span className="font-semibold text-ink">{event.type.replaceAll('_', ' ')}</span>
        <span className="text-sm text-muted">
          <TimeAgo at={event.at} now={now} />
        </span>
      </p>
      <p className="break-words text-ink">{event.details}</p>
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
