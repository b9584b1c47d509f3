/** The posts feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { postBySlug, postChangeTimes, postTitlesBySlug } from './store';
