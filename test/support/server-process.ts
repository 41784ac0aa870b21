import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from './repository-root';

const root = REPOSITORY_ROOT;

/** A port nothing listens on now, chosen by the system (ports in the ephemeral range may be taken by other suites). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Starts the built server as its own process and resolves once it answers /healthz (itself, not another process on the port). */
export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; stdout: () => string }> {
  const child = spawn(process.execPath, ['dist/apps/api/src/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', AGENT_RUNNER_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  // Generous: a loaded machine can take a while to boot the api.
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${out}`);
    try {
      if (out.includes('api listening') && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await nextOutput(child, 100);
  }
  return { child, stdout: () => out };
}

/** Resolves when the child prints something or exits, or after `ms` at the latest: the boot is seen the moment it says so. */
function nextOutput(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      child.stdout!.off('data', done);
      child.stderr!.off('data', done);
      child.off('exit', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    child.stdout!.once('data', done);
    child.stderr!.once('data', done);
    child.once('exit', done);
  });
}

/** Stops a server process with `signal` and resolves once it has exited. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

const execFileAsync = promisify(execFile);

/**
 * Runs the built CLI against `dataDir`, as an operator would beside the server, and answers the
 * JSON line it prints. Asynchronous on purpose: a test that blocked its event loop for seconds
 * would miss the server closing idle keep-alive connections.
 */
export async function runCli<T = any>(dataDir: string, args: readonly string[]): Promise<T> {
  const { stdout } = await execFileAsync(process.execPath, ['dist/apps/api/src/cli.js', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
  return JSON.parse(stdout) as T;
}
