/** Hidden fields that carry a page's other parameters through a GET form, so submitting one form keeps the rest. */
export function KeptFields({ values }: { values: Record<string, string> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
