/** What the owner types for a watched site (the admin's form and `npm run watch:add`), checked with zod. */
import { z } from 'zod';
import { searchPropertyPattern } from '~/config/search';
import { clientKinds, watchDefaults, watchKinds, watchSiteBounds as b } from '~/config/watch';

const wholeNumber = (min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `Enter ${what} as a whole number.` })
    .int(`Enter ${what} as a whole number.`)
    .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} must be at least ${min}.`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} must be at most ${max}.`);

/**
 * The fields without their defaults: an edit (`watchSiteEdit`) changes only what it names, so a default there would
 * reset what the owner left out (zod keeps a `.default()` inside `.partial()`: `{ name }` alone turned the client's
 * copy off, the schedule back to the defaults and every check on again).
 */
const watchSiteFields = z.object({
  url: z.string().trim().min(1, 'Enter the address of the site, such as https://www.example.co.uk.').max(2000, 'That address is too long.'),
  name: z.string().trim().min(1, 'Enter a name for the site.').max(b.nameMax, `Keep the name to ${b.nameMax} characters.`),
  clientEmail: z
    .union([z.literal(''), z.email('Enter the client’s e-mail address, or leave it empty.')])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  // A real true/false from the admin; from a form or the command line, words ("false" is not true, as coerce would have it).
  copyClient: z.union([z.boolean(), z.stringbool({ error: 'Answer the copy to the client with yes or no.' })]),
  /** Its Search Console property when not the domain property of its host (empty: that default; absent: unchanged). */
  searchProperty: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(300, 'That property name is too long.')
        .regex(
          searchPropertyPattern,
          'Enter the property as Search Console names it: sc-domain:example.co.uk, or a URL prefix such as https://www.example.co.uk/.',
        ),
    ])
    .optional()
    .transform((value) => (value ? value : null)),
  crawlEveryHours: wholeNumber(b.crawlEveryHoursMin, b.crawlEveryHoursMax, 'the hours between crawls'),
  availabilityEveryMinutes: wholeNumber(b.availabilityEveryMinutesMin, b.availabilityEveryMinutesMax, 'the minutes between availability checks'),
  kindsOff: z.array(z.enum(watchKinds)),
});

/** A new site: what is left out takes its default. */
export const watchSiteForm = watchSiteFields.extend({
  copyClient: watchSiteFields.shape.copyClient.default(false),
  crawlEveryHours: watchSiteFields.shape.crawlEveryHours.default(watchDefaults.crawlEveryHours),
  availabilityEveryMinutes: watchSiteFields.shape.availabilityEveryMinutes.default(watchDefaults.availabilityEveryMinutes),
  kindsOff: watchSiteFields.shape.kindsOff.default([]),
});
export type WatchSiteInput = z.input<typeof watchSiteForm>;
export type WatchSiteValues = z.output<typeof watchSiteForm>;

/** An edit: everything but the address (a new address is a new site); what it leaves out stays as it is. */
export const watchSiteEdit = watchSiteFields.omit({ url: true }).partial();

export const alertsQuery = z.object({
  status: z.enum(['open', 'closed', 'all']).default('all'),
  site: z.string().max(100).optional(),
});

export { clientKinds };
