/** Runs the built site (scripts/start.mjs) as a child process on a free port, as production does. */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../scripts/free-port.mjs';

export { freePort };

/** The server log's error lines (JSON at level error or fatal) and any stack trace printed outside the log. */
export function logErrors(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (/^\s+at /.test(line)) return true;
    if (!line.startsWith('{')) return false;
    try {
      return ['error', 'fatal'].includes((JSON.parse(line) as { level?: string }).level ?? '');
    } catch {
      return false;
    }
  });
}

/** The server log's JSON lines. */
export function logLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

export class SiteProcess {
  private child: ChildProcess | null = null;
  output = '';
  readonly base: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    const deadline = Date.now() + 30_000;
    while (!this.output.includes('Site listening')) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`server did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SIGTERM: the graceful shutdown a deployment uses. */
  stop(): Promise<void> {
    return this.kill('SIGTERM');
  }

  /** kill -9: no shutdown handler runs, as in a crash or an OOM kill. */
  crash(): Promise<void> {
    return this.kill('SIGKILL');
  }

  private async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  post(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(this.base + path, { method: 'POST', body, headers, redirect: 'manual' });
  }
}
