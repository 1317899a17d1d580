// The accounts domain's entry: server code imports it from '@/lib/accounts'. Client code imports the
// client-safe '@/lib/accounts/session-hint' by path; modules of lib/ import the file they need.
export * from '@/lib/accounts/accounts';
export * from '@/lib/accounts/users';
export * from '@/lib/accounts/admins';
export * from '@/lib/accounts/profiles';
export * from '@/lib/accounts/tokens';
export * from '@/lib/accounts/addresses';
