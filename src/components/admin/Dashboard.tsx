/**
 * The dashboard: one group of the admin's navigation at a time (`adminGroups`), its tabs a WAI-ARIA tablist (arrow
 * keys, Home and End; automatic activation); a group of one tab is a region under its heading. The chosen tab is in the
 * URL (?tab=), so a reload, a bookmark or the back button keeps it.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type AdminTab, adminPaths, dashboardTitle, groupOf, groupTabs, parseTab } from '~/config/admin';
import type { DashboardTabData } from '~/lib/admin-types';
import { AiPanel } from './ai/AiPanel';
import { AdminQueryProvider, useDashboardTab } from './data/queries';
import { OverviewPanel } from './overview/OverviewPanel';
import { PerformancePanel } from './analytics/PerformancePanel';
import { ReportsPanel } from './reports/ReportsPanel';
import { SettingsPanel } from './settings/SettingsPanel';
import { SearchPanel } from './search/SearchPanel';
import { SiteCheckPanel } from './sitecheck/SiteCheckPanel';
import { AuditList } from './audit/AuditPanels';
import { announceTab } from './tab-event';
import { Button } from './ui/button';
import { Notice } from './ui/notice';
import { useHydrated } from './ui/use-hydrated';
import { AlertsPanel } from './watch/AlertsPanel';
import { SitesPanel } from './watch/SitesPanel';

export function Dashboard({ initial }: { initial: DashboardTabData }) {
  return (
    <AdminQueryProvider>
      <Tabs initial={initial} />
    </AdminQueryProvider>
  );
}

const panelClass = 'mt-6 rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-brand-600';

function Tabs({ initial }: { initial: DashboardTabData }) {
  const [tab, setTab] = useState<AdminTab>(initial.tab);
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});
  // Set once React owns the page (Astro marks the island earlier, while React may still be hydrating): the tests wait for it.
  const hydrated = useHydrated();
  const tabs = groupTabs(groupOf(tab));

  useEffect(() => {
    const onPop = () => {
      const next = parseTab(new URLSearchParams(window.location.search).get('tab'));
      setTab(next);
      announceTab(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  function choose(next: AdminTab, focus = false) {
    if (next !== tab) {
      setTab(next);
      window.history.pushState({ tab: next }, '', adminPaths.tab(next));
      announceTab(next);
    }
    if (focus) tabRefs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((t) => t.id === tab);
    const target = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(tabs[target]!.id, true);
  }

  const title = (
    <h1 id="dashboard-title" className="mb-4 text-2xl font-bold text-ink">
      {dashboardTitle(tab)}
    </h1>
  );
  if (tabs.length === 1)
    return (
      <div data-dashboard-hydrated={hydrated || undefined}>
        {title}
        {/* A region, not a <section>: the panel's cards are the sections (the tests and styles find a card by its section). */}
        <div role="region" id={`panel-${tab}`} aria-labelledby="dashboard-title" className={panelClass}>
          <Panel tab={tab} initial={initial} choose={choose} />
        </div>
      </div>
    );
  return (
    <div data-dashboard-hydrated={hydrated || undefined}>
      {title}
      <div role="tablist" aria-labelledby="dashboard-title" className="flex gap-x-1 border-b border-slate-200">
        {tabs.map((t) => (
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
      {tabs.map((t) => (
        <div key={t.id} role="tabpanel" id={`panel-${t.id}`} aria-labelledby={`tab-${t.id}`} tabIndex={0} hidden={t.id !== tab} className={panelClass}>
          {t.id === tab && <Panel tab={t.id} initial={initial} choose={choose} />}
        </div>
      ))}
    </div>
  );
}

/** The open tab's panel, once its figures are read (the first tab's come with the page). */
function Panel({ tab, initial, choose }: { tab: AdminTab; initial: DashboardTabData; choose: (tab: AdminTab) => void }) {
  const { data, error, refetch } = useDashboardTab(tab, initial);
  if (error)
    return (
      <Notice tone="error">
        {error.message}{' '}
        <Button size="sm" variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </Notice>
    );
  if (!data)
    return (
      <p role="status" className="text-muted">
        Loading…
      </p>
    );
  switch (data.tab) {
    case 'overview':
      return <OverviewPanel data={data} />;
    case 'settings':
      return <SettingsPanel data={data} />;
    case 'testing':
      return (
        <div className="grid gap-6">
          <SiteCheckPanel initialRuns={data.siteChecks} siteOrigin={data.siteOrigin} now={data.now} />
          <AuditList />
        </div>
      );
    case 'ai-tools':
      return <AiPanel status={data.ai} history={data.aiHistory} now={data.now} siteOrigin={data.siteOrigin} />;
    case 'performance':
      return <PerformancePanel data={data.performance} />;
    case 'search':
      return <SearchPanel data={data} />;
    case 'reports':
      return <ReportsPanel initial={data.reports} now={data.now} aiMissing={data.aiMissing} />;
    case 'sites':
      return <SitesPanel initial={{ ok: true, now: data.now, sites: data.sites, quietHours: data.quietHours }} onAlerts={() => choose('alerts')} />;
    case 'alerts':
      return <AlertsPanel initial={{ ok: true, now: data.now, alerts: data.alerts, open: data.alerts.filter((a) => a.open).length }} />;
  }
}
