import type { APIRoute } from 'astro';
import { logoMarkSvg } from '~/config/brand';
import { file } from '~/server/api/answers';

/** The favicon is the logo mark in the brand colour, drawn from src/config/brand.ts at build time. */
export const GET: APIRoute = () => file(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${logoMarkSvg()}</svg>`, 'image/svg+xml');
