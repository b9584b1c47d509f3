import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { postActions } from '../../src/config/posts';
import { reportActions } from '../../src/config/report';

// The admin's API permalinks (adminApi) and the routes under src/pages/api answer the same addresses: each permalink
// has its route, so a tab's component and its route's tests cannot drift apart. (A route the admin's UI does not call
// needs no permalink: adding an endpoint stays three files, README "Adding an endpoint".)

const apiRoot = join(process.cwd(), 'src/pages/api');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.startsWith('_') ? [path] : [];
  });
}

/** A route file as the pattern of the addresses Astro routes to it (`[id]` one segment, `[...rest]` any). */
function routePattern(file: string): { route: string; pattern: RegExp } {
  const route = `/api/${relative(apiRoot, file)
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')}`;
  const escaped = route
    .split(/(\[\.\.\.[^\]]+\]|\[[^\]]+\])/)
    .map((part) => (part.startsWith('[...') ? '.+' : part.startsWith('[') ? '[^/]+' : part.replace(/[.*+?^${}()|\\]/g, '\\$&')))
    .join('');
  return { route, pattern: new RegExp(`^${escaped}$`) };
}

/** Every address adminApi gives, its functions called with sample values. */
function permalinks(): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  const walk = (value: unknown, name: string) => {
    if (typeof value === 'string') out.push({ name, path: value });
    else if (typeof value === 'function') {
      // A report's actions are one route each: sampled with each action it takes.
      const samples =
        name === 'reports.action' ? reportActions.map((action) => ['an id', action]) : [['an id', postActions[0]], ['an id', 'csv'], ['overview']];
      for (const args of samples) out.push({ name: `${name}(${args.join(', ')})`, path: (value as (...a: string[]) => string)(...args) });
    } else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, name ? `${name}.${key}` : key);
  };
  walk(adminApi, '');
  return out;
}

const routes = routeFiles(apiRoot).map(routePattern);

describe("the admin's API permalinks", () => {
  it.each(permalinks())('$name ($path) has a route', ({ path }) => {
    const address = path.split('?')[0]!;
    expect(routes.filter((r) => r.pattern.test(address)).map((r) => r.route)).not.toEqual([]);
  });

  it('name every route under /api/admin that the admin calls (all of them today)', () => {
    const addresses = permalinks().map((p) => p.path.split('?')[0]!);
    const unnamed = routes.filter((r) => r.route.startsWith('/api/admin/')).filter((r) => !addresses.some((a) => r.pattern.test(a)));
    expect(unnamed.map((r) => r.route)).toEqual([]);
  });
});
