// The orders domain's entry: server code imports it from '@/lib/orders'. Client code imports the
// client-safe '@/lib/orders/tracking' by path; modules of lib/ import the file they need.
export * from '@/lib/orders/orders';
export * from '@/lib/orders/dto';
export { abandonPlacement, reconcileOrderIntents, storedIntents } from '@/lib/orders/placement';
export * from '@/lib/orders/money';
export * from '@/lib/orders/overview';
export * from '@/lib/orders/numbers';
export * from '@/lib/orders/idempotency';
export * from '@/lib/orders/emails';
