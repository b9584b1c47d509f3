/** The indexnow feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { indexNowOverview } from './overview';
