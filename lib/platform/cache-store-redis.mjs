// The Redis store of the shop's cache handler (lib/platform/cache-handler.mjs), used when REDIS_URL is set: every
// instance reads and writes the same entries and tag times, so a change made through one instance
// expires the pages and data of all of them. Plain JavaScript: Next loads the handler at run time.
//
// - Redis down or slow (a command that fails or takes over 500 ms): the store answers "nothing cached"
//   and drops writes until Redis answers again, so pages are rendered without the shared cache (never
//   served from a per-instance copy another instance cannot expire); the client reconnects by itself.
//   Tag expirations made meanwhile are kept and written before the store is used again.
// - Keys live under the Redis server's run id: a restarted Redis, a failover to a replica or a restored
//   snapshot may have lost recent tag expirations, so entries from before are never read again.
// - One clock for every instance, Redis's (TIME at each connect): render starts and tag expirations
//   made on different machines compare correctly.
// - Tag times only ever move forward (a script keeps the later one): instances' writes may land out of order.

import v8 from 'node:v8';

const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_MAX_MS = 2000;
// Pages expire after a day at the latest (next.config.mjs expireTime); Redis drops entries a day later.
const ENTRY_TTL_MS = 2 * 24 * 60 * 60 * 1000;

const RAISE_TIMES = `
for i = 1, #ARGV, 2 do
  local current = tonumber(redis.call('HGET', KEYS[1], ARGV[i]) or '-1')
  if current < tonumber(ARGV[i + 1]) then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return 0`;

const errorText = (error) => (error instanceof Error ? error.message : String(error));

/** @typedef {{ stale?: number; expired?: number }} TagTimes */

/** @param {string} url */
export function createRedisStore(url) {
  const state = { usable: false, prefix: '', offset: 0, down: false, connects: 0, retry: null };
  /** @type {Array<[string, TagTimes]>} expirations Redis has not taken yet (written in order: times only move forward) */
  let pending = [];

  // The client library is loaded here rather than imported at the top: a server without REDIS_URL never
  // loads it (some 110 ms of a cold start's first request). Until it is connected, nothing is cached.
  let client = null;
  let text = null;
  let binary = null;
  import('redis').then(
    ({ createClient, RESP_TYPES }) => {
      client = createClient({
        url,
        // A command sent while disconnected fails at once instead of waiting for the connection.
        disableOfflineQueue: true,
        socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, RECONNECT_MAX_MS) },
      });
      text = client.withCommandOptions({ timeout: COMMAND_TIMEOUT_MS });
      binary = client.withCommandOptions({ timeout: COMMAND_TIMEOUT_MS, typeMapping: { [RESP_TYPES.BLOB_STRING]: Buffer } });
      client.on('error', (error) => lost(errorText(error)));
      client.on('end', () => lost('connection closed'));
      client.on('ready', () => void prepare());
      client.connect().catch((error) => lost(errorText(error)));
    },
    (error) => lost(`the redis client could not be loaded: ${errorText(error)}`),
  );

  const lost = (why) => {
    state.usable = false;
    if (state.down) return;
    state.down = true;
    console.error(`[cache] Redis unreachable (${why}): pages and data are rendered without the shared cache until it is back`);
  };
  /** The connection stands but a command failed: set up again shortly (or at the reconnect). */
  const retrySoon = () => {
    state.retry ??= setTimeout(() => {
      state.retry = null;
      if (client?.isReady && !state.usable) void prepare();
    }, RECONNECT_MAX_MS).unref();
  };
  /** A command failed or timed out on a standing connection (Redis hung, say): not used until set up again. */
  const failed = (what, error) => {
    lost(`${what}: ${errorText(error)}`);
    retrySoon();
  };

  /** After each (re)connect: the namespace and clock of this Redis server, then the expirations it missed. */
  async function prepare() {
    try {
      const info = await text.info('server');
      const runId = /run_id:(\w+)/.exec(info)?.[1] ?? 'unknown';
      const sentAt = Date.now();
      const [seconds, micros] = await text.time();
      state.offset = Math.round(Number(seconds) * 1000 + Number(micros) / 1000 - (sentAt + Date.now()) / 2);
      state.prefix = `shop:cache:${runId}:`;
      await flushPending();
      state.usable = true;
      if (state.down || state.connects === 0) console.log(`[cache] shared cache in Redis (server ${runId.slice(0, 8)})`);
      state.down = false;
      state.connects++;
    } catch (error) {
      lost(errorText(error));
      retrySoon();
    }
  }

  async function flushPending() {
    while (pending.length) {
      const updates = pending;
      pending = [];
      try {
        await writeTimes(updates);
      } catch (error) {
        pending = [...updates, ...pending];
        throw error;
      }
    }
  }

  const usable = () => state.usable && client?.isReady === true;
  const entryKey = (key) => `${state.prefix}e:${key}`;

  /** @param {Array<[string, TagTimes]>} updates */
  async function writeTimes(updates) {
    const stale = [];
    const expired = [];
    for (const [tag, times] of updates) {
      if (times.stale !== undefined) stale.push(tag, String(times.stale));
      if (times.expired !== undefined) expired.push(tag, String(times.expired));
    }
    await Promise.all([
      stale.length && text.eval(RAISE_TIMES, { keys: [`${state.prefix}tags:stale`], arguments: stale }),
      expired.length && text.eval(RAISE_TIMES, { keys: [`${state.prefix}tags:expired`], arguments: expired }),
    ]);
  }

  return {
    name: 'redis',
    now: () => Date.now() + state.offset,

    async readEntry(key) {
      if (!usable()) return null;
      let stored;
      try {
        stored = await binary.get(entryKey(key));
      } catch (error) {
        failed('reading an entry', error);
        return null;
      }
      try {
        return stored ? v8.deserialize(stored) : null;
      } catch (error) {
        // Written by another Node.js version, say: a miss, and the next render replaces it.
        console.error(`[cache] could not read the entry ${key}: ${errorText(error)}`);
        return null;
      }
    },

    async writeEntry(key, entry) {
      if (!usable()) return;
      await binary
        .set(entryKey(key), v8.serialize(entry), { expiration: { type: 'PX', value: ENTRY_TTL_MS } })
        .catch((error) => failed('writing an entry', error));
    },

    async removeEntry(key) {
      if (!usable()) return;
      await text.del(entryKey(key)).catch(() => {});
    },

    // An expired entry stays until the next render replaces it (or its TTL ends): deleting it here
    // could remove a fresh entry another instance has just written.
    evict() {},

    /** @param {string[]} tags @returns {Promise<Map<string, TagTimes> | null>} null when the times cannot be read */
    async readTagTimes(tags) {
      const times = new Map();
      if (!tags.length) return times;
      if (!usable()) return null;
      try {
        const [stale, expired] = await Promise.all([
          text.hmGet(`${state.prefix}tags:stale`, tags),
          text.hmGet(`${state.prefix}tags:expired`, tags),
        ]);
        tags.forEach((tag, i) => {
          if (stale[i] === null && expired[i] === null) return;
          times.set(tag, {
            stale: stale[i] === null ? undefined : Number(stale[i]),
            expired: expired[i] === null ? undefined : Number(expired[i]),
          });
        });
        return times;
      } catch (error) {
        failed('reading tag times', error);
        return null;
      }
    },

    /** @param {Array<[string, TagTimes]>} updates */
    async raiseTagTimes(updates) {
      pending.push(...updates);
      if (!usable()) return;
      // Nothing is read from Redis again until it has every expiration: a missed one would serve old pages.
      await flushPending().catch((error) => failed('writing tag times', error));
    },
  };
}
