/**
 * What the Reports tab's parts share: a report's status badge and a refused write's message; and, for the Sites tab,
 * the search source each site's reports leave out.
 */
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '~/config/admin';
import type { AdminRefusal } from '~/lib/admin-types';
import type { ReportsAnswer, ReportStatus } from '~/lib/report-types';
import { toast } from '~/lib/toast';
import { adminKeys } from '../data/queries';
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

/**
 * Per watched site (its id), the search source its reports leave out, as the Reports view reads it. Read after
 * hydration (nothing is rendered from it on the server), so the first render is the server's.
 */
export function useReportSearchNotes(): Record<string, string> {
  const { data } = useQuery({
    queryKey: adminKeys.reports,
    queryFn: async () => {
      const response = await fetch(adminApi.reports.list, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const body = (await response.json()) as ReportsAnswer;
      if (!response.ok || !body.ok) throw new Error(`The server answered ${response.status}.`);
      return body;
    },
  });
  return data?.searchNotes ?? {};
}
