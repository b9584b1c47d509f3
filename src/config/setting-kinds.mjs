// @ts-check
// How a setting is declared (src/config/settings.mjs): its environment variable, its kind of value and what the docs
// say of it, kept in one registry; and how the environment is read into the schema's shape. Plain JavaScript, as
// settings.mjs is.
import { z } from 'zod';

/**
 * What the docs say of a setting. `default`: a value as the environment would give it, read through the setting's own
 * schema; `shown`: what the table says where the default is worked out elsewhere (neither: unset). `when`: read by the
 * server at run time, at build time, or by tests and scripts only. `secret`: its value is never printed.
 * @typedef {{ env: string, when: 'build' | 'run' | 'build, run' | 'test', meaning: string, default?: string, shown?: string, secret?: boolean }} SettingDoc
 */

/** @type {z.core.$ZodRegistry<SettingDoc>} Each setting's schema, with what the docs say of it. */
export const settingDocs = z.registry();

/**
 * A setting with a default: unset (or set to ''), it reads `doc.default` through the same schema.
 * @template {z.ZodType<unknown, string>} S
 * @param {string} env @param {S} schema @param {Omit<SettingDoc, 'env' | 'default'> & { default: string }} doc
 */
// The casts: zod's types for `prefault` and the registry are conditional on the schema, which a generic `S` leaves open.
export const withDefault = (env, schema, doc) => {
  const read = schema.prefault(/** @type {z.input<S>} */ (doc.default));
  settingDocs.add(/** @type {z.ZodType} */ (read), { env, ...doc });
  return read;
};

/**
 * A setting that may be left unset (or set to ''): its value is then `undefined`. (The transform keeps the key in
 * `Settings` as `T | undefined`, not `key?: T`, so the settings can be handed to a type that names every key.)
 * @template {z.ZodType<unknown, string>} S
 * @param {string} env @param {S} schema @param {Omit<SettingDoc, 'env' | 'default'>} doc
 */
export const unsetByDefault = (env, schema, doc) => {
  const read = schema.optional().transform((value) => value);
  settingDocs.add(/** @type {z.ZodType} */ (read), { env, ...doc });
  return read;
};

/** @param {number} min @param {number} [max] */
export const integer = (min, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** @param {string[]} protocols @param {string} hint */
export const urlWith = (protocols, hint) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  }, hint);

export const databaseUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\/[^/]/.test(value) || /^(file|sqlite):/.test(value) || !/^[a-z][a-z0-9+.-]*:/i.test(value),
    'must be postgres://…, file:path or a path to an SQLite file',
  );

/** 0: the socket address is the client; N (`true` is 1): the N-th X-Forwarded-For address from the right. */
export const trustProxy = z
  .string()
  .regex(/^(true|false|\d+)$/, 'must be true, false or a number of proxies (1, 2, …)')
  .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)));

export const hostPorts = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'must list host:port pairs, e.g. 127.0.0.1:8081,[::1]:8443')));

/**
 * Each setting of the schema with where its value goes (`path` in `Settings`), in the schema's order.
 * @param {z.ZodObject} object @param {string[]} [at]
 * @returns {Array<SettingDoc & { path: string[] }>}
 */
export function settingsOf(object, at = []) {
  return Object.entries(object.shape).flatMap(([key, field]) => {
    const doc = settingDocs.get(field);
    if (doc) return [{ ...doc, path: [...at, key] }];
    if (field instanceof z.ZodObject) return settingsOf(field, [...at, key]);
    throw new Error(`settings: ${[...at, key].join('.')} is neither a setting (withDefault, unsetByDefault) nor a group (z.object)`);
  });
}

/**
 * The environment in the schema's shape, every setting's key present; '' counts as unset, so `VAR=` in a shell or a
 * test behaves like leaving the variable out.
 * @param {z.ZodObject} object @param {Record<string, string | undefined>} env
 * @returns {Record<string, unknown>}
 */
export function environmentAsInput(object, env) {
  return Object.fromEntries(
    Object.entries(object.shape).map(([key, field]) => {
      const doc = settingDocs.get(field);
      if (doc) return [key, env[doc.env] === '' ? undefined : env[doc.env]];
      return [key, field instanceof z.ZodObject ? environmentAsInput(field, env) : undefined];
    }),
  );
}
