import { a11yMessages, a11yToggles, fontSizeBounds } from '~/config/accessibility';
import { paths } from '~/config/paths';

/**
 * The accessibility launcher, on every page. Its dialog (AccessibilityDialog) is not sent with the pages: it is
 * pre-rendered once (src/pages/accessibility-panel.json.ts) and added by src/lib/a11y-panel.ts, which gives both their
 * behaviour (no framework). The launcher is hidden when JavaScript is off, since the settings need it.
 */
export function AccessibilityLauncher() {
  return (
    <button
      type="button"
      id="a11y-launcher"
      data-needs-script=""
      aria-haspopup="dialog"
      className="a11y-launcher fixed right-4 z-40 inline-flex h-12 w-12 items-center justify-center rounded-full border border-transparent bg-brand-800 text-white shadow-lg hover:bg-brand-600"
    >
      <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true" fill="currentColor">
        <circle cx="12" cy="4" r="2" />
        <path d="M4 7.5l8 1.5 8-1.5.4 1.9-5.4 1.2v3.4l2.3 7-1.9.6L13 14.7h-2l-2.4 6.9-1.9-.6 2.3-7v-3.4L3.6 9.4z" />
      </svg>
      <span className="sr-only">Accessibility options</span>
    </button>
  );
}

/** The accessibility settings as a modal dialog: font size, the five modes, reset, and the statement. */
export function AccessibilityDialog() {
  return (
    <dialog
      id="a11y-panel"
      aria-labelledby="a11y-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id="a11y-title" className="text-lg font-bold">
          Accessibility options
        </h2>
        <button
          type="button"
          data-a11y-close=""
          className="rounded-md px-2 py-1 text-2xl leading-none hover:bg-slate-100"
          aria-label="Close accessibility options"
        >
          ×
        </button>
      </div>
      <div className="space-y-5 px-5 py-5">
        <div role="group" aria-labelledby="a11y-font-size-label">
          <p id="a11y-font-size-label" className="font-semibold">
            Font size
          </p>
          <div className="mt-2 flex items-center gap-3">
            <button type="button" data-a11y-font="down" className="btn-secondary h-11 w-11 px-0 text-xl" aria-label="Decrease font size">
              −
            </button>
            <output data-a11y-font-value="" aria-live="polite" className="min-w-16 text-center text-lg font-bold">
              {fontSizeBounds.default}%
            </output>
            <button type="button" data-a11y-font="up" className="btn-secondary h-11 w-11 px-0 text-xl" aria-label="Increase font size">
              +
            </button>
          </div>
        </div>
        <ul className="space-y-3">
          {a11yToggles.map((toggle) => (
            <li key={toggle.key}>
              <label className="flex cursor-pointer items-center justify-between gap-4 rounded-xl border border-slate-200 p-3 hover:bg-slate-50">
                <span>
                  <span className="block font-semibold">{toggle.label}</span>
                  <span className="block text-sm text-muted">{toggle.hint}</span>
                </span>
                <input type="checkbox" role="switch" data-a11y-toggle={toggle.key} className="a11y-switch" />
              </label>
            </li>
          ))}
        </ul>
        <button type="button" data-a11y-reset="" className="btn-secondary w-full">
          Reset All Settings
        </button>
      </div>
      <p className="border-t border-slate-200 px-5 py-4 text-sm text-muted">
        {a11yMessages.complianceNote}{' '}
        <a href={paths.rootPage('accessibility-statement')} className="link">
          Accessibility statement
        </a>
      </p>
    </dialog>
  );
}
