import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@/db/embedded';

/**
 * stripe-mock (Stripe's official API mock) for the Stripe tests: from STRIPE_MOCK_BIN, PATH or
 * .cache/bin, else built once with `go install` of the version pinned in .ci/stripe-mock.version.
 */
const execFileAsync = promisify(execFile);
const pinnedVersion = () => readFileSync(path.resolve(__dirname, '../../.ci/stripe-mock.version'), 'utf8').trim();

function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

async function findOrBuild(cacheDir: string): Promise<string> {
  if (process.env.STRIPE_MOCK_BIN) return process.env.STRIPE_MOCK_BIN;
  const found = onPath('stripe-mock');
  if (found) return found;
  const binDir = path.join(cacheDir, 'bin');
  const cached = path.join(binDir, 'stripe-mock');
  if (existsSync(cached)) return cached;
  const go = onPath('go');
  if (!go) throw new Error('stripe-mock is needed by the Stripe tests: install Go, or set STRIPE_MOCK_BIN');
  mkdirSync(binDir, { recursive: true });
  process.stderr.write('[stripe-mock] building it once with go install (about a minute)\n');
  await execFileAsync(go, ['install', `github.com/stripe/stripe-mock@${pinnedVersion()}`], {
    env: { ...process.env, GOBIN: binDir },
    timeout: 15 * 60 * 1000,
  });
  return cached;
}

export async function startStripeMock(cacheDir: string): Promise<{ url: string; stop: () => void }> {
  const binary = await findOrBuild(cacheDir);
  const port = await freePort();
  // HTTPS gets a free port too: its default (12112) is taken by any other run on the machine, and stripe-mock then exits.
  const child: ChildProcess = spawn(binary, ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${await freePort()}`], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // It loads Stripe's whole API description first: on a busy machine that can take a while.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/v1/payment_intents/pi_ping`, { headers: { Authorization: 'Bearer sk_test_ping' } });
      return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`stripe-mock did not start on ${url}`);
}
