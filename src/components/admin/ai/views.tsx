/** The generator's pieces of display: a text's length against its limits, a search-result preview, a history entry. */
import { aiContentTypeLabels, aiLimits } from '~/config/ai';
import type { AiGeneration } from '~/lib/admin-types';
import { AiOutcomeBadge } from '../labels';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { TimeAgo } from '../ui/time-ago';
import { copyText, formatNumber, type MetaTags } from './output';
import { plural } from '~/lib/plural.mjs';

export function LengthLine({ label, text, min, max }: { label: string; text: string; min: number; max: number }) {
  const length = [...text].length;
  const fits = length >= min && length <= max;
  return (
    <div className="grid gap-1">
      <dt className="flex flex-wrap items-center gap-2 font-medium text-ink">
        {label}
        <Badge variant={fits ? 'good' : 'warn'}>
          {plural(length, 'character')} ({min > 1 ? `${min}–${max}` : `at most ${max}`})
        </Badge>
      </dt>
      <dd className="break-words text-ink">{text}</dd>
    </div>
  );
}

export function MetaView({ meta, siteOrigin }: { meta: MetaTags; siteOrigin: string }) {
  const { titleMax, descriptionMin, descriptionMax } = aiLimits.meta;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3">
        <LengthLine label="Title" text={meta.title} min={1} max={titleMax} />
        <LengthLine label="Description" text={meta.description} min={descriptionMin} max={descriptionMax} />
      </dl>
      <figure className="grid gap-2">
        <figcaption className="text-sm font-medium text-muted">Search result preview</figcaption>
        <div className="max-w-[600px] rounded-lg border border-slate-200 bg-white p-4 font-[Arial,sans-serif]">
          <p className="truncate text-sm text-slate-700">{siteOrigin.replace(/^https?:\/\//, '')}</p>
          <p className="mt-1 line-clamp-1 text-xl text-[#1a0dab]">{meta.title}</p>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700">{meta.description}</p>
        </div>
      </figure>
    </div>
  );
}

export function HistoryItem({
  item,
  now,
  onOpen,
  onDelete,
}: {
  item: AiGeneration;
  now: number;
  onOpen: (item: AiGeneration) => void;
  onDelete: (item: AiGeneration) => void;
}) {
  const tokens = item.inputTokens !== null || item.outputTokens !== null ? ` · ${formatNumber((item.inputTokens ?? 0) + (item.outputTokens ?? 0))} tokens` : '';
  const label = `${aiContentTypeLabels[item.type]} from ${new Date(item.at).toLocaleString('en-GB')}`;
  return (
    <li className="grid gap-2 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant="info">{aiContentTypeLabels[item.type]}</Badge>
        <AiOutcomeBadge outcome={item.outcome} />
        <span className="text-sm text-muted">
          <TimeAgo at={item.at} now={now} /> · {item.model} · {(item.durationMs / 1000).toFixed(1)} s{tokens}
        </span>
      </p>
      <p className="line-clamp-2 break-words text-ink">{item.prompt}</p>
      {item.message && <p className="text-sm text-muted">{item.message}</p>}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => onOpen(item)} disabled={item.output === ''} aria-label={`Open ${label}`}>
          Open
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void copyText(item.output)} disabled={item.output === ''} aria-label={`Copy ${label}`}>
          Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDelete(item)} aria-label={`Delete ${label}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
