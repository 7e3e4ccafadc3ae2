/**
 * A list whose items carry a decorative mark (✓ for benefits and highlights, • for plain facts).
 * The mark is hidden from screen readers: the list semantics already say "item".
 */
export function MarkedList({
  items,
  mark = 'check',
  className = 'space-y-2',
}: {
  items: readonly string[];
  mark?: 'check' | 'dot';
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={className}>
      {items.map((item, i) => (
        <li key={i} className="flex gap-2">
          <span aria-hidden="true" className={mark === 'check' ? 'mt-0.5 text-accent-600' : 'text-brand-600'}>
            {mark === 'check' ? '✓' : '•'}
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
