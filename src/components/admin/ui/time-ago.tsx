import { formatExact, formatRelative } from '~/lib/format';

/** A relative time ("5 minutes ago") with the exact time for screen readers, on hover and in the markup. */
export function TimeAgo({ at, now }: { at: number; now: number }) {
  const exact = formatExact(at);
  return (
    <time dateTime={new Date(at).toISOString()} title={exact}>
      {formatRelative(at, now)}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}
