/** What the Reports tab's parts share: a report's status badge and a refused write's message. */
import type { AdminRefusal } from '~/lib/admin-types';
import type { ReportStatus } from '~/lib/report-types';
import { toast } from '~/lib/toast';
import type { BadgeVariant } from '../ui/badge';

export const statusLabel: Record<ReportStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'warn' },
  sent: { label: 'Sent', variant: 'good' },
};

export const failed = (title: string, body: AdminRefusal) =>
  toast({
    title,
    description: body.error ?? (body.errors ? Object.values(body.errors).join(' ') : ''),
    variant: 'destructive',
  });
