/** The security feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { deleteRefusedEnquiriesBefore, recordSecurityEvent, refusedEnquiryCount, type SecurityEventType } from './events';
export { listSecurityEvents } from './log';
