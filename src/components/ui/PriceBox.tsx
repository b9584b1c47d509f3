import { describeRange, pricingTerms, type PriceRange } from '../../config/pricing';
import { paths } from '../../config/paths';
import { Icon } from './Icon';

/** Indicative price for a service or audience page; the same range is in its Service structured data. */
export function PriceBox({ label, range, items = [] }: { label: string; range: PriceRange; items?: readonly { name: string; range: PriceRange }[] }) {
  return (
    <aside aria-label="Indicative pricing" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <p className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Icon name="pound" className="h-4 w-4" /> {label}
      </p>
      <p className="mt-2 text-2xl font-bold text-ink">{describeRange(range)}</p>
      {items.length > 0 && (
        <ul className="mt-4 space-y-2 text-sm text-slate-700">
          {items.map((item) => (
            <li key={item.name} className="flex justify-between gap-4">
              <span>{item.name}</span>
              <span className="font-semibold whitespace-nowrap text-ink">{describeRange(item.range)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm text-muted">
        Retainers have a {pricingTerms.minimumTermMonths}-month minimum, then {pricingTerms.noticeDays} days' notice. Every
        engagement starts with a free {pricingTerms.consultationMinutes}-minute consultation.
      </p>
      <a href={paths.contact('audit')} className="btn-primary mt-5 w-full">
        Ask for a quote
      </a>
    </aside>
  );
}
