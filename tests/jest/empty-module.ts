// Stands in for `server-only` under jest, which runs server modules outside Next's bundler.
export {};
