import type { APIRoute } from 'astro';
import { deliveryLabels, leadCsvColumns, leadStatusLabels } from '~/config/admin';
import { requestLabel } from '~/lib/contact-presets';
import { spreadsheetLocalTime } from '~/lib/format';
import { allLeads, leadQueryFromParams } from '~/server/features/contact/inbox';
import { toCsv } from '~/server/api/csv';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** The inbox as CSV: every enquiry the page's filter shows (read from the same address, every page of it). */
export const GET: APIRoute = (context) =>
  guarded(async () => {
    const { db, config } = await getRuntime();
    const { search, status } = leadQueryFromParams(context.url.searchParams);
    const leads = await allLeads(db, { search, status }, { configured: Boolean(config.smtpUrl), now: Date.now() });
    const csv = toCsv(
      [...leadCsvColumns],
      leads.map((lead) => [
        new Date(lead.receivedAt).toISOString(),
        spreadsheetLocalTime(lead.receivedAt),
        lead.name,
        lead.email,
        lead.subject,
        requestLabel(lead.requestType),
        lead.message,
        leadStatusLabels[lead.status],
        deliveryLabels[lead.delivery.state],
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
