/**
 * The one mongoose connection, opened and closed in turn: an attempt at another database while one is under way (a test
 * moving between databases while the index's timer reads the log) ends on the database named last, and stays cached.
 */
import mongoose from 'mongoose';
import { connectDb, disconnectDb } from '@/lib/platform/db';
import { resetEnv } from '@/lib/platform/env';
import { Part } from '@/models';

const reachable = process.env.MONGODB_URI!;

function useUri(uri: string, selectionMs?: string): void {
  process.env.MONGODB_URI = uri;
  if (selectionMs) process.env.MONGODB_SERVER_SELECTION_TIMEOUT_MS = selectionMs;
  else delete process.env.MONGODB_SERVER_SELECTION_TIMEOUT_MS;
  resetEnv();
}

afterEach(() => useUri(reachable));

it('a connect to another database while one is under way waits for it, then connects and stays the cached one', async () => {
  await disconnectDb();
  useUri('mongodb://127.0.0.1:9/unreachable', '300');
  const failing = connectDb();
  useUri(reachable);
  const connected = connectDb();
  await expect(failing).rejects.toThrow(/ECONNREFUSED|Server selection/i);
  await connected;
  // The failed attempt settled after the newer one began: the newer one is still the connection every read gets.
  expect(connectDb()).toBe(connected);
  expect(mongoose.connection.readyState).toBe(1);
  expect(mongoose.connection.db?.databaseName).toBe(new URL(reachable).pathname.slice(1));
  expect(await Part.countDocuments()).toBe(0);
});
