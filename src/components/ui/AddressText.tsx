/**
 * Text that may hold host names and web addresses, written so that a narrow screen wraps them where an address can
 * be read across lines: a host name only after its dots (each label kept whole), the path after its slashes or, for
 * a part longer than the line, anywhere. The rest of the text wraps as words do. Static markup: the same on the server
 * and in the browser.
 */
import { Fragment, type ReactNode } from 'react';

/** A host name (two labels or more, a top-level domain of letters), with its scheme and path when written. */
const addressPattern = /(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?![a-z0-9-])(?:[/?#][^\s,;)]*)?/gi;

/** A label longer than this may break anywhere (it could not fit a phone's line whole); a shorter one is kept whole. */
const wholeLabelMax = 30;

/**
 * Breaks after each dot of the host; the scheme stays with the first label. Each label is kept whole (a hyphen in it
 * is no place to wrap), except one too long for a phone's line. Inline, not inline-block: inline-block labels would
 * be read out as separate words ("bright-bakery. example"), in a button's name too.
 */
function Host({ host }: { host: string }) {
  const labels = host.split(/(?<=\.)/);
  return (
    <>
      {labels.map((label, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className={label.length > wholeLabelMax ? '[overflow-wrap:anywhere]' : 'whitespace-nowrap'} data-host-label="">
            {label}
          </span>
        </Fragment>
      ))}
    </>
  );
}

/** A path and query: offered breaks after each slash, and anywhere within a part wider than the line. */
export function Path({ path }: { path: string }) {
  const parts = path.split(/(?<=[/?&=])/);
  return (
    <span className="[overflow-wrap:anywhere]" data-address-path="">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

export function Address({ value }: { value: string }) {
  const split = /^((?:https?:\/\/)?[^/?#]+)(.*)$/.exec(value);
  const host = split?.[1] ?? value;
  const path = split?.[2] ?? '';
  return (
    <span data-address="">
      <Host host={host} />
      {path && (
        <>
          <wbr />
          <Path path={path} />
        </>
      )}
    </span>
  );
}

/**
 * `text` with each host name or address in it written as `Address` does, in one span: in a flex container (a button)
 * the pieces would otherwise each be an item, set apart by its gap and read out as separate words.
 */
export function AddressText({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(addressPattern)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    out.push(<Address key={at} value={match[0]} />);
    last = at + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) out.push(text.slice(last));
  return <span>{out}</span>;
}
