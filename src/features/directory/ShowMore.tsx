import { useEffect, useRef } from 'react';

type Props = {
  loading: boolean;
  onClick: () => void;
};

/** "Show more programs" under the cards. */
export default function ShowMore({ loading, onClick }: Props) {
  return (
    <div className="mt-8 text-center">
      <button
        type="button"
        onClick={onClick}
        className="rounded-md border border-brand-600 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
      >
        {loading ? 'Loading…' : 'Show more programs'}
      </button>
    </div>
  );
}

/**
 * "Show more programs" hands focus to the first card it added (the button moves below them, or
 * goes when the list is complete), so keyboard and screen reader users go on from there.
 */
export function useFocusAddedCard(grid: readonly unknown[]) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusCard = useRef<number | null>(null);
  useEffect(() => {
    const index = focusCard.current;
    if (index === null || grid.length <= index) return;
    focusCard.current = null;
    listRef.current?.children[index]?.querySelector<HTMLElement>('h3 a')?.focus();
  }, [grid]);
  return { listRef, focusCard };
}
