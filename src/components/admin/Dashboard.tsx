/**
 * The dashboard: the spec's five tabs as a WAI-ARIA tablist (arrow keys, Home and End; automatic activation). The
 * chosen tab is in the URL (?tab=), so a reload, a bookmark or the back button keeps it.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type AdminTab, adminPaths, adminTabs, parseTab } from '~/config/admin';
import type { DashboardData } from '~/lib/admin-types';
import { AiPanel } from './AiPanel';
import { OverviewPanel } from './OverviewPanel';
import { PerformancePanel } from './PerformancePanel';
import { SettingsPanel } from './SettingsPanel';
import { SiteCheckPanel } from './SiteCheckPanel';

export function Dashboard({ initialTab, data }: { initialTab: AdminTab; data: DashboardData }) {
  const [tab, setTab] = useState<AdminTab>(initialTab);
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});

  useEffect(() => {
    const onPop = () => setTab(parseTab(new URLSearchParams(window.location.search).get('tab')));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  function choose(next: AdminTab, focus = false) {
    if (next !== tab) {
      setTab(next);
      window.history.pushState({ tab: next }, '', adminPaths.tab(next));
    }
    if (focus) tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = adminTabs.findIndex((t) => t.id === tab);
    const target = {
      ArrowRight: (index + 1) % adminTabs.length,
      ArrowLeft: (index - 1 + adminTabs.length) % adminTabs.length,
      Home: 0,
      End: adminTabs.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(adminTabs[target]!.id, true);
  }

  return (
    <div>
      <div role="tablist" aria-label="Dashboard sections" className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {adminTabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === tab}
            aria-controls={`panel-${t.id}`}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => choose(t.id)}
            onKeyDown={onKeyDown}
            className="min-h-11 shrink-0 rounded-t-lg border-b-3 border-transparent px-3 font-semibold whitespace-nowrap text-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-600 aria-selected:border-brand-700 aria-selected:text-brand-800"
          >
            {t.label}
          </button>
        ))}
      </div>
      {adminTabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`panel-${t.id}`}
          aria-labelledby={`tab-${t.id}`}
          tabIndex={0}
          hidden={t.id !== tab}
          className="pt-6 focus:outline-none"
        >
          {t.id === tab && <Panel tab={t.id} data={data} />}
        </div>
      ))}
    </div>
  );
}

function Panel({ tab, data }: { tab: AdminTab; data: DashboardData }) {
  if (tab === 'overview') return <OverviewPanel data={data} />;
  if (tab === 'settings') return <SettingsPanel data={data} />;
  if (tab === 'testing') return <SiteCheckPanel initialRuns={data.siteChecks} siteOrigin={data.indexNow.siteOrigin} now={data.now} />;
  if (tab === 'ai-tools') return <AiPanel status={data.ai} history={data.aiHistory} now={data.now} siteOrigin={data.indexNow.siteOrigin} />;
  return <PerformancePanel data={data.performance} />;
}
