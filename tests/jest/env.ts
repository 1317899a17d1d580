// Settings every test file starts from: no external services, a fixed session secret.
process.env.NEXTAUTH_SECRET ??= 'jest-secret-0123456789abcdef0123456789abcdef';
process.env.NEXTAUTH_URL = 'http://localhost:3000';
process.env.SHOP_DATA_DIR = `.data/jest-files-${process.pid}`;
process.env.NEXT_TELEMETRY_DISABLED = '1';
// bcrypt stays bcrypt; fewer rounds only make the many test accounts quicker to create.
process.env.BCRYPT_ROUNDS ??= '4';
// Test files place many guest orders with one email; the limit's own test sets its figures itself.
process.env.GUEST_ORDERS_PER_EMAIL_PER_HOUR ??= '100000';
delete process.env.STRIPE_SECRET_KEY;
delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;
delete process.env.CLOUDINARY_URL;
delete process.env.EMAIL_SERVER;
delete process.env.GOOGLE_CLIENT_ID;
delete process.env.GOOGLE_CLIENT_SECRET;
