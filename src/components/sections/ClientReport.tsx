/**
 * A client report as HTML: the page behind the client's read-only link, and the owner's preview in the admin. Static
 * markup (no script): headings in order, figures as description lists, tables with their headers, and each chart's
 * bars drawn beside their numbers written as text. The blocks are the PDF's (src/lib/report-layout.ts).
 */
import { Fragment } from 'react';
import { brandColours, logoMarkSvg } from '~/config/brand';
import { business } from '~/config/business';
import { reportSectionTitles, reportText } from '~/config/report';
import { type Block, layOutReport, showsSummary } from '~/lib/report-layout';
import { Address, AddressText, Path } from '~/components/ui/AddressText';
import type { ReportData } from '~/lib/report-types';

/** Values longer than this (a certificate's host names) are set smaller, so a host name's label fits a phone's line. */
const shortValue = 16;

function Figures({ block }: { block: Extract<Block, { type: 'figures' }> }) {
  return (
    // Two a row once the report is wide enough for two figures of the largest size side by side, one below the other
    // before: a number is never broken to fit.
    <dl className="grid grid-cols-[minmax(0,1fr)] gap-3 @lg/report:grid-cols-2">
      {block.items.map((item) => (
        <div key={item.label} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4" data-report-figure="">
          <dt className="text-sm font-medium text-muted">{item.label}</dt>
          {item.value.length > shortValue ? (
            <dd className="mt-1 text-base font-bold text-ink">
              <AddressText text={item.value} />
            </dd>
          ) : (
            <dd className="mt-1 text-2xl font-bold whitespace-nowrap text-ink tabular-nums">{item.value}</dd>
          )}
          {item.notes.map((note) => (
            <dd key={note} className="text-sm text-muted">
              {note}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

/** A table's first column: a page's address (its path) or a search, written so it wraps where it can be read across lines. */
const RowName = ({ text }: { text: string }) => (text.startsWith('/') ? <Path path={text} /> : <AddressText text={text} />);

/**
 * A table where the report is wide enough for its columns; on a phone each row as a block of its own, its figures
 * labelled by their columns (the same cells, so nothing is squeezed into columns a few letters wide).
 */
function Table({ block, id }: { block: Extract<Block, { type: 'table' }>; id: string }) {
  return (
    <>
      {/* Scrolls sideways if it must; reachable by keyboard, named by its caption. */}
      <div
        className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white @2xl/report:block"
        role="region"
        aria-labelledby={id}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
        tabIndex={0}
        data-report-table=""
      >
        <table className="w-full text-left text-sm">
          <caption id={id} className="px-4 pt-3 text-left text-sm text-muted">
            {block.caption}
          </caption>
          <thead>
            <tr>
              {block.columns.map((column, i) => (
                <th key={column} scope="col" className={`px-4 py-2 font-semibold text-ink ${block.numeric[i] ? 'text-right' : ''}`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r} className="border-t border-slate-100">
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-4 py-2 font-normal text-ink">
                      <RowName text={cell} />
                    </th>
                  ) : (
                    <td key={i} className={`px-4 py-2 text-ink ${block.numeric[i] ? 'text-right whitespace-nowrap tabular-nums' : ''}`}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white @2xl/report:hidden" data-report-rows="">
        <p className="px-4 pt-3 text-sm text-muted">{block.caption}</p>
        <ul className="divide-y divide-slate-100">
          {block.rows.map((row, r) => (
            <li key={r} className="grid grid-cols-[minmax(0,1fr)] gap-1 px-4 py-3 text-sm">
              <p className="font-medium text-ink">
                <RowName text={row[0] ?? ''} />
              </p>
              <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5">
                {row.slice(1).map((cell, i) => (
                  <Fragment key={i}>
                    <dt className="text-muted">{block.columns[i + 1]}</dt>
                    <dd className={`text-right text-ink ${block.numeric[i + 1] ? 'whitespace-nowrap tabular-nums' : ''}`}>{cell}</dd>
                  </Fragment>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function Chart({ block }: { block: Extract<Block, { type: 'chart' }> }) {
  const max = Math.max(1, ...block.points.map((p) => p.value));
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm text-muted">
        {block.caption} ({block.unit})
      </figcaption>
      {block.points.length === 0 ? (
        <p className="mt-2 text-sm text-muted italic">{reportText.noneInPeriod}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-1.5">
          {block.points.map((point, i) => (
            <li key={i} className="grid grid-cols-[7rem_minmax(0,1fr)_auto] items-center gap-2 text-sm">
              <span className="whitespace-nowrap text-muted">{point.label}</span>
              <span aria-hidden="true" className="h-3 rounded-sm bg-brand-600" style={{ width: `${Math.max(1, (100 * point.value) / max)}%` }} />
              <span className="min-w-[3ch] text-right font-semibold whitespace-nowrap text-ink tabular-nums">{point.text}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/**
 * A month-by-month trend: an SVG of bars (a month without data a dashed gap at the baseline, never a zero bar), named
 * by its caption and described by every month's figure; the same figures as a table beneath for anyone who reads them.
 */
function Trend({ block, id }: { block: Extract<Block, { type: 'trend' }>; id: string }) {
  const max = Math.max(1, ...block.points.map((p) => p.value ?? 0));
  const width = block.points.length * 10;
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-4" data-trend={block.measure}>
      <figcaption id={`${id}-caption`} className="text-sm text-muted">
        {block.caption} ({block.unit}). {reportText.trendGapNote}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-caption`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        className="mt-3 h-40 w-full"
      >
        <desc id={`${id}-desc`}>{block.points.map((p) => `${p.label}: ${p.text}`).join('; ')}</desc>
        <line x1="0" y1="100" x2={width} y2="100" stroke="#94a3b8" strokeWidth="1" vectorEffect="non-scaling-stroke" />
        {block.points.map((p, i) =>
          p.value === null ? (
            <rect
              key={p.month}
              data-month={p.month}
              data-gap=""
              x={i * 10 + 1.5}
              y="94"
              width="7"
              height="6"
              fill="none"
              stroke="#64748b"
              strokeDasharray="3 2"
              vectorEffect="non-scaling-stroke"
            />
          ) : (
            <rect
              key={p.month}
              data-month={p.month}
              data-value={p.value}
              x={i * 10 + 1.5}
              y={100 - (96 * p.value) / max}
              width="7"
              height={(96 * p.value) / max}
              className="fill-brand-600"
            />
          ),
        )}
      </svg>
      <div
        aria-hidden="true"
        className="mt-1 grid text-center text-[10px] text-muted sm:text-xs"
        style={{ gridTemplateColumns: `repeat(${block.points.length}, minmax(0, 1fr))` }}
      >
        {block.points.map((p) => (
          <span key={p.month}>{p.label.split(' ')[0]}</span>
        ))}
      </div>
      {/* Two narrow columns: fits a phone without the wide tables' scrolling region. */}
      <table className="mt-3 w-full text-left text-sm">
        <caption id={`${id}-table`} className="pb-1 text-left text-sm text-muted">
          {reportText.trendTable(block.caption)}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4 font-semibold text-ink">
              {reportText.trendMonth}
            </th>
            <th scope="col" className="py-1 text-right font-semibold text-ink">
              {block.measure}
            </th>
          </tr>
        </thead>
        <tbody>
          {block.points.map((p) => (
            <tr key={p.month} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-4 font-normal text-ink">
                {p.label}
              </th>
              <td className={`py-1 text-right tabular-nums ${p.value === null ? 'text-muted italic' : 'text-ink'}`}>{p.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function BlockView({ block, id, SubHeading }: { block: Block; id: string; SubHeading: 'h3' | 'h4' | 'h5' }) {
  switch (block.type) {
    case 'figures':
      return <Figures block={block} />;
    case 'table':
      return <Table block={block} id={id} />;
    case 'chart':
      return <Chart block={block} />;
    case 'trend':
      return <Trend block={block} id={id} />;
    case 'list':
      return (
        <div>
          <SubHeading className="font-semibold text-ink">{block.title}</SubHeading>
          <ul className="mt-1 grid grid-cols-[minmax(0,1fr)] list-disc gap-1 pl-5 text-sm text-ink">
            {block.items.map((item, i) => (
              <li key={i}>
                <AddressText text={item} />
              </li>
            ))}
          </ul>
        </div>
      );
    case 'paragraph':
      return <p className="text-ink">{block.text}</p>;
    case 'none':
      return <p className="text-muted italic">{block.text}</p>;
  }
}

export interface ClientReportProps {
  data: ReportData;
  summary: string;
  /** The PDF's address, when the reader may download it. */
  pdfHref?: string;
  /** The level of the report's title: 1 on its own page, 3 inside the admin's preview. */
  titleLevel?: 1 | 2 | 3;
}

export function ClientReport({ data, summary, pdfHref, titleLevel = 1 }: ClientReportProps) {
  const Title = `h${titleLevel}` as 'h1' | 'h2' | 'h3';
  const Heading = `h${titleLevel + 1}` as 'h2' | 'h3' | 'h4';
  const SubHeading = `h${titleLevel + 2}` as 'h3' | 'h4' | 'h5';
  const sections = layOutReport(data);
  return (
    // Its own container: its figures and tables re-flow by the report's width (the client's page or the admin's preview),
    // and words break only where a word can (the page's own rule lets any word break anywhere, splitting figures and
    // headings once a grid or table squeezes them).
    <article className="@container/report grid grid-cols-[minmax(0,1fr)] gap-8 wrap-break-word" aria-labelledby="report-title">
      <header className="rounded-2xl p-6 text-white" style={{ backgroundColor: brandColours.brand700 }}>
        <p className="flex items-center gap-2 font-semibold">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" dangerouslySetInnerHTML={{ __html: logoMarkSvg(brandColours.brand800) }} />
          {business.name}
        </p>
        <Title id="report-title" className="mt-3 text-2xl font-bold text-balance sm:text-3xl">
          {reportText.title(data.site.name, data.period.label)}
        </Title>
        <p className="mt-2 text-brand-100">
          {reportText.preparedFor(data.site.clientName)} · <Address value={data.site.url} />
        </p>
        <p className="text-brand-100">{reportText.preparedBy(business.owner.name, business.name)}</p>
      </header>
      {showsSummary(data) && (
        <section aria-labelledby="report-summary" className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <Heading id="report-summary" className="text-xl font-bold text-ink">
            {reportSectionTitles.summary}
          </Heading>
          {summary.trim() ? <p className="whitespace-pre-line text-ink">{summary}</p> : <p className="text-muted italic">{reportText.summaryMissing}</p>}
        </section>
      )}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`report-${section.id}`} className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <Heading id={`report-${section.id}`} className="text-xl font-bold text-ink">
            {section.title}
          </Heading>
          {section.blocks.map((block, i) => (
            <BlockView key={i} block={block} id={`report-${section.id}-${i}`} SubHeading={SubHeading} />
          ))}
        </section>
      ))}
      {pdfHref && (
        <p>
          <a href={pdfHref} className="font-semibold text-brand-700 underline underline-offset-2">
            {reportText.pdfLink}
          </a>
        </p>
      )}
    </article>
  );
}
