/** The ai feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { type AiSettings, describeAiError, generateChecked, missingAiSettings } from './generate';
export { aiStatus, listGenerations, takeGenerationSlot } from './history';
