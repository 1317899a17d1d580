import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import GoogleProvider from 'next-auth/providers/google';
import { actorFromClaims } from '@/lib/auth/policy';
import { signInWithLink } from '@/lib/auth/sign-in-link';
import { authSecret, env, googleConfigured } from '@/lib/platform/env';
import { authenticate, findUserByEmail, upsertGoogleUser } from './users';
import { safeRedirectUrl } from '@/lib/core/utils';
import { loginSchema } from '@/lib/validations/auth';

export const SESSION_SECONDS = 8 * 60 * 60;
export const WRONG_CREDENTIALS = 'Wrong email or password';

/** next-auth's configuration, built per request so settings are read at run time, not at build. */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_SECONDS, updateAge: 60 * 60 },
    jwt: { maxAge: SESSION_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    providers: providers(),
    callbacks,
  };
}

function providers(): NextAuthOptions['providers'] {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return [
    CredentialsProvider({
      id: 'credentials',
      name: 'Email and password',
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
      },
      async authorize(credentials) {
        const parsed = loginSchema.safeParse({ email: credentials?.email ?? '', password: credentials?.password ?? '' });
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? WRONG_CREDENTIALS);
        const user = await authenticate(parsed.data.email, parsed.data.password);
        if (!user) throw new Error(WRONG_CREDENTIALS);
        return { id: user._id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
      },
    }),
    // The one-time link of lib/auth/sign-in-link.ts: the way in when the password is locked out.
    CredentialsProvider({
      id: 'sign-in-link',
      name: 'Sign-in link',
      credentials: { token: { label: 'Token', type: 'text' } },
      async authorize(credentials) {
        const user = await signInWithLink(String(credentials?.token ?? '').slice(0, 200));
        return { id: user._id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
      },
    }),
    ...(googleConfigured() ? [GoogleProvider({ clientId: GOOGLE_CLIENT_ID!, clientSecret: GOOGLE_CLIENT_SECRET! })] : []),
  ];
}

const callbacks: NextAuthOptions['callbacks'] = {
  // Where next-auth sends the browser afterwards: the login page's rule (lib/core/utils.ts), so a
  // callbackUrl can name only a path of the shop, and one with a control character becomes `/`.
  redirect({ url, baseUrl }) {
    return safeRedirectUrl(url, baseUrl);
  },
  async signIn({ account, profile }) {
    if (account?.provider !== 'google') return true;
    const google = profile as { email?: string; email_verified?: boolean; name?: string; sub?: string } | undefined;
    // Only a Google-verified address may join an existing account with the same email.
    if (!google?.email || google.email_verified !== true) return '/login?error=GoogleEmailUnverified';
    await upsertGoogleUser({
      email: google.email,
      name: google.name ?? google.email,
      googleId: String(google.sub ?? account.providerAccountId),
    });
    return true;
  },
  async jwt({ token, user, account }) {
    if (user?.email) {
      // Our own user id, whichever provider signed in.
      const stored = account?.provider === 'google' ? await findUserByEmail(user.email) : null;
      token.sub = stored?._id ?? user.id;
      token.email = user.email.toLowerCase();
      token.name = stored?.name ?? user.name;
      token.sv = stored?.sessionVersion ?? (user as { sessionVersion?: number }).sessionVersion ?? 0;
    }
    return token;
  },
  // The browser's session (GET /api/auth/session, read by the pages' session islands): the current
  // account and role from the database, or no user when the account's sessions were ended.
  async session({ session, token }) {
    const actor = token.sub ? await actorFromClaims({ sub: token.sub, sv: Number(token.sv ?? 0) }, 'session') : null;
    session.user = actor
      ? {
          id: actor._id,
          email: actor.email,
          name: actor.name,
          sessionVersion: actor.sessionVersion,
          isAdmin: actor.isAdmin,
          emailVerified: actor.emailVerified,
        }
      : undefined;
    return session;
  },
};
