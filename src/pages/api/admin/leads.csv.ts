import type { APIRoute } from 'astro';
import { leadStatuses, leadStatusLabels, type LeadStatus } from '~/config/admin';
import { requestLabel } from '~/lib/contact-presets';
import { allLeads } from '~/server/features/contact/inbox';
import { toCsv } from '~/server/api/csv';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** The inbox as CSV, with the same search and status filter as the page. */
export const GET: APIRoute = (context) =>
  guarded(async () => {
    const { db } = await getRuntime();
    const status = context.url.searchParams.get('status');
    const leads = await allLeads(db, {
      search: context.url.searchParams.get('q') ?? undefined,
      status: leadStatuses.includes(status as LeadStatus) ? (status as LeadStatus) : 'all',
    });
    const csv = toCsv(
      ['Received (UTC)', 'Name', 'E-mail', 'Subject', 'Request', 'Message', 'Status', 'E-mail delivery', 'Reference'],
      leads.map((lead) => [
        new Date(lead.receivedAt).toISOString(),
        lead.name,
        lead.email,
        lead.subject,
        requestLabel(lead.requestType),
        lead.message,
        leadStatusLabels[lead.status],
        lead.delivery.state === 'sent' ? 'E-mailed' : lead.delivery.state === 'waiting' ? 'Waiting' : 'None',
        lead.id,
      ]),
    );
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="enquiries-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  });
