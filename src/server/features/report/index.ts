/** The report feature's public module: what other features may call (docs/architecture.md, "Features"). */
export { reportsOverview } from './overview';
export type { ReportService } from './service';
