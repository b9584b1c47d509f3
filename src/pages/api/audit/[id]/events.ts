import { notFound, streamed } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { auditRow, readAudit } from '~/server/features/audit/service';

export const prerender = false;

/** How often the stream looks at the audit, and the longest it stays open (a queued audit's wait included). */
const everyMs = 400;
const longestMs = 5 * 60_000;

/**
 * GET: the audit's progress as server-sent events, one `progress` event per change, then `end` once it has finished
 * (the page then shows the results). Read from this process's memory while it runs the audit, from the database
 * otherwise (a waiting audit's place in the site-wide queue included), so any process can serve the stream.
 */
export const GET = route({}, async ({ params, runtime }) => {
  const id = params.id ?? '';
  const first = await auditRow(runtime.db, id);
  if (!first) return notFound('No such audit.');
  const encoder = new TextEncoder();
  let timer: NodeJS.Timeout | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const started = Date.now();
      let last = '';
      const send = (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      const look = async () => {
        const progress = (await readAudit(runtime.db, runtime.audits, id).catch(() => null))?.progress;
        if (!progress || progress.status === 'done' || progress.status === 'failed' || Date.now() - started > longestMs) {
          send('end', { status: progress?.status ?? 'failed' });
          controller.close();
          return;
        }
        const text = JSON.stringify(progress);
        if (text !== last) {
          last = text;
          send('progress', progress);
        }
        timer = setTimeout(() => void look().catch(() => controller.close()), everyMs);
      };
      void look().catch(() => controller.close());
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return streamed(stream, 'text/event-stream; charset=utf-8', { 'X-Robots-Tag': 'noindex' });
});
