/** `(617) 555-0100` from any way of writing a 10-digit US number (an optional leading 1). */
export function formatUsPhone(value: string): string | undefined {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return undefined;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
