'use client';

/** Signs out and goes to `callbackUrl`; next-auth's client loads only now, to keep it out of every page's first load. */
export async function signOutTo(callbackUrl: string): Promise<void> {
  const { signOut } = await import('next-auth/react');
  await signOut({ callbackUrl });
}
