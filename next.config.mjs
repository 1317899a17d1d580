/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Keep the dev server's build output apart from production builds so both can exist side by side.
  serverExternalPackages: ['mongoose', 'mongodb-memory-server', 'mongodb-memory-server-core', 'nodemailer', 'cloudinary'],
  images: {
    // Seeded artwork is SVG made for this project; uploads are served from our own origin or Cloudinary.
    dangerouslyAllowSVG: true,
    contentDispositionType: 'inline',
    contentSecurityPolicy: "default-src 'self'; script-src 'none'; sandbox;",
    localPatterns: [{ pathname: '/images/**' }, { pathname: '/uploads/**' }],
    remotePatterns: [{ protocol: 'https', hostname: 'res.cloudinary.com' }],
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default nextConfig;
