export * from './cron';
export * from './jobs';
