import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AccessibilityDialog } from '~/components/ui/AccessibilityPanel';
import { file } from '~/server/api/answers';

// The accessibility dialog's markup, once for the whole site (paths.accessibilityPanel): pages carry only the launcher.
export const prerender = true;

export const GET: APIRoute = () => file(JSON.stringify({ html: renderToStaticMarkup(createElement(AccessibilityDialog)) }), 'application/json');
