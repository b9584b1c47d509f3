// @ts-check
// The limiter's in-memory twin, for per-process caps that need no database and may be lost on a restart: write
// admission in the HTTP front (per address and endpoint, a minute) and the analytics beacon's caps (page views,
// new visitors and 404 visits per address). Plain JavaScript: the front runs outside Astro's bundle.
//
// Fixed windows per key: a key's window starts with its first hit and ends `windowMs` later; the next hit after that
// starts a new one. The map is bounded: past `maxKeys` keys the least recently seen is forgotten first (a Map keeps
// insertion order, and a key seen again is moved to the end).

/**
 * @typedef {{ allowed: true, remaining: number } | { allowed: false, retryAfterSeconds: number }} MemoryDecision
 * @typedef {{ start: number, count: number, members: Set<string> | null }} MemoryWindow
 */

/**
 * @param {{ max: number, windowMs: number, maxKeys: number }} rule
 */
export function createMemoryLimiter({ max, windowMs, maxKeys }) {
  /** @type {Map<string, MemoryWindow>} */
  const windows = new Map();

  /**
   * The key's current window, counted from `now`, or null when it has none (or its window has passed).
   * @param {string} key @param {number} now
   */
  function current(key, now) {
    const window = windows.get(key);
    return window && now - window.start < windowMs ? window : null;
  }

  /**
   * @param {MemoryWindow | null} window @param {number} now @param {string | undefined} member
   * @returns {MemoryDecision}
   */
  function decide(window, now, member) {
    if (!window) return { allowed: true, remaining: max };
    if (member !== undefined && window.members?.has(member)) return { allowed: true, remaining: Math.max(0, max - window.count) };
    if (window.count >= max) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
    return { allowed: true, remaining: max - window.count };
  }

  return {
    /**
     * Counts one hit of `key` if its window has room, or says how long until the window ends. With a `member`, the
     * limit is on distinct members in the window: one already counted is allowed again without counting.
     * @param {string} key @param {number} [now] @param {string} [member]
     * @returns {MemoryDecision}
     */
    take(key, now = Date.now(), member) {
      let window = current(key, now);
      windows.delete(key);
      if (!window) window = { start: now, count: 0, members: null };
      windows.set(key, window);
      if (windows.size > maxKeys) windows.delete(/** @type {string} */ (windows.keys().next().value));
      const decision = decide(window, now, member);
      if (!decision.allowed || (member !== undefined && window.members?.has(member))) return decision;
      window.count++;
      if (member !== undefined) (window.members ??= new Set()).add(member);
      return { allowed: true, remaining: max - window.count };
    },
    /**
     * What `take` would answer, counting nothing.
     * @param {string} key @param {number} [now] @param {string} [member]
     * @returns {MemoryDecision}
     */
    check(key, now = Date.now(), member) {
      return decide(current(key, now), now, member);
    },
    /** Keys remembered now (at most `maxKeys`). */
    size: () => windows.size,
  };
}
