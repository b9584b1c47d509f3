import { z } from 'zod';
import { adminPaths } from '~/config/admin';
import { seeOther } from '~/server/api/answers';
import { route } from '~/server/api/route';

export const prerender = false;

// The header's "Sign out" is a plain form, so it works before (or without) the admin's scripts: a browser's form post
// is sent on to the sign-in page; a script's post gets the JSON answer.
export const POST = route({ body: z.object({}), page: true }, async ({ runtime, caller, wantsPage }) => {
  const outcome = await runtime.adminAuth.signOut(caller);
  return wantsPage ? seeOther(adminPaths.signedOut, outcome.cookies) : outcome;
});
