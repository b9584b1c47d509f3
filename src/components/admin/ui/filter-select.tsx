/** A labelled native select with an "All" choice first, for the GET filter forms. */
export function FilterSelect<T extends string>({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: T | 'all';
  options: readonly { value: T; label: string }[];
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="min-h-11 rounded-lg border border-slate-400 bg-white px-3">
        <option value="all">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
