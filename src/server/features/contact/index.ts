/** The contact feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { enquiriesOnDays, enquiryCounts, enquiryTimesSince, listLeads } from './inbox';
export { acceptSubmission } from './leads';
