import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain HTTP server on a free loopback port, for tests of what stands before Next.js. */
export async function listen(handler: http.RequestListener): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
