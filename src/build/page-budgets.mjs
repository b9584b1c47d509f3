// @ts-check
/**
 * What a content page may cost a first visit, as Lighthouse counts it (transfer sizes, response headers included):
 * every request the page makes until the network is quiet, and the bytes of its scripts. Held by
 * tests/build/page-budgets.test.ts and shown by `npm run bench:lighthouse`. Issue 42 measured 12.6 KiB and 14 requests
 * a week before it rose to 14.7 KiB and 17.
 */
export const pageBudgets = {
  /** JavaScript, compressed as sent, headers included: 12.6 KiB. */
  scriptBytes: Math.round(12.6 * 1024),
  /** Requests on a content page, the page itself included. */
  requests: 14,
};

/** What `npm run bench:lighthouse` holds every route to, on the machine it runs on (issue 42). */
export const lighthouseGoals = {
  /** Performance score in every run. */
  performance: 100,
  /** The home page's total blocking time, ms (median). */
  homeBlockingMs: 150,
  /** Largest paint ÷ the floor page's: the home page, a post with a cover, every other route. */
  homeLcpRatio: 1.25,
  coverLcpRatio: 1.2,
  lcpRatio: 1.1,
  /** Speed Index ÷ the floor page's, every route but home. */
  speedIndexRatio: 1.15,
};
