/** Said when a shard of the program list fails to load, with a way to try again. */
export default function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <span>The full program list could not be loaded, so results may be incomplete.</span>
      <button type="button" onClick={onRetry} className="font-semibold underline">
        Try again
      </button>
    </div>
  );
}
