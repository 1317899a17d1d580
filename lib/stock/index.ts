export * from './batched-turns';
export * from './keyed-queue';
export * from './ledger';
