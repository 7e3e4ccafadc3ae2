import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DirectoryFilters } from '../../lib/directory/rules.ts';
import { DEFAULT_STATE, defaultSortFor, withNear } from '../../lib/directory/url-state.ts';
import type { GeoPoint } from '../../lib/geo/distance.ts';
import type { ResolvedLocation } from '../../lib/geo/resolve.ts';
import type { UrlState } from './useUrlState.ts';

/** Said when the lookup code itself cannot be loaded (resolve.ts reports failed lookups itself). */
const LOOKUP_FAILED = "We couldn't look up that place just now. Check your connection and try again.";

/**
 * Resolves the "Near" text with the site's own static shards (lib/geo/resolve.ts, loaded on
 * first use so the home page does not pay for it): no request leaves the site.
 */
async function resolvePlace(near: string): Promise<ResolvedLocation> {
  const { resolveLocation, fetchShardFromSite } = await import('../../lib/geo/resolve.ts');
  return resolveLocation(near, fetchShardFromSite);
}

export type DeviceStatus = { busy: boolean; message: string | null };

export type Place = {
  /** What is typed in the "Near" box; applied with Enter, the Find button or leaving the box. */
  draft: string;
  setDraft: (draft: string) => void;
  /** "Use my location": kept in memory only, never in the URL or any request. */
  device: GeoPoint | null;
  /** The device point as of the last change, ahead of the render that shows it. */
  deviceRef: RefObject<GeoPoint | null>;
  deviceStatus: DeviceStatus;
  /** The lookup of the applied "Near" text; null while none is set or it is being looked up. */
  result: ResolvedLocation | null;
  resolving: boolean;
  /** The point distances are measured from: the device, else the resolved place. */
  origin: GeoPoint | null;
  /** What the distances are from, in words ("your location", "Belmont, MA"), or null. */
  label: string | null;
  /** Every filter change goes through here, since a new place replaces the device location. */
  setFilters: (filters: DirectoryFilters) => void;
  applyNear: () => void;
  /** Every filter and the place off; `keepQuery` keeps the search text. */
  clearAll: (keepQuery: boolean) => void;
  clearDevice: () => void;
  locateMe: () => void;
  /** Forgets the device location's last error (a later search made it stale). */
  clearMessage: () => void;
};

/** The "Near" place and the device location, and the filter changes that set or clear them. */
export function usePlace({ state, latest, commit }: UrlState): Place {
  const [draft, setDraft] = useState('');
  const [located, setLocated] = useState<{ near: string; result: ResolvedLocation } | null>(null);
  const [device, setDevice] = useState<GeoPoint | null>(null);
  const [deviceStatus, setDeviceStatus] = useState<DeviceStatus>({ busy: false, message: null });
  const deviceRef = useRef(device);
  deviceRef.current = device;

  function setFilters(filters: DirectoryFilters): void {
    const current = latest.current;
    if (filters.near !== current.filters.near) {
      // A new place (or none) replaces the device location; the sort follows if it was the default.
      setDevice(null);
      deviceRef.current = null;
      setDraft(filters.near);
      commit(
        withNear({ sort: current.sort, filters: { ...filters, near: current.filters.near } }, filters.near),
      );
    } else commit({ ...current, filters });
  }

  function applyNear(): void {
    if (draft.trim() === latest.current.filters.near) return;
    setFilters({ ...latest.current.filters, near: draft.trim() });
  }

  function clearAll(keepQuery: boolean): void {
    setDevice(null);
    deviceRef.current = null;
    setDraft('');
    const current = latest.current;
    commit({
      filters: { ...DEFAULT_STATE.filters, query: keepQuery ? current.filters.query : '' },
      sort: current.sort === 'distance' ? 'name' : current.sort,
    });
  }

  function clearDevice(): void {
    setDevice(null);
    deviceRef.current = null;
    const current = latest.current;
    commit(current.sort === 'distance' ? { ...current, sort: defaultSortFor(current.filters) } : current);
  }

  function clearMessage(): void {
    // The same object when there is nothing to clear: no render.
    setDeviceStatus((current) =>
      current.message === null || current.busy ? current : { busy: false, message: null },
    );
  }

  function locateMe(): void {
    if (!('geolocation' in navigator)) {
      setDeviceStatus({
        busy: false,
        message: 'This browser cannot share its location. Enter a ZIP code instead.',
      });
      return;
    }
    setDeviceStatus({ busy: true, message: null });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        setDeviceStatus({ busy: false, message: null });
        setDevice(point);
        deviceRef.current = point;
        setDraft('');
        const current = latest.current;
        const cleared = withNear(current, '');
        commit({ ...cleared, sort: cleared.sort === 'name' ? 'distance' : cleared.sort });
      },
      (error) => {
        setDeviceStatus({
          busy: false,
          message:
            error.code === error.PERMISSION_DENIED
              ? 'Location access is turned off for this site. Enter a ZIP code or a city and state instead.'
              : 'Your location could not be found. Enter a ZIP code or a city and state instead.',
        });
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  }

  // Resolve the "Near" text whenever it changes (one small same-origin shard per place).
  const near = state.filters.near;
  useEffect(() => {
    if (near === '' || located?.near === near) return;
    let current = true;
    resolvePlace(near)
      .catch((): ResolvedLocation => ({ ok: false, message: LOOKUP_FAILED }))
      .then((result) => {
        if (current) setLocated({ near, result });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [near, located]);
  const result = near !== '' && located?.near === near ? located.result : null;
  const origin: GeoPoint | null = device ?? (result?.ok ? result.point : null);
  const label = device !== null ? 'your location' : result?.ok ? result.label : null;

  return {
    draft,
    setDraft,
    device,
    deviceRef,
    deviceStatus,
    result,
    resolving: near !== '' && result === null,
    origin,
    label,
    setFilters,
    applyNear,
    clearAll,
    clearDevice,
    locateMe,
    clearMessage,
  };
}
