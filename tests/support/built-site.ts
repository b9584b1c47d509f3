import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The pre-rendered site, as `npm run build` leaves it. */
export const clientDir = path.resolve('dist/client');

/** Every file under `dir` whose name ends with `extension`. */
export function builtFiles(extension: string, dir = clientDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(extension, full);
    return entry.name.endsWith(extension) ? [full] : [];
  });
}

/** The file behind a site path such as /og/home.png or /about. */
export function builtFileFor(sitePath: string): string {
  const clean = decodeURIComponent(sitePath.split(/[?#]/)[0]!);
  return path.extname(clean) ? path.join(clientDir, clean) : path.join(clientDir, clean, 'index.html');
}
