import mongoose, { type Schema } from 'mongoose';

/**
 * Every query carries maxTimeMS (DESIGN.md section 6), so a slow query is stopped by the server
 * instead of piling up. A global plugin; lib/platform/db.ts sets the limit from the settings.
 */
let limitMs = 5000;

export function setQueryTimeLimit(ms: number): void {
  limitMs = ms;
}

const QUERY_OPERATIONS = [
  'find',
  'findOne',
  'countDocuments',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndDelete',
  'replaceOne',
] as const;

export function timeLimitPlugin(schema: Schema): void {
  for (const operation of QUERY_OPERATIONS) {
    schema.pre(operation, function () {
      if (this.getOptions().maxTimeMS === undefined) this.maxTimeMS(limitMs);
    });
  }
  schema.pre('aggregate', function () {
    if (this.options.maxTimeMS === undefined) this.option({ maxTimeMS: limitMs });
  });
}

// Registered once, on first import: every model file imports this module before compiling its model.
mongoose.plugin(timeLimitPlugin);
