import mongoose from 'mongoose';
import { ConflictError, isDatabaseDown } from './errors';

const { MongoBulkWriteError, MongoNetworkError, MongoServerError } = mongoose.mongo;

/** An error as a driver class names it (those the driver does not export, like its pool's). */
const named = (name: string) => Object.assign(new Error('connection closed'), { name });
const lostConnection = () => new MongoNetworkError('connection 45 to 127.0.0.1:27017 closed');

describe('isDatabaseDown: the driver errors that mean the database cannot answer now', () => {
  it.each([
    ['a lost connection', lostConnection()],
    ['no server to select', named('MongoServerSelectionError')],
    ["the pool cleared after a server's failure", named('MongoPoolClearedError')],
    ['a closed pool', named('MongoPoolClosedError')],
    ['a client that is not connected', named('MongoNotConnectedError')],
    ['no free connection in time', named('MongoWaitQueueTimeoutError')],
    ['a bulk write cut short by a lost connection', new MongoBulkWriteError(lostConnection(), {} as never)],
    [
      'a stock write that failed part way (its cause)',
      Object.assign(new Error('A stock write failed part way'), { cause: lostConnection() }),
    ],
    ['a query stopped at its time limit', new MongoServerError({ code: 50, errmsg: 'operation exceeded time limit' })],
    ['a server shutting down', new MongoServerError({ code: 91, errmsg: 'The server is in quiesce mode and will shut down' })],
    ['a primary that stepped down', new MongoServerError({ code: 10107, errmsg: 'not primary' })],
  ])('%s', (_name, error) => {
    expect(isDatabaseDown(error)).toBe(true);
  });

  it.each([
    ['a duplicate key', new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key error' })],
    [
      'a bulk write refused by a unique index',
      new MongoBulkWriteError(new MongoServerError({ code: 11000, errmsg: 'E11000' }), {} as never),
    ],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'price')")],
    ['a domain refusal', new ConflictError('Sorry! please order lower or equal of available pieces')],
    ['a thrown string', 'connection closed'],
    ['an error caused by a bug', Object.assign(new Error('wrapped'), { cause: new RangeError('bad length') })],
  ])('not %s', (_name, error) => {
    expect(isDatabaseDown(error)).toBe(false);
  });

  it('stops at a cause that refers back to itself', () => {
    const error = new Error('loop');
    error.cause = error;
    expect(isDatabaseDown(error)).toBe(false);
  });
});
