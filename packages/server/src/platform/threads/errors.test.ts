import { describe, expect, it } from 'vitest';
import { errorFields, rebuiltError } from './errors';

describe('errors across the thread', () => {
  it('keep their message and PostgreSQL fields, and leave objects and the stack behind', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (sensor_id)=(…) already exists.',
      position: 12,
      where: { not: 'plain' },
    });
    const fields = errorFields(error);
    expect(fields).toEqual({
      message: 'duplicate key value violates unique constraint',
      code: '23505',
      detail: 'Key (sensor_id)=(…) already exists.',
      position: 12,
    });
    const rebuilt = rebuiltError(structuredClone(fields));
    expect(rebuilt).toBeInstanceOf(Error);
    expect(rebuilt.message).toBe(error.message);
    expect((rebuilt as Error & { code?: string }).code).toBe('23505');
    expect(errorFields('plain text')).toEqual({ message: 'plain text' });
  });
});
