/** Settings: the weekly summary e-mail, on by default when a mail server is set, turned off (or on again) in one click. */
import { useState } from 'react';
import { adminApi } from '~/config/admin';
import { post } from '../data/post';
import type { WeeklySummaryAnswer } from '~/lib/admin-types';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';

export function WeeklySummaryCard({ enabled: initial, smtpConfigured }: { enabled: boolean; smtpConfigured: boolean }) {
  const [enabled, setEnabled] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    setBusy(true);
    setError(null);
    const { status, body } = await post<WeeklySummaryAnswer>(adminApi.weeklySummary, { enabled: enabled ? 'off' : 'on' });
    setBusy(false);
    if (status === 200 && body.ok) setEnabled(body.enabled);
    else setError((body.ok ? undefined : body.error) ?? 'The setting could not be saved.');
  }
  return (
    <Card title="Weekly summary e-mail" headingLevel={3}>
      <p className="text-muted" data-weekly-summary={enabled ? 'on' : 'off'}>
        {enabled
          ? 'On: every Monday, last week’s visitors, enquiries, top pages and slowest page, compared with the week before, e-mailed to you.'
          : 'Off: no weekly summary is sent.'}
        {!smtpConfigured && ' It needs a mail server (SMTP_URL) to be sent.'}
      </p>
      <div className="mt-3">
        <Button variant="secondary" size="sm" onClick={() => void toggle()} disabled={busy}>
          {enabled ? 'Turn the weekly summary off' : 'Turn the weekly summary on'}
        </Button>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
    </Card>
  );
}
