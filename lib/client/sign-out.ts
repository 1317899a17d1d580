'use client';

/**
 * Signs out and goes to `callbackUrl`. next-auth's client is loaded only then: the navbar's LogOut
 * button is on every page, and importing it there put next-auth in every page's first load.
 */
export async function signOutTo(callbackUrl: string): Promise<void> {
  const { signOut } = await import('next-auth/react');
  await signOut({ callbackUrl });
}
