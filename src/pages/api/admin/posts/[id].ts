import type { APIRoute } from 'astro';
import { guarded } from '~/server/api/endpoint';
import { deleteFromRequest, readPost, saveFromRequest } from '~/server/features/posts/endpoint';
import { getRuntime } from '~/server/runtime';
import { postsDeps } from './_deps';

export const prerender = false;

export const GET: APIRoute = ({ params }) => guarded(async () => readPost((await getRuntime()).db, params.id!));

/** A save over the version the editor started from. */
export const PUT: APIRoute = ({ params, request }) => guarded(async () => saveFromRequest(await postsDeps(), params.id!, request));

/** Deletes a draft that was never published. */
export const DELETE: APIRoute = ({ params }) => guarded(async () => deleteFromRequest((await getRuntime()).db, params.id!));
