/**
 * The Search view's opportunities, from the same rows and sums as the rest of the view (view.ts): queries close to page
 * one, pages clicked less than their position suggests, pages never clicked, and a page's top queries for the AI
 * generator's prompt.
 */
import { sql } from 'kysely';
import { expectedCtr, type OpportunityKind, opportunityRules } from '~/config/search';
import type { SearchQuery } from '~/lib/search-query';
import type { Opportunity, SearchOpportunities } from '~/lib/search-types';
import type { Db } from '../../db';
import { figures, keyedParts, rowsIn, searchRange, searchSiteOf, sums } from './view';

/** The three lists of work: queries close to page one, pages clicked less than their position suggests, pages never clicked. */
export async function searchOpportunities(db: Db, query: SearchQuery, now = Date.now()): Promise<SearchOpportunities> {
  const range = await searchRange(db, query, now);
  const rules = opportunityRules;
  const site = searchSiteOf(query);
  const base = rowsIn(db, site, query.source, range.from, range.to);
  const positionExpr = sql<number>`sum(position_sum) / sum(impressions)`;
  const [striking, pages] = await Promise.all([
    db
      .selectFrom(keyedParts(db, site, query.source, range.from, range.to, 'query'))
      .select(['key as query', sums.clicks, sums.impressions, sums.position_sum])
      .groupBy('key')
      .having(sql`sum(impressions)`, '>', 0)
      .having(positionExpr, '>=', rules.strikingFrom)
      .having(positionExpr, '<=', rules.strikingTo + 0.4999)
      .orderBy('impressions', 'desc')
      .orderBy('key')
      .limit(rules.listRows)
      .execute(),
    db
      .selectFrom(keyedParts(db, site, query.source, range.from, range.to, 'page'))
      .select(['key as page', sums.clicks, sums.impressions, sums.position_sum])
      .groupBy('key')
      .having(sql`sum(impressions)`, '>', 0)
      .execute(),
  ]);
  // The page that takes most of each striking query's impressions.
  const topPageOf = new Map<string, string>();
  if (striking.length > 0) {
    const pairs = await base
      .where(
        'query',
        'in',
        striking.map((row) => row.query),
      )
      .where('page', '!=', '')
      .select(['query', 'page', sums.impressions])
      .groupBy(['query', 'page'])
      .orderBy('impressions', 'desc')
      .execute();
    for (const pair of pairs) if (!topPageOf.has(pair.query)) topPageOf.set(pair.query, pair.page);
  }
  const pageFigures = pages.map((row) => ({ page: row.page, ...figures(row) }));
  const lowCtr = pageFigures
    .filter((row) => row.impressions >= rules.minImpressions && row.clicks > 0 && row.position !== null)
    .map((row) => ({ ...row, expected: expectedCtr(row.position!) }))
    .filter((row) => row.ctr! < row.expected * rules.lowCtrShare)
    // Most clicks missed first.
    .sort((a, b) => b.impressions * (b.expected - b.ctr!) - a.impressions * (a.expected - a.ctr!) || a.page.localeCompare(b.page))
    .slice(0, rules.listRows);
  const noClicks = pageFigures
    .filter((row) => row.clicks === 0)
    .sort((a, b) => b.impressions - a.impressions || a.page.localeCompare(b.page))
    .slice(0, rules.listRows);
  const lists: Record<OpportunityKind, Opportunity[]> = {
    striking: striking.map((row) => ({ kind: 'striking', key: row.query, page: topPageOf.get(row.query) ?? '', ...figures(row) })),
    lowCtr: lowCtr.map(({ expected, ...row }) => ({ kind: 'lowCtr', key: row.page, ...row, expectedCtr: expected })),
    noClicks: noClicks.map((row) => ({ kind: 'noClicks', key: row.page, ...row })),
  };
  return { ok: true, lists };
}

/** A page's top queries in the period, for the AI generator's prompt. */
export async function pageTopQueries(db: Db, page: string, query: SearchQuery, now = Date.now()): Promise<string[]> {
  const range = await searchRange(db, query, now);
  const rows = await rowsIn(db, searchSiteOf(query), query.source, range.from, range.to)
    .where('page', '=', page)
    .where('query', '!=', '')
    .select(['query', sums.impressions])
    .groupBy('query')
    .orderBy('impressions', 'desc')
    .orderBy('query')
    .limit(opportunityRules.queriesForPrompt)
    .execute();
  return rows.map((row) => row.query);
}
