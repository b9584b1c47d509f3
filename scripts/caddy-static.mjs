#!/usr/bin/env node
// The last step of `npm run build`: dist/caddy/static.caddy, the Caddy configuration that serves the built files with
// the app's headers (src/server/platform/http/caddy-static.mjs), naming this build's dist/client by its full path.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { caddyStaticSnippet } from '../src/server/platform/http/caddy-static.mjs';
import { readCspManifest } from '../src/server/platform/http/front.mjs';
import { projectRoot, staticSnippetPath } from './cli.mjs';

mkdirSync(path.dirname(staticSnippetPath), { recursive: true });
writeFileSync(
  staticSnippetPath,
  caddyStaticSnippet({ clientDir: path.join(projectRoot, 'dist/client'), csp: readCspManifest(path.join(projectRoot, 'dist/server')) }),
);
