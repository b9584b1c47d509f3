// @ts-check
// How much of an answer from outside the server reads: each service's answers are read up to these many bytes and no
// further (the connection is dropped past them and the request fails with words saying so), so a service that
// answers without end, by fault or by malice, costs the server bounded memory and time (issue 39).
// One place for every such limit; the readers (src/server/platform/bounded-answer.mjs) and the tests take them from here.
// Plain JavaScript: the search sync and IndexNow run outside the bundle too.

const MB = 1024 * 1024;

export const answerLimits = Object.freeze({
  /**
   * One page of Search Analytics rows: 25,000 rows of four keys (a query and a page's address up to a few hundred
   * characters each) and four figures, as Google writes them (indented JSON), come to 5–15 MB.
   */
  searchConsolePage: 32 * MB,
  /** The list of Search Console properties the service account may read (`sites.list`): a few lines each. */
  searchConsoleSites: 2 * MB,
  /** Bing's GetQueryStats or GetPageStats: a row a day and query (or page) over the months Bing keeps. */
  bing: 20 * MB,
  /** Google's token endpoint: a token and its expiry, well under a kilobyte. */
  googleToken: 64 * 1024,
  /** A refusal's words (an error's JSON), from any of them: only its first 200 characters are ever quoted. */
  refusal: 64 * 1024,
  /**
   * A whole answer of an AI model, streamed (server-sent events, an event of about 250 bytes of JSON per token or
   * few): AI_MAX_OUTPUT_TOKENS is at most 100,000 tokens, about 25 MB of events at most.
   */
  aiModel: 32 * MB,
  // A webhook's receiver's and an IndexNow endpoint's answers are not read at all: only their status is used, and
  // their bodies are cancelled unread (watch/webhook.ts, indexnow/submit.mjs).
});

/** A limit in words, for messages ("20 MB", "64 KB"). @param {number} bytes */
export const bytesInWords = (bytes) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);
