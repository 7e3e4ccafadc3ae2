import { useEffect, useRef, useState } from 'react';
import { uploadFile, uploadObjectUrl, type Failure } from '../api.ts';
import { acceptOf, formatBytes, uploadProblem, UPLOAD_KINDS, type UploadKind } from '../uploads.ts';
import { FileField } from '../../../ui/FileField.tsx';

/** A file uploaded as soon as it is chosen; the draft keeps its address and name. */
export function UploadField({
  id,
  kind,
  label,
  hint,
  url,
  name,
  onUploaded,
  onFailure,
}: {
  id: string;
  kind: UploadKind;
  label: string;
  /** Said after the accepted types and size. */
  hint: string;
  url: string;
  name: string;
  onUploaded: (url: string, name: string) => void;
  onFailure: (failure: Failure) => void;
}) {
  const spec = UPLOAD_KINDS[kind];
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'uploading'; name: string } | { status: 'error'; message: string }
  >({
    status: 'idle',
  });
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (url === '' && inputRef.current) inputRef.current.value = '';
  }, [url]);

  // The logo as families will see it (fetched with the session token; the URL is this page's own).
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (kind !== 'logo' || url === '') return;
    let current = true;
    let objectUrl: string | null = null;
    void uploadObjectUrl(url).then((made) => {
      objectUrl = made;
      if (current) setPreview(made);
      else if (made !== null) URL.revokeObjectURL(made);
    });
    return () => {
      current = false;
      setPreview(null);
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [kind, url]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem(kind, file);
    if (problem) {
      setState({ status: 'error', message: problem });
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setState({ status: 'uploading', name: file.name });
    const result = await uploadFile(kind, file);
    if (inputRef.current) inputRef.current.value = '';
    if (!result.ok) {
      if (result.kind === 'error') setState({ status: 'error', message: result.message.description });
      else setState({ status: 'idle' });
      onFailure(result);
      return;
    }
    setState({ status: 'idle' });
    onUploaded(
      result.upload.url,
      `${result.upload.original_name} (${formatBytes(result.upload.size_bytes)})`,
    );
  };

  const error = state.status === 'error' ? state.message : undefined;
  return (
    <FileField
      id={id}
      label={label}
      accept={acceptOf(kind)}
      hint={`${spec.described}, at most 5 MB. ${hint}`}
      status={
        state.status === 'uploading'
          ? `Uploading ${state.name}…`
          : url !== ''
            ? `Uploaded: ${name || 'file'}`
            : ''
      }
      statusTestId={`${kind}-status`}
      error={error}
      inputRef={inputRef}
      onChoose={(file) => void choose(file)}
      preview={
        preview !== null && url !== '' ? (
          <img
            src={preview}
            alt="Your logo, as uploaded"
            className="mt-2 h-16 w-auto max-w-full rounded-md border border-slate-200 bg-white object-contain p-1"
            onError={() => {
              setPreview(null);
            }}
          />
        ) : null
      }
      removeLabel={
        url !== '' && state.status !== 'uploading' ? `Remove ${kind === 'logo' ? 'logo' : 'license'}` : null
      }
      onRemove={() => {
        onUploaded('', '');
      }}
    />
  );
}
