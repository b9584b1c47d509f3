import { CtaButtons } from './CtaButtons';
import { describeRange, pricingTerms, type ServiceOffer } from '~/config/pricing';
import { Icon } from './Icon';

/**
 * Indicative price for a service or landing page; the same range is in its Service structured data.
 * Services without a published range are quoted after the free consultation.
 */
export function PriceBox({ offer }: { offer?: ServiceOffer }) {
  return (
    <aside aria-label="Pricing" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <p className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Icon name="pound" className="h-4 w-4" /> {offer ? offer.name : 'Pricing'}
      </p>
      <p className="mt-2 text-2xl font-bold text-ink">{offer ? describeRange(offer.range) : 'Tailored quote'}</p>
      {offer && offer.items.length > 0 && (
        <ul className="mt-4 space-y-2 text-sm text-slate-700">
          {offer.items.map((item) => (
            <li key={item.name} className="flex flex-wrap justify-between gap-x-4">
              <span>{item.name}</span>
              <span className="font-semibold text-ink">{describeRange(item.range)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm text-muted">
        {offer?.range.unit === 'month'
          ? `Retainers have a ${pricingTerms.minimumTermMonths}-month minimum, then ${pricingTerms.noticeDays} days' notice. `
          : ''}
        Every engagement starts with a free {pricingTerms.consultationMinutes}-minute consultation.
      </p>
      <CtaButtons stacked className="mt-5" />
    </aside>
  );
}
