import http from 'node:http';

/**
 * POSTs `total` bytes as a chunked body (no Content-Length), `first` before them, and stops writing
 * once the answer arrives: the server's limit is met by a body whose size it cannot know in advance.
 * Used by the jest tests of the body limits and by the e2e story against the production server.
 */
export function sendChunked(url: string, headers: Record<string, string>, total: number, first = Buffer.alloc(0)) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      answered = true;
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      if (sent === 0 && first.length) {
        req.write(first);
        sent += first.length;
      }
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
