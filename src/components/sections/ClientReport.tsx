/**
 * A client report as HTML: the page behind the client's read-only link, and the owner's preview in the admin. Static
 * markup (no script): headings in order, figures as description lists, tables with their headers, and each chart's
 * bars drawn beside their numbers written as text. The blocks are the PDF's (src/lib/report-layout.ts).
 */
import { Fragment } from 'react';
import { brandColours, logoMarkSvg } from '~/config/brand';
import { business } from '~/config/business';
import { reportSectionTitles, reportText } from '~/config/report';
import { type Block, layOutReport } from '~/lib/report-layout';
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

function BlockView({ block, id, SubHeading }: { block: Block; id: string; SubHeading: 'h3' | 'h4' | 'h5' }) {
  switch (block.type) {
    case 'figures':
      return <Figures block={block} />;
    case 'table':
      return <Table block={block} id={id} />;
    case 'chart':
      return <Chart block={block} />;
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
      <section aria-labelledby="report-summary" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <Heading id="report-summary" className="text-xl font-bold text-ink">
          {reportSectionTitles.summary}
        </Heading>
        {summary.trim() ? <p className="whitespace-pre-line text-ink">{summary}</p> : <p className="text-muted italic">{reportText.summaryMissing}</p>}
      </section>
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
