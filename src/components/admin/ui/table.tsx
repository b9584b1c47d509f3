/**
 * The admin's tables (shadcn/ui's Table: native elements, classes by cva, merged with cn). Two kinds:
 * - `list`: one record a row (posts, audits), rules under each row, cells top-aligned; `stack` shows each row as a
 *   block under 768 px, the headings kept for screen readers.
 * - `figures`: figures by day, page or referrer, rules between the rows, numbers in `numeric` cells (right-aligned,
 *   tabular figures).
 * Each part takes `className` for what one table needs besides.
 *
 *   <Table kind="figures" data-outbound>
 *     <TableHeader><TableRow><TableHead>Site</TableHead><TableHead numeric>Clicks</TableHead></TableRow></TableHeader>
 *     <TableBody>{rows.map((r) => <TableRow key={r.value}><TableCell>{r.label}</TableCell><TableCell numeric>{r.count}</TableCell></TableRow>)}</TableBody>
 *   </Table>
 */
import { type ComponentProps, createContext, useContext } from 'react';
import { cva } from 'class-variance-authority';
import { cn } from './cn';

type TableKind = 'list' | 'figures';
const KindContext = createContext<{ kind: TableKind; stack: boolean }>({ kind: 'figures', stack: false });
/** Whether a row is in the table's head (its headings) or its body. */
const InHeadContext = createContext(false);

const tableVariants = cva('w-full text-sm', { variants: { kind: { list: 'text-left', figures: '' } } });

const rowVariants = cva('', {
  variants: {
    kind: { list: '', figures: '' },
    head: { true: 'text-muted', false: 'border-slate-100' },
    stack: { true: '', false: '' },
  },
  compoundVariants: [
    { kind: 'list', head: true, class: 'border-b border-slate-200' },
    { kind: 'list', head: false, class: 'border-b align-top' },
    { kind: 'list', head: false, stack: true, class: 'max-md:block max-md:py-3' },
    { kind: 'figures', head: true, class: 'text-left' },
    { kind: 'figures', head: false, class: 'border-t' },
  ],
});

const headVariants = cva('font-medium', {
  variants: { kind: { list: 'py-2 pr-3', figures: 'pb-2' }, numeric: { true: 'text-right', false: '' } },
});

const cellVariants = cva('', {
  variants: {
    kind: { list: 'py-2 pr-3', figures: 'py-1' },
    numeric: { true: 'text-right tabular-nums', false: '' },
    stack: { true: 'max-md:block max-md:py-0.5', false: '' },
  },
});

export function Table({ kind = 'figures', stack = false, className, ...props }: ComponentProps<'table'> & { kind?: TableKind; stack?: boolean }) {
  return (
    <KindContext.Provider value={{ kind, stack }}>
      <table className={cn(tableVariants({ kind }), className)} {...props} />
    </KindContext.Provider>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('sr-only', className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  const { stack } = useContext(KindContext);
  return (
    <InHeadContext.Provider value={true}>
      <thead className={cn(stack && 'max-md:sr-only', className) || undefined} {...props} />
    </InHeadContext.Provider>
  );
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  const { kind, stack } = useContext(KindContext);
  const head = useContext(InHeadContext);
  return <tr className={cn(rowVariants({ kind, head, stack }), className)} {...props} />;
}

/** A column's heading (`scope="col"`); in the body, give `scope="row"` and the row's classes. */
export function TableHead({ className, numeric = false, scope = 'col', ...props }: ComponentProps<'th'> & { numeric?: boolean }) {
  const { kind } = useContext(KindContext);
  const head = useContext(InHeadContext);
  return <th scope={scope} className={cn(head && headVariants({ kind, numeric }), className) || undefined} {...props} />;
}

export function TableCell({ className, numeric = false, ...props }: ComponentProps<'td'> & { numeric?: boolean }) {
  const { kind, stack } = useContext(KindContext);
  return <td className={cn(cellVariants({ kind, numeric, stack }), className) || undefined} {...props} />;
}
