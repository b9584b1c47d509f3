import { z } from 'zod';
import { route } from '~/server/api/route';

export const prerender = false;

export const POST = route({ body: z.object({}) }, ({ runtime, caller }) => runtime.adminAuth.signOut(caller));
