// The shared Redis store (REDIS_URL) so a change on one instance expires every instance's cache. Redis down answers "nothing cached",
// keys live under the server's run id, Redis's clock is the one clock, and tag times only move forward.

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

/** The store's view of one Redis server: its connection, namespace and clock, and the expirations it has not taken yet. */
class RedisStore {
  name = 'redis';
  usableNow = false;
  prefix = '';
  offset = 0;
  down = false;
  connects = 0;
  retry = null;
  /** @type {Array<[string, TagTimes]>} expirations Redis has not taken yet (written in order: times only move forward) */
  pending = [];
  client = null;
  text = null;
  binary = null;

  /** @param {string} url */
  constructor(url) {
    // The client library is loaded here rather than imported at the top: a server without REDIS_URL never
    // loads it (some 110 ms of a cold start's first request). Until it is connected, nothing is cached.
    import('redis').then(
      (redis) => this.connect(url, redis),
      (error) => this.lost(`the redis client could not be loaded: ${errorText(error)}`),
    );
  }

  connect(url, { createClient, RESP_TYPES }) {
    const client = createClient({
      url,
      // A command sent while disconnected fails at once instead of waiting for the connection.
      disableOfflineQueue: true,
      socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, RECONNECT_MAX_MS) },
    });
    this.client = client;
    this.text = client.withCommandOptions({ timeout: COMMAND_TIMEOUT_MS });
    this.binary = client.withCommandOptions({ timeout: COMMAND_TIMEOUT_MS, typeMapping: { [RESP_TYPES.BLOB_STRING]: Buffer } });
    client.on('error', (error) => this.lost(errorText(error)));
    client.on('end', () => this.lost('connection closed'));
    client.on('ready', () => void this.prepare());
    client.connect().catch((error) => this.lost(errorText(error)));
  }

  lost(why) {
    this.usableNow = false;
    if (this.down) return;
    this.down = true;
    console.error(`[cache] Redis unreachable (${why}): pages and data are rendered without the shared cache until it is back`);
  }

  /** The connection stands but a command failed: set up again shortly (or at the reconnect). */
  retrySoon() {
    this.retry ??= setTimeout(() => {
      this.retry = null;
      if (this.client?.isReady && !this.usableNow) void this.prepare();
    }, RECONNECT_MAX_MS).unref();
  }

  /** A command failed or timed out on a standing connection (Redis hung, say): not used until set up again. */
  failed(what, error) {
    this.lost(`${what}: ${errorText(error)}`);
    this.retrySoon();
  }

  /** After each (re)connect: the namespace and clock of this Redis server, then the expirations it missed. */
  async prepare() {
    try {
      const info = await this.text.info('server');
      const runId = /run_id:(\w+)/.exec(info)?.[1] ?? 'unknown';
      const sentAt = Date.now();
      const [seconds, micros] = await this.text.time();
      this.offset = Math.round(Number(seconds) * 1000 + Number(micros) / 1000 - (sentAt + Date.now()) / 2);
      this.prefix = `shop:cache:${runId}:`;
      await this.flushPending();
      this.usableNow = true;
      if (this.down || this.connects === 0) console.log(`[cache] shared cache in Redis (server ${runId.slice(0, 8)})`);
      this.down = false;
      this.connects++;
    } catch (error) {
      this.lost(errorText(error));
      this.retrySoon();
    }
  }

  async flushPending() {
    while (this.pending.length) {
      const updates = this.pending;
      this.pending = [];
      try {
        await this.writeTimes(updates);
      } catch (error) {
        this.pending = [...updates, ...this.pending];
        throw error;
      }
    }
  }

  usable() {
    return this.usableNow && this.client?.isReady === true;
  }

  entryKey(key) {
    return `${this.prefix}e:${key}`;
  }

  /** @param {Array<[string, TagTimes]>} updates */
  async writeTimes(updates) {
    const stale = [];
    const expired = [];
    for (const [tag, times] of updates) {
      if (times.stale !== undefined) stale.push(tag, String(times.stale));
      if (times.expired !== undefined) expired.push(tag, String(times.expired));
    }
    await Promise.all([
      stale.length && this.text.eval(RAISE_TIMES, { keys: [`${this.prefix}tags:stale`], arguments: stale }),
      expired.length && this.text.eval(RAISE_TIMES, { keys: [`${this.prefix}tags:expired`], arguments: expired }),
    ]);
  }

  now() {
    return Date.now() + this.offset;
  }

  async readEntry(key) {
    if (!this.usable()) return null;
    let stored;
    try {
      stored = await this.binary.get(this.entryKey(key));
    } catch (error) {
      this.failed('reading an entry', error);
      return null;
    }
    try {
      return stored ? v8.deserialize(stored) : null;
    } catch (error) {
      // Written by another Node.js version, say: a miss, and the next render replaces it.
      console.error(`[cache] could not read the entry ${key}: ${errorText(error)}`);
      return null;
    }
  }

  async writeEntry(key, entry) {
    if (!this.usable()) return;
    await this.binary
      .set(this.entryKey(key), v8.serialize(entry), { expiration: { type: 'PX', value: ENTRY_TTL_MS } })
      .catch((error) => this.failed('writing an entry', error));
  }

  async removeEntry(key) {
    if (!this.usable()) return;
    await this.text.del(this.entryKey(key)).catch(() => {});
  }

  // An expired entry stays until the next render replaces it (or its TTL ends): deleting it here
  // could remove a fresh entry another instance has just written.
  evict() {}

  /** @param {string[]} tags @returns {Promise<Map<string, TagTimes> | null>} null when the times cannot be read */
  async readTagTimes(tags) {
    const times = new Map();
    if (!tags.length) return times;
    if (!this.usable()) return null;
    try {
      const [stale, expired] = await Promise.all([
        this.text.hmGet(`${this.prefix}tags:stale`, tags),
        this.text.hmGet(`${this.prefix}tags:expired`, tags),
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
      this.failed('reading tag times', error);
      return null;
    }
  }

  /** @param {Array<[string, TagTimes]>} updates */
  async raiseTagTimes(updates) {
    this.pending.push(...updates);
    if (!this.usable()) return;
    // Nothing is read from Redis again until it has every expiration: a missed one would serve old pages.
    await this.flushPending().catch((error) => this.failed('writing tag times', error));
  }
}

/** @param {string} url */
export function createRedisStore(url) {
  return new RedisStore(url);
}
