import { brandColours } from '~/config/brand';
import { business, fullAddress, mapEmbedUrl, mapUrl } from '~/config/business';

/**
 * A drawing of the area with a button to load the real map: no request to the map provider until the visitor asks
 * (src/lib/map-facade.ts swaps in the frame). Without JavaScript the same control opens the map site.
 */
export function MapFacade() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div data-map-frame="" data-embed={mapEmbedUrl} className="relative aspect-[16/9] min-h-48 w-full bg-slate-100">
        <svg viewBox="0 0 640 360" className="absolute inset-0 h-full w-full" aria-hidden="true" preserveAspectRatio="xMidYMid slice">
          <rect width="640" height="360" fill="#e8eef3" />
          <path d="M0 250 C160 230 250 120 640 140" stroke="#fff" strokeWidth="22" fill="none" />
          <path d="M120 0 L200 360" stroke="#fff" strokeWidth="16" fill="none" />
          <path d="M0 90 L640 60" stroke="#fff" strokeWidth="12" fill="none" />
          <path d="M430 0 L470 360" stroke="#fff" strokeWidth="12" fill="none" />
          <rect x="230" y="160" width="90" height="60" rx="6" fill="#cbd5e1" />
          <rect x="500" y="190" width="100" height="110" rx="6" fill="#cbd5e1" />
          <circle cx="560" cy="40" r="30" fill="#bbf7d0" />
          <path d="M330 190 c0-22 18-36 34-36 s34 14 34 36c0 26-34 56-34 56s-34-30-34-56z" fill={brandColours.brand600} />
          <circle cx="364" cy="190" r="12" fill="#fff" />
        </svg>
        <a
          href={mapUrl}
          data-map-load=""
          data-needs-script=""
          rel="noopener"
          className="btn-primary absolute inset-x-4 bottom-4 mx-auto w-fit text-center shadow-lg"
        >
          Show the interactive map
        </a>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
        <p>
          <span className="font-semibold text-ink">{business.name}</span>, {fullAddress}
        </p>
        <a href={mapUrl} className="link" rel="noopener">
          Find me on OpenStreetMap
        </a>
      </div>
      <p className="px-4 pb-4 text-xs text-muted">The interactive map is provided by OpenStreetMap and loads only when you ask for it.</p>
    </div>
  );
}
