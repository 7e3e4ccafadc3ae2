/**
 * A program picture. On a published page a missing or broken file falls back to the placeholder
 * through the profile's bundled script (ProgramProfile.astro reads `data-fallback`: the
 * Content-Security-Policy allows no inline `onerror` handlers, docs/security.md).
 */
export const PLACEHOLDER_IMAGE = '/images/placeholder-program.svg';

export function ProgramImage({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
}: {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={src ?? PLACEHOLDER_IMAGE}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      data-fallback={PLACEHOLDER_IMAGE}
    />
  );
}
