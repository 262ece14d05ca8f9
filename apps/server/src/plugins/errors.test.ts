import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling, UNSTORABLE_VALUE_MESSAGE } from './errors.js';

/** An error as `pg` raises it for a statement PostgreSQL refused. */
function databaseError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
}

describe('the error handler', () => {
  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['22P02', 'invalid input syntax for type json'],
  ])('answers PostgreSQL refusing text (%s) with 400, not 500', async (code, message) => {
    const res = await answerTo(databaseError(code, message));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: UNSTORABLE_VALUE_MESSAGE,
    });
    expect(res.body).not.toContain(message);
  });

  it('keeps other database errors a 500 that says nothing internal', async () => {
    const res = await answerTo(databaseError('42P01', 'relation "secret_table" does not exist'));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret_table');
  });
});
