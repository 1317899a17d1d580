/** Types of next.config.mjs (plain JavaScript that Next loads itself), for the tests. */
import type { NextConfig } from 'next';
declare const nextConfig: NextConfig;
export default nextConfig;
