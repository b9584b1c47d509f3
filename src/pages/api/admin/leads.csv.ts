import { z } from 'zod';
import { deliveryLabels, leadCsvColumns, leadStatusLabels } from '~/config/admin';
import { requestLabel } from '~/lib/contact-presets';
import { spreadsheetLocalTime } from '~/lib/format';
import { download } from '~/server/api/answers';
import { toCsv } from '~/server/api/csv';
import { route } from '~/server/api/route';
import { allLeads, leadQueryFromParams } from '~/server/features/contact/inbox';

export const prerender = false;

/** The inbox's filter, read as the page reads it (an unknown status is all of them). */
const inboxQuery = z.record(z.string(), z.string()).transform((params) => leadQueryFromParams(new URLSearchParams(params)));

/** The inbox as CSV: every enquiry the page's filter shows (read from the same address, every page of it). */
export const GET = route({ query: inboxQuery, admin: true }, async ({ query, runtime }) => {
  const { search, status } = query;
  const leads = await allLeads(runtime.db, { search, status }, { configured: Boolean(runtime.config.smtpUrl), now: Date.now() });
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
  return download(csv, 'text/csv; charset=utf-8', `enquiries-${new Date().toISOString().slice(0, 10)}.csv`);
});
