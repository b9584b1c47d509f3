import { auditLimits, auditMessages } from '~/config/audit';
import { business } from '~/config/business';
import { paths } from '~/config/paths';
import { honeypotField } from '~/lib/contact';
import { rules } from '~/lib/sitecheck-rules.mjs';
import { PageHero } from '~/components/ui/PageHero';

/**
 * The audit form: one labelled field and a button, a plain HTML form that posts (the page's few inline lines add how
 * long it was open and a busy state; nothing else runs in the browser).
 */
export function AuditForm({
  value = '',
  error,
  headingLevel = 2,
  narrow = false,
}: {
  value?: string;
  error?: string;
  headingLevel?: 2 | 3;
  /** In a half-width column the field and the button stack at every width, so the address stays readable. */
  narrow?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <form method="post" action={paths.auditApi} data-audit-form className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
      <Heading className="text-xl font-semibold text-ink">Audit your site now</Heading>
      {error && (
        <p role="alert" id="audit-url-error" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="mt-4">
        <label htmlFor="audit-url" className="block text-sm font-semibold text-ink">
          {auditMessages.fieldLabel}
        </label>
        <p id="audit-url-hint" className="text-sm text-muted">
          {auditMessages.fieldHint}
        </p>
        <div className={`mt-2 flex flex-col gap-3 ${narrow ? '' : 'sm:flex-row'}`}>
          <input
            id="audit-url"
            name="url"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            required
            maxLength={2048}
            defaultValue={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'audit-url-hint audit-url-error' : 'audit-url-hint'}
            className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-red-700' : 'border-slate-400'}`}
          />
          <button type="submit" className="btn-primary shrink-0">
            {auditMessages.submit}
          </button>
        </div>
      </div>
      <input type="hidden" name="elapsed" value="" />
      {/* Honeypot, as on the contact form: hidden from people and assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="audit-hp">Leave this field empty</label>
        <input id="audit-hp" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="mt-4 text-xs text-muted">
        Up to {auditLimits.maxPages} pages, in under a minute. The address and its report are kept {auditLimits.retentionDays} days; see the{' '}
        <a href={paths.rootPage('privacy-policy')} className="link">
          privacy policy
        </a>
        .
      </p>
    </form>
  );
}

const checks = Object.values(rules)
  .filter((rule) => rule.severity !== 'notice')
  .map((rule) => rule.title);

/** /free-seo-audit: the form, what it checks and how, and the contact form one click away. */
export function FreeAuditPage({ value, error }: { value?: string; error?: string }) {
  return (
    <>
      <PageHero
        eyebrow="Free SEO audit"
        title="Free instant SEO audit"
        lead={`Type your website's address and watch it being checked: in under a minute you get a score out of 100 and the problems that cost you customers, in plain English, with how to fix each one.`}
      />
      <div className="container-page grid gap-10 pb-16 lg:grid-cols-[1.3fr_1fr]">
        <div>
          <AuditForm value={value} error={error} />
          <p className="mt-6 text-muted">
            Prefer a person to look at it?{' '}
            <a href={paths.contact('audit')} className="link">
              Ask for a full audit by message
            </a>{' '}
            and {business.owner.name} will reply within {business.responseTimeHours} hours on working days.
          </p>
        </div>
        <div>
          <h2 className="text-xl font-semibold text-ink">What it checks</h2>
          <p className="mt-2 text-muted">
            The same checks {business.owner.name} runs on client sites, on up to {auditLimits.maxPages} pages found from your sitemap and links:
          </p>
          <ul className="mt-3 grid list-disc gap-1 pl-5 text-ink">
            {checks.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
          <h2 className="mt-8 text-xl font-semibold text-ink">How it is done</h2>
          <p className="mt-2 text-muted">
            Pages are read the way a search engine reads them, respecting your robots.txt, with a user agent that names {business.name}. Only public addresses
            are checked, for at most {auditLimits.deadlineSeconds} seconds.
          </p>
        </div>
      </div>
    </>
  );
}
