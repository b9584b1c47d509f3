#!/usr/bin/env node
// A free TCP port on 127.0.0.1 (or the given host), for the server, tests and benchmarks: ports 4321 and 4173, and
// any fixed choice, may be taken on the machine. Run directly, it prints one (for shell scripts and configs).
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** @param {string} [host] @returns {Promise<number>} */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, host, () => {
      const address = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(address.port));
    });
  });
}

/** @param {number} port @param {string} host @returns {Promise<boolean>} */
export function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(String(await freePort()));
