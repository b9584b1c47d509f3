// @ts-check
// The watch feature's public module for plain JavaScript (the search sync and the site checker's child process run outside the
// bundle): what it exports, index.ts exports too. Other features import index.ts; plain-JavaScript code, this file.
export { watchedClientSitesInOrder } from './client-sites.mjs';
