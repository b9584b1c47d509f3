/**
 * The pages a visit can be counted on: every HTML page of the build but the error page (the HTTP front answers any
 * other path with 404). A beacon naming anything else, a made-up path or the admin in any spelling, is not counted.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pagePathFor } from '../../platform/http/page-path.mjs';

export function builtPagePaths(clientDir: string): Set<string> {
  const pages = new Set<string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name));
    if (relative !== '404.html') pages.add(pagePathFor(relative));
  }
  return pages;
}
