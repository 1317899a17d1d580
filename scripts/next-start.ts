import { spawn } from 'node:child_process';
import { prepareEnvironment, seedIfEmpty } from './app-runner';

/** Plain `next start` on the embedded defaults, so e2e/api-body-limit.spec.ts tests the app alone; PORT and SHOP_DATA_DIR from the env. */
async function main(): Promise<void> {
  const port = process.env.PORT ?? '3000';
  const db = await prepareEnvironment();
  await seedIfEmpty();
  const child = spawn('npx', ['next', 'start', '-p', port], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const stop = async (code: number) => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await db.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop(143));
  process.on('SIGINT', () => void stop(130));
  child.on('exit', (code) => void stop(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
