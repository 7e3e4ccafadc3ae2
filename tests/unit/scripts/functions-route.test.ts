/**
 * The local server's router (`scripts/lib/functions.ts`): a looked-up route is remembered, and
 * what it answers is the same as matching every pattern afresh.
 */
import { describe, expect, it } from 'vitest';
import { route, type LoadedFunction } from '../../../scripts/lib/functions.ts';

const fn = (name: string, paths: string[], methods: string[] | null = null): LoadedFunction => ({
  name,
  handler: () => new Response(null),
  patterns: paths.map((pathname) => new URLPattern({ pathname })),
  excluded: [],
  methods,
});

describe('route', () => {
  const functions = [fn('me', ['/api/me'], ['GET']), fn('items', ['/api/items', '/api/items/:id'])];

  it('answers the same the second time, from memory', () => {
    for (let i = 0; i < 2; i++) {
      expect(route(functions, '/api/me', 'GET')?.fn.name).toBe('me');
      expect(route(functions, '/api/me', 'POST')).toBeNull();
      expect(route(functions, '/api/items/42', 'PATCH')).toMatchObject({
        fn: { name: 'items' },
        params: { id: '42' },
      });
      expect(route(functions, '/api/nothing', 'GET')).toBeNull();
    }
  });

  it('gives every caller its own params', () => {
    const first = route(functions, '/api/items/7', 'GET');
    if (first) first.params['id'] = 'changed';
    expect(route(functions, '/api/items/7', 'GET')?.params).toEqual({ id: '7' });
  });

  it('keeps each list of functions apart (npm run dev reloads them)', () => {
    const reloaded = [fn('me-v2', ['/api/me'])];
    expect(route(functions, '/api/me', 'GET')?.fn.name).toBe('me');
    expect(route(reloaded, '/api/me', 'GET')?.fn.name).toBe('me-v2');
  });

  it('stays right past its size bound', () => {
    for (let i = 0; i < 2500; i++)
      expect(route(functions, `/api/items/${String(i)}`, 'GET')?.params).toEqual({ id: String(i) });
    expect(route(functions, '/api/me', 'GET')?.fn.name).toBe('me');
  });
});
