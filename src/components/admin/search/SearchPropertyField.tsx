/**
 * Where a site's Search Console property is set: a field that offers the properties the service account may read
 * (Google's sites.list), with the site's default property (its registrable domain's) filled in when it is one of them.
 */
import { useId } from 'react';
import { searchText } from '~/config/search';
import { useSearchProperties } from '../data/queries';
import { Field } from '../ui/field';

export function SearchPropertyField({ siteUrl, value, error }: { siteUrl?: string; value: string | null; error?: string }) {
  const listId = useId();
  const properties = useSearchProperties(siteUrl);
  const data = properties.data;
  const readable = data?.readable ?? null;
  const preset = value ?? (data && readable?.includes(data.defaultProperty) ? data.defaultProperty : '');
  return (
    <div className="grid gap-1" data-search-property-field>
      <Field
        // Filled in again once the readable properties are known.
        key={data ? 'known' : 'asking'}
        label="Search Console property (optional)"
        name="searchProperty"
        defaultValue={preset}
        placeholder={data?.defaultProperty ?? 'sc-domain:example.co.uk'}
        hint={searchText.propertyHint}
        error={error}
        autoComplete="off"
        list={readable && readable.length > 0 ? listId : undefined}
      />
      {readable && readable.length > 0 && (
        <datalist id={listId}>
          {readable.map((property) => (
            <option key={property} value={property} />
          ))}
        </datalist>
      )}
      <p className="text-sm text-muted" data-search-readable>
        {data ? searchText.readableProperties(data) : searchText.askingProperties}
      </p>
    </div>
  );
}
