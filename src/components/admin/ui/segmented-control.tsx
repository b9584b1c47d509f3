/** One choice of a few, as a row of buttons: native radios (arrow keys move between them) inside their labels. */
export function SegmentedControl<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex rounded-lg border border-slate-300 bg-white p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className="cursor-pointer rounded-md px-3 py-2 text-sm font-semibold text-muted has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
        >
          <input type="radio" name={name} value={option.id} checked={option.id === value} onChange={() => onChange(option.id)} className="sr-only" />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
