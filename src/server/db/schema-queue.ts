/** The columns every queue table has (platform/queue.ts claims, leases and backs off on them); the tables extend it. */
export interface QueueColumns {
  id: string;
  /** Pending until delivered. */
  status: 'pending' | 'sent';
  attempts: number;
  next_attempt_at: number;
  locked_until: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}
