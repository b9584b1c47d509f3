// What the command-line scripts share: the validated settings, or a clear message and exit 1; the build, or the same.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SettingsError, settings } from '../src/config/settings.mjs';

/** The project's root folder. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build's Caddy snippet for its static files (scripts/caddy-static.mjs writes it). */
export const staticSnippetPath = path.join(projectRoot, 'dist/caddy/static.caddy');

/** The settings of this process; a wrong one ends it with the list of problems. */
export function settingsOrExit() {
  try {
    return settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`${error.message}\nSee "Configuration" in README.md.`);
    process.exit(1);
  }
}

/** Exits with a hint when `npm run build` has not produced `file` (relative to the project root). */
export function requireBuild(file) {
  if (!existsSync(path.join(projectRoot, file))) {
    console.error('No build found: run "npm run build" first.');
    process.exit(1);
  }
}
