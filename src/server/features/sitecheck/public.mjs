// @ts-check
// The site checker's public module for plain JavaScript (the checker's child process runs outside the bundle): what it
// exports, index.ts exports too. Other features import index.ts; plain-JavaScript code, this file.
/** @typedef {import('./address-guard.mjs').AddressPolicy} AddressPolicy */
/** @typedef {import('./checker.mjs').CheckReport} CheckReport */
export { guardFor, hostPort, RefusedAddress } from './address-guard.mjs';
export { checkSite, SiteCheckError, startUrlFrom } from './checker.mjs';
export { follow, networkReason, request } from './fetch.mjs';
export { checkSiteOffLoop, ChildJobFailure, siteFilesOffLoop } from './offload.mjs';
export { resolve } from './urls.mjs';
