/** The post as its page shows it: the server renders what is typed (debounced), with the public page's pipeline. */
import type { PostFields } from '~/lib/posts';
import { usePostRender } from '../data/queries';
import { Card } from '../ui/card';
import { useDebounced } from './use-debounced';

export function PreviewCard({ fields }: { fields: PostFields }) {
  const renderInput = useDebounced(
    JSON.stringify({ title: fields.title, description: fields.description, body: fields.body, coverId: fields.coverId, coverAlt: fields.coverAlt }),
    400,
  );
  const rendered = usePostRender(renderInput);
  return (
    <Card title="Preview">
      <article className="rounded-lg border border-slate-200 bg-white p-4">
        <p className="eyebrow">Guide</p>
        <p className="mt-2 text-3xl font-extrabold tracking-tight text-ink">{fields.title || 'Untitled'}</p>
        <p className="mt-3 text-lg text-muted">{fields.description}</p>
        {rendered.isError ? (
          <p className="mt-4 text-sm text-red-800">{rendered.error.message}</p>
        ) : (
          // The server's rendering: the same Markdown pipeline and allow-list as the public page.
          <div className="prose mt-6" dangerouslySetInnerHTML={{ __html: rendered.data?.html ?? '' }} />
        )}
      </article>
    </Card>
  );
}
