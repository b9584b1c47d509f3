import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AccessibilityDialog } from '~/components/ui/AccessibilityPanel';

// The accessibility dialog's markup, once for the whole site (paths.accessibilityPanel): pages carry only the launcher.
export const prerender = true;

export const GET: APIRoute = () => Response.json({ html: renderToStaticMarkup(createElement(AccessibilityDialog)) });
