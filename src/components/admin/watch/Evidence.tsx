/**
 * An alert's evidence (the crawl's changes, the response, the chart point) as the owner reads it: names in words,
 * lists as lists, nested parts indented, long lists cut short. Each check records its own shape; this reads any of them.
 */
import { Fragment } from 'react';
import { AddressText } from '~/components/ui/AddressText';

/** Lists longer than this show their first items and a count of the rest. */
const shownItems = 30;

/** `responseMs` → "Response ms", `http_to_https` → "Http to https". */
const nameOf = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const none = <span className="text-muted">none</span>;

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return none;
  if (typeof value === 'boolean') return <>{value ? 'yes' : 'no'}</>;
  if (typeof value !== 'object')
    return (
      <span className="break-words whitespace-pre-wrap">
        <AddressText text={String(value)} />
      </span>
    );
  if (Array.isArray(value)) {
    if (value.length === 0) return none;
    return (
      <ul className="grid list-disc gap-1 pl-5">
        {value.slice(0, shownItems).map((item, i) => (
          <li key={i}>
            <Value value={item} />
          </li>
        ))}
        {value.length > shownItems && <li className="text-muted">and {value.length - shownItems} more</li>}
      </ul>
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return none;
  return (
    <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
      {entries.map(([key, inner]) => (
        <Fragment key={key}>
          <dt className="font-medium text-muted">{nameOf(key)}</dt>
          <dd className="min-w-0 pl-3 sm:pl-0">
            <Value value={inner} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function Evidence({ value }: { value: unknown }) {
  return (
    <div className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-sm text-ink">
      <Value value={value} />
    </div>
  );
}
