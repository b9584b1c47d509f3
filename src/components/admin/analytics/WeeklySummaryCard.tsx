/** Settings: the weekly summary e-mail, on by default when a mail server is set, turned off (or on again) in one click. */
import { useState } from 'react';
import { adminApi } from '~/config/admin';
import { useAdminMutation } from '../data/use-admin-mutation';
import type { WeeklySummaryAnswer } from '~/lib/admin-types';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';

export function WeeklySummaryCard({ enabled: initial, smtpConfigured }: { enabled: boolean; smtpConfigured: boolean }) {
  const [enabled, setEnabled] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation<void, WeeklySummaryAnswer>({
    url: adminApi.weeklySummary,
    body: () => ({ enabled: enabled ? 'off' : 'on' }),
    failure: 'Not saved',
    onSuccess: (answer) => setEnabled(answer.enabled),
    // Said in the card, under its button.
    onRefused: (refused) => {
      setError(refused.message || 'The setting could not be saved.');
      return true;
    },
  });
  const busy = save.busy;
  function toggle() {
    setError(null);
    return save.run();
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
