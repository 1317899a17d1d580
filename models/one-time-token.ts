import './time-limit';
import { type InferSchemaType, Schema, model, models, type Model } from 'mongoose';

export const TOKEN_PURPOSES = ['verify-email', 'reset-password', 'sign-in'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Email verification, password reset and sign-in links. Only the SHA-256 of the token is stored. */
const oneTimeTokenSchema = new Schema({
  tokenHash: { type: String, required: true },
  purpose: { type: String, required: true, enum: TOKEN_PURPOSES },
  email: { type: String, required: true, lowercase: true },
  expiresAt: { type: Date, required: true },
  createdAt: { type: Date, required: true, default: () => new Date() },
});
oneTimeTokenSchema.index({ tokenHash: 1 }, { unique: true });

/** A token's use: unique on the token's hash, so a link works exactly once even when opened twice at once. */
const tokenUseSchema = new Schema({
  tokenHash: { type: String, required: true },
  at: { type: Date, required: true, default: () => new Date() },
});
tokenUseSchema.index({ tokenHash: 1 }, { unique: true });

export type OneTimeTokenDoc = InferSchemaType<typeof oneTimeTokenSchema>;
export const OneTimeToken: Model<OneTimeTokenDoc> =
  (models.OneTimeToken as Model<OneTimeTokenDoc>) ?? model<OneTimeTokenDoc>('OneTimeToken', oneTimeTokenSchema);
export type TokenUseDoc = InferSchemaType<typeof tokenUseSchema>;
export const TokenUse: Model<TokenUseDoc> = (models.TokenUse as Model<TokenUseDoc>) ?? model<TokenUseDoc>('TokenUse', tokenUseSchema);
