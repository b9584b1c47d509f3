import { created } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { storeCoverFrom } from '~/server/features/posts/endpoint';

export const prerender = false;

/** A cover image upload (the file itself as the body, JPEG, PNG or WebP up to 10 MB, read by the feature). */
export const POST = route({ admin: true }, async ({ context, runtime }) => created(await storeCoverFrom(runtime.db, context.request)));
