import 'next-auth';

declare module 'next-auth' {
  interface Session {
    /** Absent when the session's account is gone or its sessions were ended (password reset). */
    user?: { id: string; email: string; name: string; sessionVersion: number; isAdmin: boolean; emailVerified: boolean };
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    sv?: number;
  }
}
