/**
 * The admin's navigation: its twelve destinations in five groups (`adminGroups`). Below 1024 px one Menu button
 * listing every group; a wider screen a row of the groups, each a disclosure of its places (a group of one is a link).
 * Every destination is two activations away. Disclosure buttons, not an ARIA menu (the WAI disclosure navigation
 * pattern): Escape closes and returns focus to the button, and a click or focus outside closes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { type AdminGroup, type AdminPlace, adminGroups, adminPlace, groupOf } from '~/config/admin';
import { cn } from './ui/cn';
import { onTabChosen } from './tab-event';

type Open = 'menu' | AdminGroup['id'] | null;

const itemClass =
  'flex min-h-11 items-center rounded-lg px-3 font-medium whitespace-nowrap text-ink hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';
const panelClass = 'z-40 rounded-lg border border-slate-200 bg-white p-2 shadow-lg';

export function AdminNav({ current: initial }: { current?: AdminPlace }) {
  const [open, setOpen] = useState<Open>(null);
  const [current, setCurrent] = useState(initial);
  const nav = useRef<HTMLElement>(null);
  const buttons = useRef<Partial<Record<NonNullable<Open>, HTMLButtonElement | null>>>({});
  const id = useId();
  const currentGroup = current && groupOf(current).id;

  // The dashboard changes tab without a new page: the place marked current follows it.
  useEffect(() => onTabChosen(setCurrent), []);

  // While a group is open: Escape closes it and puts focus back on its button; a click or focus outside closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      buttons.current[open]?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function toggle(which: NonNullable<Open>) {
    setOpen((was) => (was === which ? null : which));
  }

  const link = (place: AdminPlace) => {
    const { label, href } = adminPlace(place);
    return (
      <li key={place}>
        <a href={href} aria-current={place === current ? 'page' : undefined} className={itemClass}>
          {label}
        </a>
      </li>
    );
  };

  const disclosure = (which: NonNullable<Open>, label: string, marked: boolean) => (
    <button
      ref={(el) => {
        buttons.current[which] = el;
      }}
      type="button"
      aria-expanded={open === which}
      aria-controls={`${id}-${which}`}
      onClick={() => toggle(which)}
      className={cn(itemClass, 'gap-1', marked && 'bg-brand-50 text-brand-800')}
    >
      {label}
      <svg aria-hidden="true" viewBox="0 0 16 16" className={cn('size-4 transition-transform', open === which && 'rotate-180')}>
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );

  return (
    <nav ref={nav} aria-label="Admin">
      {/* A phone or tablet: one menu, every group in it. */}
      <div className="lg:hidden">
        {disclosure('menu', 'Menu', false)}
        <div id={`${id}-menu`} hidden={open !== 'menu'} className={cn(panelClass, 'absolute inset-x-2 top-full mt-1 grid gap-2')}>
          {adminGroups.map((group) =>
            group.places.length === 1 ? (
              <ul key={group.id}>{link(group.places[0])}</ul>
            ) : (
              <div key={group.id}>
                <p id={`${id}-${group.id}-label`} className="px-3 pt-1 text-sm font-semibold text-muted">
                  {group.label}
                </p>
                <ul aria-labelledby={`${id}-${group.id}-label`}>{group.places.map(link)}</ul>
              </div>
            ),
          )}
        </div>
      </div>
      {/* Wider: the groups in a row. */}
      <ul className="hidden gap-1 lg:flex">
        {adminGroups.map((group) =>
          group.places.length === 1 ? (
            link(group.places[0])
          ) : (
            <li key={group.id} className="relative">
              {disclosure(group.id, group.label, group.id === currentGroup)}
              <ul id={`${id}-${group.id}`} hidden={open !== group.id} className={cn(panelClass, 'absolute top-full left-0 mt-1 min-w-48')}>
                {group.places.map(link)}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
