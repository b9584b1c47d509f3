/**
 * Two-factor enrolment: password, then a QR code drawn here in the browser (no third-party service), the secret as
 * text in groups of four (with a copy button) and ten backup codes shown once; a code from the app turns it on.
 * Turning it off, and making new backup codes (which voids the old ones), ask for the password.
 */
import { type SubmitEvent, useState } from 'react';
import { confirmCodeForm, passwordOnlyForm } from '~/lib/admin-forms';
import type { BackupCodesAnswer, TwoFactorStartAnswer } from '~/lib/admin-types';
import { useAdminForm } from '../data/use-admin-form';
import { toast } from '~/lib/toast';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { adminApi } from '~/config/admin';

interface Enrolment {
  totpURI: string;
  secret: string;
  backupCodes: string[];
  modules: boolean[][];
}

/** 'JBSW Y3DP EHPK 3PXP': easier to read out and type than one long run. */
export function groupsOfFour(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({ title: 'Not copied', description: 'Select the text and copy it instead.', variant: 'destructive' });
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-label={label}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function BackupCodeList({ codes }: { codes: string[] }) {
  return (
    <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-ink" data-backup-codes="">
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ul>
  );
}

function QrCode({ modules, label }: { modules: boolean[][]; label: string }) {
  const size = modules.length;
  const path = modules.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      viewBox={`-2 -2 ${size + 4} ${size + 4}`}
      width="208"
      height="208"
      role="img"
      aria-label={label}
      className="rounded-lg border border-slate-200 bg-white"
    >
      <rect x="-2" y="-2" width={size + 4} height={size + 4} fill="#fff" />
      <path d={path} fill="#000" shapeRendering="crispEdges" />
    </svg>
  );
}

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const form = useAdminForm();
  const { errors, busy } = form;
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const start = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: passwordOnlyForm,
      url: adminApi.twoFactor.start,
      onRefused: (refusal) => form.setErrors(refusal.errors ?? { password: refusal.error ?? '' }),
      onSuccess: async (answer: TwoFactorStartAnswer) => {
        // The QR encoder loads only when someone enrols.
        const { encode } = await import('uqr');
        const { totpURI, secret, backupCodes } = answer;
        setEnrolment({ totpURI, secret, backupCodes, modules: encode(totpURI, { ecc: 'M', border: 0 }).data });
      },
    });

  const confirm = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: confirmCodeForm,
      url: adminApi.twoFactor.confirm,
      onRefused: (refusal) => form.setErrors(refusal.errors ?? {}),
      onSuccess: () => {
        toast({ title: 'Two-factor authentication is on', description: 'Sign-in will now ask for a code.', variant: 'success' });
        window.location.reload();
      },
    });

  const disable = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: passwordOnlyForm,
      url: adminApi.twoFactor.disable,
      onRefused: (refusal) => form.setErrors(refusal.errors ?? {}),
      onSuccess: () => window.location.reload(),
    });

  // Its own error key: the card's other form also asks for the password.
  const regenerate = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: passwordOnlyForm,
      url: adminApi.twoFactor.backupCodes,
      onInvalid: (found) => form.setErrors({ regeneratePassword: found.password ?? '' }),
      onRefused: (refusal) => form.setErrors({ regeneratePassword: refusal.errors?.password ?? refusal.error ?? '' }),
      onSuccess: (answer: BackupCodesAnswer, element) => {
        element.reset();
        setNewCodes(answer.backupCodes);
      },
    });

  if (enabled) {
    return (
      <Card title="Two-factor authentication" headingLevel={3}>
        <p className="mb-4 flex items-center gap-2 text-muted">
          <Badge variant="good">On</Badge> Sign-in asks for a code from your authenticator app or a backup code.
        </p>
        <form method="post" onSubmit={disable} noValidate className="grid max-w-md gap-4">
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            hint="Needed to turn two-factor off."
            error={errors.password}
            disabled={busy}
          />
          <Button type="submit" variant="danger" className="justify-self-start" disabled={busy}>
            Turn off two-factor
          </Button>
        </form>
        <h4 className="mt-6 mb-2 font-semibold text-ink">Backup codes</h4>
        {newCodes ? (
          <div role="status">
            <p className="text-ink">New backup codes: keep them somewhere safe. Each works once; the old ones no longer work, and these are not shown again.</p>
            <BackupCodeList codes={newCodes} />
          </div>
        ) : (
          <form method="post" onSubmit={regenerate} noValidate className="grid max-w-md gap-4">
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              hint="Needed to make new backup codes. The old ones stop working."
              error={errors.regeneratePassword}
              disabled={busy}
            />
            <Button type="submit" variant="secondary" className="justify-self-start" disabled={busy}>
              Make new backup codes
            </Button>
          </form>
        )}
      </Card>
    );
  }

  if (enrolment) {
    return (
      <Card title="Two-factor authentication" headingLevel={3}>
        <ol className="grid gap-5">
          <li>
            <p className="font-medium text-ink">1. Scan this code with your authenticator app.</p>
            <div className="mt-2">
              <QrCode modules={enrolment.modules} label="QR code for your authenticator app" />
            </div>
            <p className="mt-2 text-sm text-muted">Or type this key into the app (spaces do not matter):</p>
            <p className="mt-1 flex flex-wrap items-center gap-2">
              <span className="font-mono text-base tracking-wide break-words text-ink" data-totp-secret="">
                {groupsOfFour(enrolment.secret)}
              </span>
              <CopyButton text={enrolment.secret} label="Copy the key" />
            </p>
          </li>
          <li>
            <p className="font-medium text-ink">2. Keep these backup codes somewhere safe. Each works once; they are not shown again.</p>
            <BackupCodeList codes={enrolment.backupCodes} />
          </li>
          <li>
            <form method="post" onSubmit={confirm} noValidate className="grid max-w-md gap-4">
              <Field
                label="3. Code from the app"
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                error={errors.code}
                disabled={busy}
              />
              <Button type="submit" className="justify-self-start" disabled={busy}>
                Turn on two-factor
              </Button>
            </form>
          </li>
        </ol>
      </Card>
    );
  }

  return (
    <Card title="Two-factor authentication" headingLevel={3}>
      <p className="mb-4 flex items-center gap-2 text-muted">
        <Badge variant="warn">Off</Badge> Add a code from an authenticator app to every sign-in.
      </p>
      <form method="post" onSubmit={start} noValidate className="grid max-w-md gap-4">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          hint="Needed to set up two-factor."
          error={errors.password}
          disabled={busy}
        />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          Set up two-factor
        </Button>
      </form>
    </Card>
  );
}
