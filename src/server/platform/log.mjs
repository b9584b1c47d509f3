// @ts-check
// The server's log (pino): one JSON object a line on standard output, or readable lines with LOG_FORMAT=pretty.
// What it must never hold: passwords, cookies, tokens, API keys, enquiry text. Request lines carry the path without
// its query (a reset link's token travels there), and nothing logs headers or bodies.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import pretty from 'pino-pretty';
import { settings } from '../../config/settings.mjs';
import { handoffs, logKey } from './handoff.mjs';

/**
 * The start script loads this file as it is and the server bundle has its own copy: both must write through one
 * logger (two writers on one stream could split each other's lines) and see one request context.
 * @type {{ log: pino.Logger, requestContext: AsyncLocalStorage<{ requestId?: string }> }}
 */
const shared = /** @type {any} */ (
  handoffs[logKey] ??= (() => {
    const context = new AsyncLocalStorage();
    return { requestContext: context, log: create(context) };
  })()
);

/** The one logger of the process. */
export const log = shared.log;
/** Whatever is logged while a request is handled carries its id (set by the HTTP front, kept by the middleware). */
export const requestContext = shared.requestContext;

/** @param {AsyncLocalStorage<{ requestId?: string }>} requestContext */
function create(requestContext) {
  let format = 'json';
  let level = 'info';
  try {
    ({ logFormat: format, logLevel: level } = settings());
  } catch {
    // Settings that do not validate are reported by whoever reads them; the log still works.
  }
  const options = {
    level,
    mixin: () => requestContext.getStore() ?? {},
    // Which process wrote the line: several instances may share one log (journald, serve:proxied --instances).
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (/** @type {string} */ label) => ({ level: label }) },
  };
  return format === 'pretty'
    ? pino(options, pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }))
    : pino(options, pino.destination({ dest: 1, sync: false }));
}

/**
 * An error as the log shows it: message and stack under `err`.
 * @param {unknown} error
 */
export const errorField = (error) => ({ err: error instanceof Error ? error : new Error(String(error)) });
