/**
 * The admin's small building blocks, in the manner of shadcn/ui: native elements, variants with cva, classes merged
 * with cn (tailwind-merge), composable.
 * Server-rendered or hydrated alike; no state of their own.
 */
import { type ComponentProps, type ReactNode, useId, useSyncExternalStore } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { formatExact, formatRelative } from '~/lib/format';
import { cn } from './cn';
import { plural } from '~/lib/plural.mjs';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
        secondary: 'border border-slate-300 bg-white text-ink hover:bg-slate-50 disabled:text-slate-500',
        danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
        ghost: 'text-brand-700 underline-offset-2 hover:underline disabled:text-slate-500',
      },
      size: { md: 'min-h-11 px-4', sm: 'min-h-9 px-3 text-sm' },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);
type ButtonVariants = VariantProps<typeof buttonVariants>;

/** A button's classes, for a link that looks like one. */
export function buttonClass(variant: ButtonVariants['variant'] = 'primary', size: ButtonVariants['size'] = 'md') {
  return buttonVariants({ variant, size });
}

const noSubscription = () => () => {};

/** False in the server-rendered HTML and during hydration, true once React handles events. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A submit button stays disabled until its form is hydrated: the admin's forms are sent by script, and a native
 * submission before that would put what was typed, a password included, into the address bar.
 */
export function Button({ variant, size, className, type = 'button', disabled, ...props }: ComponentProps<'button'> & ButtonVariants) {
  const hydrated = useHydrated();
  const waiting = type === 'submit' && !hydrated;
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} disabled={disabled || waiting} {...props} />;
}

export function Card({
  title,
  headingLevel = 2,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <Heading className="text-lg font-semibold text-ink">{title}</Heading>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      neutral: 'bg-slate-100 text-slate-800',
      good: 'bg-emerald-100 text-emerald-900',
      warn: 'bg-amber-100 text-amber-900',
      bad: 'bg-red-100 text-red-900',
      info: 'bg-brand-50 text-brand-800',
    },
  },
  defaultVariants: { variant: 'neutral' },
});
export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ variant, children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={badgeVariants({ variant })}>{children}</span>;
}

/** A labelled control with its hint and error, tied to it for screen readers; `control` draws the control itself. */
function LabelledControl({
  label,
  error,
  hint,
  control,
}: {
  label: string;
  error?: string;
  hint?: string;
  control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function Field({ label, error, hint, ...input }: ComponentProps<'input'> & { label: string; error?: string; hint?: string; name: string }) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(ids) => (
        <input {...ids} className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink aria-invalid:border-red-700" {...input} />
      )}
    />
  );
}

export function TextAreaField({ label, error, hint, ...input }: ComponentProps<'textarea'> & { label: string; error?: string; hint?: string }) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(ids) => (
        <textarea {...ids} className="rounded-lg border border-slate-400 bg-white p-3 font-mono text-sm text-ink aria-invalid:border-red-700" {...input} />
      )}
    />
  );
}

/** One line of a description list (`<dl>`): a label and its value, side by side from 640 px. */
/** One choice of a few, as a row of buttons: native radios (arrow keys move between them) inside their labels. */
export function SegmentedControl<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex rounded-lg border border-slate-300 bg-white p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold text-muted has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
        >
          <input type="radio" name={name} value={option.id} checked={option.id === value} onChange={() => onChange(option.id)} className="sr-only" />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A wide table's scroll box on a narrow screen: reachable by keyboard and named, so it can be scrolled without a mouse. */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-3 focus-visible:outline-brand-600">
      {children}
    </div>
  );
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-ink">{label}</dt>
      <dd className="break-words text-muted">{children}</dd>
    </div>
  );
}

/** A message box: `role="alert"` for errors so they are announced when they appear. */
const noticeVariants = cva('rounded-lg p-3 text-sm font-medium', {
  variants: { tone: { info: 'bg-brand-50 text-brand-800', error: 'bg-red-50 text-red-900', success: 'bg-emerald-50 text-emerald-900' } },
  defaultVariants: { tone: 'info' },
});

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={noticeVariants({ tone })}>
      {children}
    </p>
  );
}

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

/** A labelled native select with an "All" choice first, for the GET filter forms. */
export function FilterSelect<T extends string>({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: T | 'all';
  options: readonly { value: T; label: string }[];
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="min-h-11 rounded-lg border border-slate-400 bg-white px-3">
        <option value="all">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Newer" and "Older" links between pages of a list; nothing when there is one page. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex gap-3">
      {page > 1 && (
        <a href={href(page - 1)} className={buttonClass('secondary')}>
          Newer
        </a>
      )}
      {page < pages && (
        <a href={href(page + 1)} className={buttonClass('secondary')}>
          Older
        </a>
      )}
    </nav>
  );
}

/** "12 enquiries, page 2 of 3." */
export function countText(total: number, one: string, many: string, page: number, pages: number, none: string) {
  if (total === 0) return none;
  return `${plural(total, one, many)}${pages > 1 ? `, page ${page} of ${pages}` : ''}.`;
}
