/** The sitecheck feature's public module: what other features may call (docs/architecture.md, "Features"). */
export type { AddressPolicy } from './address-guard.mjs';
export type { CheckReport } from './checker.mjs';
export * from './public.mjs';
export { listRuns } from './service';
