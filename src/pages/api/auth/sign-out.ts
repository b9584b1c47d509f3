import { z } from 'zod';
import { formEndpoint } from '~/server/features/auth/form-endpoint';

export const prerender = false;

export const POST = formEndpoint(z.object({}), ({ auth, caller }) => auth.signOut(caller));
