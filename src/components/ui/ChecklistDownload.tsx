import { checklist } from '~/config/checklist';
import { staticPages } from '~/config/pages';

/** The checklist download offered once its request is sent: on the no-script success page and in the form. */
export function ChecklistDownload({ href = checklist.path, compact = false }: { href?: string; compact?: boolean }) {
  const link = (
    <a href={href} download={checklist.fileName} className={compact ? 'link font-semibold' : 'btn-primary'} data-checklist-download="">
      {checklist.linkLabel}
    </a>
  );
  if (compact) return <span className="mt-2 block">{link}</span>;
  return (
    <div>
      <p className="text-lg text-ink">{checklist.readyText}</p>
      <p className="mt-4 flex flex-wrap gap-3">
        {link}
        <a href={staticPages.home.path} className="btn-secondary">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
