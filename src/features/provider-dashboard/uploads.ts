/**
 * What the listing builder's file inputs accept (a logo: an image; a license: a PDF or an
 * image), checked in the browser before anything is sent so a wrong file gets its message at once.
 * The server checks again, by declared type and by the file's first bytes.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UPLOAD_KINDS = {
  logo: {
    label: 'Logo',
    types: ['image/png', 'image/jpeg', 'image/webp'],
    extensions: ['.png', '.jpg', '.jpeg', '.webp'],
    described: 'PNG, JPEG or WebP image',
  },
  license: {
    label: 'License',
    types: ['application/pdf', 'image/png', 'image/jpeg'],
    extensions: ['.pdf', '.png', '.jpg', '.jpeg'],
    described: 'PDF, PNG or JPEG file',
  },
} as const;

export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The `accept` attribute of a kind's file input. */
export function acceptOf(kind: UploadKind): string {
  return [...UPLOAD_KINDS[kind].types, ...UPLOAD_KINDS[kind].extensions].join(',');
}

/** `1.2 MB`, `340 KB`, `12 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** Why the browser will not send this file, or null when it may (the server has the last word). */
export function uploadProblem(
  kind: UploadKind,
  file: { name: string; type: string; size: number },
): string | null {
  const spec = UPLOAD_KINDS[kind];
  const name = file.name.toLowerCase();
  const typeOk = (spec.types as readonly string[]).includes(file.type);
  const extensionOk = spec.extensions.some((e) => name.endsWith(e));
  if (!typeOk || !extensionOk) {
    return `${spec.label} must be a ${spec.described}. “${file.name}” is not.`;
  }
  if (file.size === 0) return `“${file.name}” is empty. Please choose another file.`;
  if (file.size > MAX_UPLOAD_BYTES) {
    return `“${file.name}” is ${formatBytes(file.size)}; files can be at most 5 MB.`;
  }
  return null;
}
