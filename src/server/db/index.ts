import type { Kysely } from 'kysely';
import { openDatabase as openUntyped } from './connect.mjs';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export async function openDatabase(
  url: string | undefined,
  options: { searchPath?: string; poolSize?: number; timeoutMs?: number } = {},
): Promise<{ db: Db; kind: DbKind }> {
  const { db, kind } = await openUntyped(url, options);
  return { db: db as Db, kind };
}
