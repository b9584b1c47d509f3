// @ts-check
// Connection limits the HTTP server does not have by itself. Node's headersTimeout starts at a request's first byte,
// so a socket that sends nothing is never timed out: each one costs a file descriptor and memory, and a few thousand
// from one client exhaust them. Here a connection must deliver a complete request's headers within `headersTimeoutMs`
// of opening, and one client address may hold at most `perAddress` connections at once.
import { clientKey } from '../address-range.mjs';

/** @typedef {import('node:http').Server} Server */
/** @typedef {import('node:http').IncomingMessage} IncomingMessage */

/**
 * @param {Server} server
 * @param {{ headersTimeoutMs: number, perAddress: number, countByAddress: boolean }} limits `countByAddress` is off
 *   behind a proxy, where every connection comes from the proxy's address and the proxy limits clients itself
 */
export function limitConnections(server, { headersTimeoutMs, perAddress, countByAddress }) {
  /** @type {Map<string, number>} */
  const open = new Map();
  /** @type {WeakMap<import('node:net').Socket, NodeJS.Timeout>} */
  const waiting = new WeakMap();

  server.on('connection', (socket) => {
    // Counted per client as every limit counts one: an IPv6 client by its /64.
    const address = clientKey(socket.remoteAddress ?? 'unknown');
    if (countByAddress) {
      const count = open.get(address) ?? 0;
      if (count >= perAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    }
    const timer = setTimeout(() => socket.destroy(), headersTimeoutMs);
    timer.unref();
    waiting.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  // Headers complete: from here the request, body and keep-alive timeouts apply.
  server.on('request', (/** @type {IncomingMessage} */ req) => {
    const timer = waiting.get(req.socket);
    if (timer) {
      clearTimeout(timer);
      waiting.delete(req.socket);
    }
  });
  server.headersTimeout = headersTimeoutMs;
}
