/**
 * Alert webhook calls (ALERT_WEBHOOK_URL): the webhook channel of the durable queue (platform/queue.ts), queued in
 * the same transaction as the alert, like the e-mail outbox, then delivered by the queue: claimed under a lease (so
 * two instances, or a restart mid-call, do not send one twice), retried with exponential backoff or the receiver's
 * Retry-After until it answers 2xx.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { deliverQueue, queuedRow, RetryLater, type Channel, type QueueTiming } from '../../platform/queue';
import { retryAfterMs } from '../../platform/retry.mjs';

/**
 * Bidirectional controls (LRM, RLM, ALM, the embeddings and overrides, the isolates): a client's page title with a
 * right-to-left override shows its text reversed in the owner's chat, so it can pass for something else.
 */
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Text from a watched site (or typed by the owner) is data in every format: never a control, mention or link. */
const plain = (text: string) => text.replace(bidiControls, '');

/** Slack reads `<!channel>`, `<@U123>` and `<https://…|label>` in `text`: its own escaping (`& < >`) makes them text. */
const slackEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const slackChar = (char: string) => slackEscapes[char] ?? char;

/**
 * Discord reads Markdown in `content` (`[label](https://…)` is a link under a label of the sender's choice, `@everyone`
 * and `<@id>` mentions): each Markdown character is escaped with a backslash, and `allowed_mentions` pings no one.
 */
const discordChar = (char: string) => (/[\\*_~`|<>#\-[\]()@:]/.test(char) ? `\\${char}` : char);

/** The most a chat message holds (Discord's `content`: 2,000 characters) with room to spare. */
const messageMax = 1900;

/**
 * `text` escaped character by character, cut to leave room for the owner's link after it: never in the middle of an
 * escape (a cut `&am` or a lone backslash would be read as something else), and the link always whole.
 */
function escapedMessage(text: string, link: string, escape: (char: string) => string): string {
  const room = messageMax - link.length - 1;
  let out = '';
  for (const char of text) {
    const escaped = escape(char);
    if (out.length + escaped.length > room) break;
    out += escaped;
  }
  return `${out}\n${link}`;
}

/**
 * The JSON body, one for every kind of receiver: `text` (Slack and Slack-compatible, its escaping), `content` and
 * `allowed_mentions` (Discord, Markdown escaped, no mentions), `message` and `title` (ntfy's JSON form, plain text:
 * `markdown: false`), and the alert's facts for anything else. Every string in it is without bidirectional controls.
 * The owner's link to the alerts is the site's own and stays a link.
 */
export function webhookBody(facts: {
  event: 'opened' | 'escalated' | 'updated' | 'reminder' | 'closed';
  site: string;
  siteUrl: string;
  title: string;
  detail: string;
  urgent: boolean;
  alertId: string;
  link: string;
}) {
  const prefix = facts.event === 'closed' ? 'Resolved: ' : facts.event === 'reminder' ? 'Still open: ' : facts.urgent ? 'URGENT: ' : '';
  const site = plain(facts.site);
  const title = plain(facts.title);
  const detail = plain(facts.detail);
  const head = `${prefix}${site}: ${title}`;
  // Slack reads entities everywhere in `text`, the link's `&` included.
  const text = escapedMessage(`${head}\n${detail}`, [...facts.link].map(slackChar).join(''), slackChar);
  const content = escapedMessage(`${head}\n${detail}`, facts.link, discordChar);
  return {
    ...facts,
    site,
    siteUrl: plain(facts.siteUrl),
    detail,
    text,
    content,
    allowed_mentions: { parse: [] as string[] },
    title: head.slice(0, 200),
    message: escapedMessage(detail, facts.link, (char) => char),
    markdown: false,
    alertTitle: title,
  };
}

export async function enqueueWebhook(trx: Db | Transaction<Database>, call: { alertId: string; url: string; body: unknown; now: number; notBefore: number }) {
  await trx
    .insertInto('watch_webhooks')
    .values({ id: randomUUID(), alert_id: call.alertId, url: call.url, body: JSON.stringify(call.body), ...queuedRow(call.now, call.notBefore) })
    .execute();
}

/** The webhook channel: one POST of the stored body; its answer is never read, only its status. */
function webhookChannel(timeoutMs: number): Channel<'watch_webhooks'> {
  return {
    table: 'watch_webhooks',
    async deliver(row) {
      let response: Response;
      try {
        response = await fetch(row.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: row.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // fetch's own message is "fetch failed"; the cause says why (refused, timed out, a bad certificate).
        throw new RetryLater(error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error), null);
      }
      await response.body?.cancel().catch(() => null);
      if (!response.ok) throw new RetryLater(`answered ${response.status}`, retryAfterMs(response.headers.get('retry-after')));
    },
  };
}

/** Sends every due call once; a failure is tried again later. Returns how many were sent and how many failed. */
export function deliverWebhooks(db: Db, timing: QueueTiming & { timeoutMs: number }, now = Date.now(), batch = 20) {
  return deliverQueue(db, webhookChannel(timing.timeoutMs), timing, now, batch);
}
