/** The auth feature's public module: what other features may call (docs/architecture.md, "Features"). */
export type { AdminAuth, AdminSession } from './admin-auth';
export { listAccountEvents } from './events';
