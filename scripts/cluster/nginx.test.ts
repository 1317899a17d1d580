/** deploy/*.conf as scripts/cluster/nginx.ts renders it (nginx itself checks it in the cluster test): the upload's limit follows IMPORT_MAX_MB. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importLimits, resetEnv } from '@/lib/platform/env';
import { FRONT_BODY_LIMIT_BYTES } from '@/lib/platform/http';
import { writeNginxConfig } from './nginx';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'nginx-conf-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  delete process.env.IMPORT_MAX_MB;
  resetEnv();
});

/** Every client_max_body_size of the rendered files, by file and the location it sits in (or `http`). */
function bodyLimits(): string[] {
  return ['nginx.conf', 'front.conf'].flatMap((file) => {
    let location = 'http';
    return readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const opened = /^\s*location\s+(.*?)\s*\{/.exec(line);
        if (opened) location = opened[1]!;
        const limit = /client_max_body_size\s+(\S+);/.exec(line);
        return limit ? [`${file} ${location}: ${limit[1]}`] : [];
      });
  });
}

it.each([
  ['unset (1024)', '1025m'],
  ['50', '51m'],
])('IMPORT_MAX_MB %s: the upload route takes %s at both layers, every other route 6m', (max, limit) => {
  if (max === '50') process.env.IMPORT_MAX_MB = max;
  resetEnv();
  writeNginxConfig({ dir, port: 8080, servers: [{ name: 'A', port: 3000 }] });
  expect(bodyLimits()).toEqual([
    'nginx.conf http: 6m',
    `nginx.conf = /api/admin/imports: ${limit}`,
    `front.conf = /api/admin/imports: ${limit}`,
  ]);
  // The app reads a refused body to its end up to these same bounds, so nginx never meets a connection closed mid-body.
  expect(`${FRONT_BODY_LIMIT_BYTES / (1024 * 1024)}m`).toBe('6m');
  expect(`${importLimits().frontBytes / (1024 * 1024)}m`).toBe(limit);
});
