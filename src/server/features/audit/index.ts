/** The audit feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { readReport } from './score';
