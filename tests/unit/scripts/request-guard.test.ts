import { describe, expect, it } from 'vitest';
import { guardRequest } from '../../../scripts/lib/request-guard.ts';

describe('guardRequest: what the local server refuses before routing', () => {
  it.each<[string, string, string, number | string]>([
    ['a page', 'GET', '/program/mclean', '/program/mclean'],
    ['an encoded space', 'GET', '/program/a%20b?q=1', '/program/a b'],
    ['a query with a malformed escape (only the path is decoded)', 'GET', '/?q=%E0%A4%A', '/'],
    ['an API post', 'POST', '/api/contact', '/api/contact'],
    ['TRACE', 'TRACE', '/', 405],
    ['TRACK', 'TRACK', '/', 405],
    ['CONNECT', 'CONNECT', '/', 405],
    ['a malformed percent-encoding', 'GET', '/program/%E0%A4%A', 400],
    ['a lone percent sign', 'GET', '/program/100%', 400],
    ['an encoded dot-segment traversal', 'GET', '/program/%2e%2e%2f%2e%2e%2fetc%2fpasswd', 400],
    ['a plain dot-dot segment', 'GET', '/program/../../package.json', 400],
    ['a single dot segment', 'GET', '/./about', 400],
    ['an encoded backslash', 'GET', '/program/..%5c..%5cetc', 400],
    ['an encoded NUL', 'GET', '/program/a%00b', 400],
    ['an encoded newline', 'GET', '/program/a%0d%0aSet-Cookie:x', 400],
    ['absolute-form', 'GET', 'http://evil.example/', 400],
    ['asterisk-form', 'OPTIONS', '*', 400],
    ['a scheme-relative path', 'GET', '//evil.example/x', 400],
    ['an over-long target', 'GET', `/${'a'.repeat(5000)}`, 414],
  ])('%s', (_label, method, target, expected) => {
    const result = guardRequest(method, target);
    if (typeof expected === 'string') expect(result).toEqual({ ok: true, pathname: expected });
    else expect(result).toMatchObject({ ok: false, status: expected });
  });

  it('answers a traversal the same whether or not the target exists (no file-existence oracle)', () => {
    expect(guardRequest('GET', '/program/%2e%2e%2f%2e%2e%2fpackage.json')).toEqual(
      guardRequest('GET', '/program/%2e%2e%2f%2e%2e%2fno-such-file'),
    );
  });
});
