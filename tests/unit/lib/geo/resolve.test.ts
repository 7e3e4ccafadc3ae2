import { describe, expect, it, vi } from 'vitest';
import { geoShards } from '../../../../src/lib/geo/lookup-data.ts';
import { LOCATION_MESSAGES } from '../../../../src/lib/geo/query.ts';
import { clearShardCache, resolveLocation, type FetchShard } from '../../../../src/lib/geo/resolve.ts';
import type { Shard } from '../../../../src/lib/geo/shards.ts';

const SITE: Record<string, Shard> = {
  '/geo/zip/024.json': { '02478': [42.396, -71.179], '02474': [42.416, -71.156] },
  '/geo/zip/100.json': { '10001': [40.748, -73.997] },
  '/geo/city/MA/b.json': { belmont: [42.4, -71.18], boston: [42.34, -71.07] },
  '/geo/city/MO/s.json': { 'saint louis': [38.63, -90.24] },
  '/geo/city/DC/w.json': { washington: [38.9, -77.02] },
};

/** A fake same-origin site: 404 → null; records the paths it was asked for. */
function fakeSite(pages: Record<string, Shard> = SITE) {
  const fetchShard = vi.fn<FetchShard>((path) => Promise.resolve(pages[path] ?? null));
  return fetchShard;
}

describe('resolveLocation', () => {
  it.each([
    ['02478', '/geo/zip/024.json', { lat: 42.396, lng: -71.179 }, 'ZIP 02478'],
    ['02478-1234', '/geo/zip/024.json', { lat: 42.396, lng: -71.179 }, 'ZIP 02478'],
    ['Belmont, MA', '/geo/city/MA/b.json', { lat: 42.4, lng: -71.18 }, 'Belmont, MA'],
    ['belmont massachusetts', '/geo/city/MA/b.json', { lat: 42.4, lng: -71.18 }, 'Belmont, MA'],
    ['St. Louis, Missouri', '/geo/city/MO/s.json', { lat: 38.63, lng: -90.24 }, 'St. Louis, MO'],
    ['Washington DC', '/geo/city/DC/w.json', { lat: 38.9, lng: -77.02 }, 'Washington, DC'],
  ])('%j → one request for %s, point %j, label %j', async (input, path, point, label) => {
    const fetchShard = fakeSite();
    expect(await resolveLocation(input, fetchShard)).toEqual({ ok: true, point, label });
    expect(fetchShard.mock.calls).toEqual([[path]]);
  });

  it.each([
    ['02479', LOCATION_MESSAGES.unknownZip('02479')], // shard exists, ZIP not in it
    ['99999', LOCATION_MESSAGES.unknownZip('99999')], // no shard (404)
    ['Springfield, MA', LOCATION_MESSAGES.unknownCity('Springfield', 'MA')], // no shard
    ['Bedford, MA', LOCATION_MESSAGES.unknownCity('Bedford', 'MA')], // shard exists, city not in it
    ['Constructor, MO', LOCATION_MESSAGES.unknownCity('Constructor', 'MO')], // not Object.prototype's
  ])('%j → %j', async (input, message) => {
    expect(await resolveLocation(input, fakeSite())).toEqual({ ok: false, message });
  });

  it.each([
    ['', LOCATION_MESSAGES.empty],
    ['0247', LOCATION_MESSAGES.malformedZip],
    ['Belmont', LOCATION_MESSAGES.missingState],
    ['Belmont, Mass', LOCATION_MESSAGES.unknownState('Mass')],
  ])('malformed %j → %j without any request', async (input, message) => {
    const fetchShard = fakeSite();
    expect(await resolveLocation(input, fetchShard)).toEqual({ ok: false, message });
    expect(fetchShard).not.toHaveBeenCalled();
  });

  it('fetches each shard once, including concurrent lookups', async () => {
    const fetchShard = fakeSite();
    await Promise.all([resolveLocation('02478', fetchShard), resolveLocation('02474', fetchShard)]);
    await resolveLocation('02478', fetchShard);
    await resolveLocation('Boston, MA', fetchShard);
    await resolveLocation('Belmont MA', fetchShard);
    expect(fetchShard.mock.calls).toEqual([['/geo/zip/024.json'], ['/geo/city/MA/b.json']]);
    clearShardCache(fetchShard);
    await resolveLocation('02478', fetchShard);
    expect(fetchShard).toHaveBeenCalledTimes(3);
  });

  it('remembers a 404 (an unknown prefix) without asking again', async () => {
    const fetchShard = fakeSite();
    await resolveLocation('99999', fetchShard);
    await resolveLocation('99998', fetchShard);
    expect(fetchShard).toHaveBeenCalledTimes(1);
  });

  it('says the lookup failed on a network error, and tries again next time', async () => {
    let online = false;
    const fetchShard = vi.fn<FetchShard>((path) =>
      online ? Promise.resolve(SITE[path] ?? null) : Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await resolveLocation('02478', fetchShard)).toEqual({
      ok: false,
      message: LOCATION_MESSAGES.unavailable,
    });
    online = true;
    expect(await resolveLocation('02478', fetchShard)).toMatchObject({ ok: true, label: 'ZIP 02478' });
    expect(fetchShard).toHaveBeenCalledTimes(2);
  });

  it('resolves against the real generated shards', async () => {
    const files: Record<string, Shard> = {};
    const shards = geoShards();
    for (const s of shards.zip) files[`/geo/zip/${s.prefix}.json`] = s.data;
    for (const s of shards.city) files[`/geo/city/${s.state}/${s.letter}.json`] = s.data;
    const fetchShard = fakeSite(files);
    expect(await resolveLocation('02478', fetchShard)).toEqual({
      ok: true,
      point: { lat: 42.396, lng: -71.179 },
      label: 'ZIP 02478',
    });
    expect(await resolveLocation('san juan, pr', fetchShard)).toMatchObject({
      ok: true,
      label: 'San Juan, PR',
    });
    expect(await resolveLocation('Saint Louis MO', fetchShard)).toMatchObject({ ok: true });
    expect(await resolveLocation('Nowhereville, MA', fetchShard)).toEqual({
      ok: false,
      message: LOCATION_MESSAGES.unknownCity('Nowhereville', 'MA'),
    });
    expect(await resolveLocation('00000', fetchShard)).toEqual({
      ok: false,
      message: LOCATION_MESSAGES.unknownZip('00000'),
    });
  });
});
