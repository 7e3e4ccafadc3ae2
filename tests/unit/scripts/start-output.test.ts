/**
 * What `npm start` prints (scripts/lib/start-output.ts): the build's per-page lines are counted,
 * not shown; its warnings and errors are kept; the summary line and the framed ready block.
 */
import { describe, expect, it } from 'vitest';
import {
  BuildOutputReader,
  buildSummary,
  duration,
  frame,
  isPageLine,
  problemLine,
  readyBlock,
} from '../../../scripts/lib/start-output.ts';

describe('isPageLine', () => {
  it.each([
    ['00:31:58   ├─ /404.html (+148ms) ', true],
    ['00:32:03   └─ /index.html (+49ms)', true],
    ['  ├─ /program/aspen-cove-womens-ocd.html (+42ms)', true],
    [
      '\u001b[2m00:31:59\u001b[22m   \u001b[34m├─\u001b[39m \u001b[2m/compare-data/6f.json\u001b[22m (+3ms)',
      true,
    ],
    [' prerendering static routes ', false],
    ['00:32:03 ✓ Completed in 8.93s.', false],
    ['00:31:45 [build] output: "static"', false],
    ['', false],
  ])('%j → %s', (line, expected) => {
    expect(isPageLine(line)).toBe(expected);
  });
});

describe('problemLine', () => {
  it.each([
    [
      '00:31:33 [WARN] [config] Shiki syntax highlighting uses inline styles',
      '[WARN] [config] Shiki syntax highlighting uses inline styles',
    ],
    [
      '12:00:00 [ERROR] [content] programs → aspen: name is required',
      '[ERROR] [content] programs → aspen: name is required',
    ],
    ['error: something broke', 'error: something broke'],
    ['00:31:45 [build] Collecting build info...', null],
    [
      '00:32:07 [content] listing "test-program-001": published by content/programs/test-program-001.md',
      null,
    ],
    ['00:31:58   ├─ /404.html (+148ms)', null],
  ])('%j → %j', (line, expected) => {
    expect(problemLine(line)).toBe(expected);
  });
});

describe('BuildOutputReader', () => {
  it('counts pages and keeps problems, whatever the chunks split', () => {
    const output = [
      '00:31:33 [WARN] [config] a warning',
      ' prerendering static routes ',
      ...Array.from({ length: 2218 }, (_, i) => `00:31:58   ├─ /program/p-${String(i)}.html (+3ms)`),
      '00:32:03 ✓ Completed in 8.93s.',
      '00:32:07 [build] Complete!',
    ].join('\n');
    for (const size of [1, 7, 100, output.length]) {
      const reader = new BuildOutputReader();
      for (let at = 0; at < output.length; at += size) reader.feed(output.slice(at, at + size));
      reader.end();
      expect(reader.pages).toBe(2218);
      expect(reader.problems).toEqual(['[WARN] [config] a warning']);
    }
  });

  it('reads a last line without a line break', () => {
    const reader = new BuildOutputReader();
    reader.feed('  └─ /index.html (+49ms)');
    expect(reader.pages).toBe(0);
    reader.end();
    expect(reader.pages).toBe(1);
  });
});

describe('duration and buildSummary', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1_000, '1 s'],
    [41_400, '41 s'],
    [59_600, '1 min'],
    [125_000, '2 min 5 s'],
  ])('%i ms → %s', (ms, text) => {
    expect(duration(ms)).toBe(text);
  });

  it('says how many pages, how long, and where the log is', () => {
    expect(buildSummary(2174, 41_000, '.data/logs/build.log')).toBe(
      'Built 2,174 pages in 41 s — log: .data/logs/build.log',
    );
    expect(buildSummary(1, 900, 'b.log')).toBe('Built 1 page in 900 ms — log: b.log');
  });
});

describe('frame and readyBlock', () => {
  it('frames lines in a box of one width', () => {
    expect(frame(['Hello', '', 'a longer line'])).toEqual([
      '┌─────────────────┐',
      '│  Hello          │',
      '│                 │',
      '│  a longer line  │',
      '└─────────────────┘',
    ]);
  });

  it('gives the site, the demo accounts, the outbox and the logs, framed', () => {
    const block = readyBlock({
      site: 'http://localhost:8888',
      outbox: 'http://127.0.0.1:54324',
      accounts: [
        { role: 'admin', email: 'admin@example.org', password: 'admin-demo-1' },
        { role: 'provider', email: 'provider@example.org', password: 'provider-demo-1' },
      ],
      buildLog: '.data/logs/build.log',
      startLog: '.data/logs/start.log',
    });
    const text = block.map((l) => l.slice(3).trimEnd().replace(/\s*│$/, '')).slice(1, -1);
    expect(text).toEqual([
      'The directory is running: http://localhost:8888',
      '',
      'Demo accounts (e-mail, password):',
      '  admin     admin@example.org     admin-demo-1',
      '  provider  provider@example.org  provider-demo-1',
      '',
      'E-mails the site sends: http://127.0.0.1:54324',
      '',
      'Logs: .data/logs/build.log, .data/logs/start.log',
      'Stop with Ctrl-C.',
    ]);
    expect(new Set(block.map((l) => l.length)).size).toBe(1);
    expect(block[0]).toMatch(/^┌─+┐$/);
    expect(block.at(-1)).toMatch(/^└─+┘$/);
  });

  it('with a remote backend: no accounts, no outbox; says where it listens', () => {
    const block = readyBlock({
      site: 'http://localhost:8888',
      listening: '0.0.0.0',
      startLog: '.data/logs/start.log',
    }).join('\n');
    expect(block).toContain('(listening on 0.0.0.0)');
    expect(block).not.toContain('Demo accounts');
    expect(block).not.toContain('E-mails');
    expect(block).toContain('Logs: .data/logs/start.log');
  });
});
