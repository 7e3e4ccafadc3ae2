import { useEffect, useState } from 'react';
import { localToday } from '../../lib/directory/rules.ts';

/** The visitor's own date, set after hydration: the HTML never carries the build date. */
export function useToday(): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    setToday(localToday());
  }, []);
  return today;
}
