import { describe, expect, it } from 'vitest';
import { pastDroppedSchemas } from '../../src/server/db/migrator.mjs';

/** PostgreSQL's errors as pg gives them: a code, and the server routine that raised it. */
const pgError = (code: string, routine: string) => Object.assign(new Error(`${code} from ${routine}`), { code, routine });

describe('a migration on PostgreSQL, while another session changes the catalogue', () => {
  it("runs again when another session's drop broke the catalogue read, and returns what the run gave", async () => {
    for (const failure of [
      pgError('3F000', 'LookupExplicitNamespace'),
      pgError('42703', 'pg_get_serial_sequence'),
      pgError('42P01', 'pg_get_serial_sequence'),
    ]) {
      let runs = 0;
      const result = await pastDroppedSchemas(async () => {
        runs++;
        if (runs < 3) throw failure;
        return ['0001'];
      });
      expect(result).toEqual(['0001']);
      expect(runs).toBe(3);
    }
  });

  it('fails at once on any other error, a missing column in a migration itself included', async () => {
    let runs = 0;
    const failing = pastDroppedSchemas(async () => {
      runs++;
      throw pgError('42703', 'errorMissingColumn');
    });
    await expect(failing).rejects.toThrow('42703 from errorMissingColumn');
    expect(runs).toBe(1);
  });
});
