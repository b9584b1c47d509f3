/**
 * The summary paragraph: written by the owner, or drafted by the configured AI model from the report's own figures.
 * As the generator checks prices against the price list, every number in a draft (and in what the owner saves) is
 * checked against the numbers the report shows: a draft stating another is sent back once, then what is left flagged.
 */
import { reportMessages, reportSummaryPrompt, reportText } from '~/config/report';
import { formatIsoDay } from '~/lib/format';
import { layOutReport, ungroundedFigures } from '~/lib/report-layout';
import type { ReportData } from '~/lib/report-types';
import type { Db } from '../../db';
import { HttpError } from '../../api/http-error';
import { type AiSettings, describeAiError, generateChecked, missingAiSettings, takeGenerationSlot } from '../ai';
import { log } from '../../platform/log.mjs';

/** The report as the model reads it: the same lines the client reads, section by section. */
export function reportAsPrompt(data: ReportData): string {
  // The days as the report's data covers them: a month in progress, or cut by Google's lag, says where its data ends.
  const search = data.sections.search;
  const dataTo = search.available ? search.data.covered?.to : undefined;
  const lines = [
    reportText.title(data.site.name, data.period.label),
    `Period: ${formatIsoDay(data.period.from)} to ${formatIsoDay(data.period.to)}${dataTo ? `; search data up to ${formatIsoDay(dataTo)} only, compared with the same number of days before` : ''}`,
    '',
  ];
  for (const section of layOutReport(data)) {
    lines.push(`## ${section.title}`);
    for (const block of section.blocks) {
      if (block.type === 'figures') for (const f of block.items) lines.push(`${f.label}: ${f.value}${f.notes.length ? ` (${f.notes.join('; ')})` : ''}`);
      else if (block.type === 'table') lines.push(`${block.caption} — ${block.columns.join(' | ')}`, ...block.rows.map((r) => r.join(' | ')));
      else if (block.type === 'chart') lines.push(`${block.caption} (${block.unit}): ${block.points.map((p) => `${p.label} ${p.text}`).join('; ')}`);
      else if (block.type === 'trend') lines.push(`${block.caption} (${block.unit}): ${block.points.map((p) => `${p.label} ${p.text}`).join('; ')}`);
      else if (block.type === 'list') lines.push(`${block.title}:`, ...block.items.map((i) => `- ${i}`));
      else lines.push(block.text);
    }
    lines.push('');
  }
  return `Write the summary of this report.\n\n${lines.join('\n')}`;
}

/** What the owner saves is checked the same way: the figures it states that the report does not hold. */
export const summaryProblems = (summary: string, data: ReportData) => ungroundedFigures(summary, data);

export async function draftSummary(deps: { db: Db; ai: AiSettings; userId: string }, data: ReportData): Promise<{ summary: string; problems: string[] }> {
  const missing = missingAiSettings(deps.ai);
  if (missing.length > 0) throw new HttpError(409, reportMessages.aiNotSetUp(missing));
  // Counted against the owner's hourly allowance of generations, like any other.
  const slot = await takeGenerationSlot(deps.db, deps.userId, deps.ai.generationsPerHour);
  if (!slot.ok) throw new HttpError(429, 'The hourly allowance of AI generations is used up.', { retryAfterSeconds: slot.retryAfterSeconds });
  const timeout = AbortSignal.timeout(deps.ai.timeoutMs);
  try {
    // The whole text is checked once it is in; a draft stating a figure the report lacks is sent back once.
    const { checked } = await generateChecked(deps.ai, {
      system: reportSummaryPrompt.system,
      prompt: reportAsPrompt(data),
      signal: timeout,
      check: (text) => {
        const summary = text.trim();
        return { summary, problems: summaryProblems(summary, data) };
      },
      repair: reportSummaryPrompt.repair,
    });
    return checked;
  } catch (error) {
    const message = describeAiError(error, {
      timedOut: timeout.aborted,
      timeoutMs: deps.ai.timeoutMs,
      host: new URL(deps.ai.baseUrl!).host,
      model: deps.ai.model!,
    });
    log.error(`[report] summary draft failed: ${message}`);
    throw new HttpError(502, message);
  }
}
