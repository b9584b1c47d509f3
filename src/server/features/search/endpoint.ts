/** The Search view's endpoint logic: each source's state for Settings, a sync now, and the import of an export. */
import { searchText } from '~/config/search';
import type { Settings } from '~/config/settings.mjs';
import type {
  SearchImportAnswer,
  SearchImportRemovedAnswer,
  SearchPropertiesAnswer,
  SearchSiteStatus,
  SearchStatus,
  SearchSourceStatus,
  SearchTopPrompt,
} from '~/lib/search-types';
import { postPath } from '~/config/post-path.mjs';
import { builtPageHeads } from '../analytics';
import { postBySlug } from '../posts';
import { pageTopQueries } from './opportunities';
import type { SearchImportBody, SearchQuery } from '~/lib/search-query';
import type { Db } from '../../db';
import { HttpError } from '../../api/http-error';
import { lease } from '../../platform/lease.mjs';
import { ImportRefused, importExport, removeImport } from './import.mjs';
import { searchImportOverlap } from '~/config/search-import.mjs';
import type { SearchService } from './service';
import { type SourceState, sourceStates } from './store.mjs';
import { defaultPropertyOf, gscPropertyOf, notSetUp, searchLeaseName } from './sync.mjs';
import { readableProperties, readKeyFile, SourceProblem, tokenSource } from './google.mjs';
import { RetryableFailure } from '../../platform/retry.mjs';
import { scrubSecrets } from './scrub.mjs';
import { thisSiteId } from '../sites';
import { listSites } from '../watch';

export interface SearchDeps {
  db: Db;
  search: SearchService;
}

/** A site's sources as Settings shows them: set up or not (and why), the last sync, rows, data up to which day. */
function sourcesOf(recorded: Map<string, SourceState>, config: Settings, withImport: boolean): SearchSourceStatus[] {
  const sources: SearchSourceStatus[] = [];
  for (const source of withImport ? (['google', 'bing', 'import'] as const) : (['google', 'bing'] as const)) {
    const state = recorded.get(source);
    const off = source === 'import' ? null : notSetUp(source, config.search);
    if (source === 'import' && !state) continue;
    sources.push({
      source,
      label: searchText.sourceLabels[source] ?? source,
      // A source switched off since its last sync says so, whatever it did before.
      state: off ? 'off' : ((state?.state as SearchSourceStatus['state'] | undefined) ?? 'ok'),
      message: off ?? state?.message ?? 'Set up; the first sync has not run yet.',
      lastAttemptAt: state?.lastAttemptAt ?? null,
      lastSuccessAt: state?.lastSuccessAt ?? null,
      rowsStored: state?.rowsStored ?? 0,
      dataToDay: state?.dataToDay ?? null,
    });
  }
  return sources;
}

/** This website's sources (with an import's), then each watched client site's, with its property. */
export async function searchStatus(deps: SearchDeps, config: Settings): Promise<SearchStatus> {
  const [states, watched] = await Promise.all([sourceStates(deps.db, null), listSites(deps.db)]);
  const recordedOf = (site: string) => new Map(states.filter((state) => state.site === site).map((state) => [state.source, state]));
  const sources = sourcesOf(recordedOf(thisSiteId), config, true);
  const sites: SearchSiteStatus[] = await Promise.all(
    watched
      .filter((site) => !site.isThisSite)
      .map(async (site) => ({
        id: site.id,
        name: site.name,
        url: site.url,
        isThisSite: false,
        property: site.searchProperty ?? defaultPropertyOf(site.url),
        sources: sourcesOf(recordedOf(site.id), config, false),
        // What the view reads (a day's totals), one row by the key's first column.
        hasData: (await deps.db.selectFrom('search_daily').select('day').where('site', '=', site.id).limit(1).executeTakeFirst()) !== undefined,
      })),
  );
  const running = deps.search.running() || (await lease(deps.db, searchLeaseName, 0).held());
  return { ok: true, sources, sites, nextRunAt: deps.search.nextRunAt(), running };
}

/**
 * The properties the service account may read (Google's `sites.list`), to offer where a site's property is set, and
 * the default property of the site at `url` (this website's without one). Google not connected, or the list refused:
 * no list, and the reason.
 */
export async function searchProperties(config: Settings, url?: string): Promise<SearchPropertiesAnswer> {
  const { search } = config;
  const answer = {
    ok: true as const,
    defaultProperty: defaultPropertyOf(url ?? config.siteUrl),
    thisSite: { property: gscPropertyOf(search, config.siteUrl), fromSetting: search.gscProperty !== undefined },
  };
  const off = notSetUp('google', search);
  if (off || !search.gscServiceAccountFile) return { ...answer, email: null, readable: null, message: off };
  let email: string | null = null;
  try {
    const key = await readKeyFile(search.gscServiceAccountFile);
    email = key.email;
    const readable = await readableProperties(key, {
      apiUrl: search.gscApiUrl,
      tokens: tokenSource(key, search.requestTimeoutMs),
      timeoutMs: search.requestTimeoutMs,
    });
    return { ...answer, email, readable, message: null };
  } catch (error) {
    if (!(error instanceof SourceProblem || error instanceof RetryableFailure)) throw error;
    return { ...answer, email, readable: null, message: scrubSecrets(error.message, [search.bingApiKey]) };
  }
}

/** Starts a sync now; 409 when one is running (here or in another instance). */
export async function startSync(deps: SearchDeps): Promise<{ ok: true; started: true }> {
  if ((await lease(deps.db, searchLeaseName, 0).held()) || !deps.search.start()) {
    throw new HttpError(409, 'A sync is already running; its figures will show when it ends.');
  }
  return { ok: true, started: true };
}

/** Imports an export sent as base64 files; refuses what is not one, with the reason. */
export async function importUpload(db: Db, body: SearchImportBody, siteUrl: string): Promise<SearchImportAnswer> {
  try {
    const files = body.files.map((file) => ({ name: file.name, bytes: new Uint8Array(Buffer.from(file.data, 'base64')) }));
    const result = await importExport(db, files, { siteUrl });
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof ImportRefused) throw new HttpError(400, `${searchText.importRefusedPrefix}${error.message}`);
    throw error;
  }
}

/** Removes the imported export (its rows and roll-ups); 404 when there is none. */
export async function removeUpload(db: Db): Promise<SearchImportRemovedAnswer> {
  const rows = await removeImport(db);
  if (rows === 0) throw new HttpError(404, searchImportOverlap.noImport);
  return { ok: true, rows, message: searchImportOverlap.removed(rows) };
}

/**
 * What the AI generator's meta-tags form is prefilled with for a page: its current title and description (an admin
 * post's, or the built page's title) and its top queries in the period, so the prompt is grounded in them.
 */
export async function pagePrompt(db: Db, clientDir: string, page: string, query: SearchQuery): Promise<SearchTopPrompt> {
  const queries = await pageTopQueries(db, page, query);
  const built = builtPageHeads(clientDir).get(page);
  let title = built?.title ?? null;
  let description = built?.description ?? null;
  let postId: string | null = null;
  if (page.startsWith(postPath(''))) {
    const post = await postBySlug(db, page.slice(postPath('').length));
    if (post) {
      title = post.title;
      description = post.description;
      postId = post.id;
    }
  }
  return { ok: true, page, title, description, postId, queries };
}
