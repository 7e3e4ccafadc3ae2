import { useState } from 'react';
import { showToast } from '../../ui/toasts/store.ts';
import { fetchUpload, type Failure } from './api.ts';
import { secondaryButton } from '../../ui/buttons.ts';

/** How long an opened file's object URL lives (the new tab has loaded it by then). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Opens an uploaded file (`/api/provider/uploads/<id>`): the API needs the session token, so the
 * bytes are fetched and handed to a new tab as an object URL (PDF and images), or downloaded
 * under their name (any other type).
 */
export function FileButton({
  path,
  name,
  label,
  onFailure,
}: {
  path: string;
  name: string;
  label: string;
  onFailure: (failure: Failure) => void;
}) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (busy) return;
    setBusy(true);
    const result = await fetchUpload(path);
    setBusy(false);
    if (!result.ok) {
      if (result.kind === 'error') showToast({ ...result.message, variant: 'destructive' });
      else onFailure(result);
      return;
    }
    const { objectUrl, inline } = result.value;
    const link = document.createElement('a');
    link.href = objectUrl;
    link.rel = 'noopener';
    if (inline) link.target = '_blank';
    else link.download = name || 'file';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => {
      URL.revokeObjectURL(objectUrl);
    }, OBJECT_URL_LIFETIME_MS);
  };
  return (
    <button
      type="button"
      className={`${secondaryButton} max-w-full text-left`}
      onClick={() => void open()}
      disabled={busy}
      aria-busy={busy}
    >
      <span className="break-all">{busy ? `Opening ${label}…` : `Open ${label}`}</span>
    </button>
  );
}
