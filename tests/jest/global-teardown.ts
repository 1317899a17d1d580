export default async function globalTeardown(): Promise<void> {
  globalThis.__stripeMock?.stop();
  await globalThis.__testDatabase?.stop();
}
