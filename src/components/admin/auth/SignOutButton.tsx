import { useState } from 'react';
import { adminApi, adminPaths } from '~/config/admin';
import { post } from '../data/post';
import { Button } from '../ui/button';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    await post(adminApi.signOut);
    window.location.assign(`${adminPaths.signIn}?signed-out=1`);
  }
  return (
    <Button variant="secondary" size="sm" onClick={signOut} disabled={busy}>
      {busy ? 'Signing out…' : 'Sign out'}
    </Button>
  );
}
