/**
 * The pages a visit can be counted on: every HTML page of the build but the error page (the HTTP front answers any
 * other path with 404). A beacon naming anything else, a made-up path or the admin in any spelling, is not counted.
 */
import { builtPaths } from '../../platform/http/page-path.mjs';

export function builtPagePaths(clientDir: string): Set<string> {
  return new Set(builtPaths(clientDir).flatMap((file) => (file.page ? [file.path] : [])));
}
