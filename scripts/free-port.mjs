#!/usr/bin/env node
// A free TCP port on 127.0.0.1 (or the given host), for the server, tests and benchmarks: ports 4321 and 4173, and
// any fixed choice, may be taken on the machine. Run directly, it prints one (for shell scripts and configs).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Where free ports are looked for: below the kernel's ephemeral range where it leaves room, since a port from that
 * range, free when probed, can be taken by any outgoing connection's local end before the server binds it (on a busy
 * test machine, it was). Elsewhere, the kernel's own choice.
 */
function chosenRange() {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && low > 12_000) return { from: 10_000, to: low };
  } catch {
    // Not Linux: the kernel chooses.
  }
  return null;
}
const range = chosenRange();
/** Ports this process handed out already: never twice, even once the first user has closed it again. */
const handedOut = new Set();

/** @param {string} [host] @returns {Promise<number>} */
export async function freePort(host = '127.0.0.1') {
  for (let attempt = 0; range && attempt < 50; attempt++) {
    const port = range.from + Math.floor(Math.random() * (range.to - range.from));
    if (handedOut.has(port) || !(await portIsFree(port, host))) continue;
    handedOut.add(port);
    return port;
  }
  for (;;) {
    const port = await kernelsChoice(host);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** @param {string} host @returns {Promise<number>} */
function kernelsChoice(host) {
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
