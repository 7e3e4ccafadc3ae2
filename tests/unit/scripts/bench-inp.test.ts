import { describe, expect, it } from 'vitest';
import { inpStats, interactionLatencies, type EventEntry } from '../../../scripts/lib/bench-inp.ts';

const e = (name: string, interactionId: number, duration: number): EventEntry => ({
  name,
  interactionId,
  duration,
});

describe('Event Timing entries → interaction latencies', () => {
  it('takes the longest entry of each interaction, in the order they came, without non-interactions', () => {
    const entries = [
      e('pointerover', 0, 200),
      e('pointerdown', 11, 24),
      e('pointerup', 11, 40),
      e('click', 11, 32),
      e('keydown', 12, 56),
      e('keyup', 12, 16),
      e('mouseover', 0, 300),
    ];
    expect(interactionLatencies(entries)).toEqual([40, 56]);
  });

  it('keeps only key presses or only pointer interactions when asked', () => {
    const entries = [e('click', 1, 48), e('keydown', 2, 80), e('keyup', 2, 24), e('pointerup', 3, 16)];
    expect(interactionLatencies(entries, 'key')).toEqual([80]);
    expect(interactionLatencies(entries, 'pointer')).toEqual([48, 16]);
    expect(interactionLatencies([], 'key')).toEqual([]);
  });
});

describe('INP figures', () => {
  it('is the 75th percentile by nearest rank and the worst', () => {
    const latencies = Array.from({ length: 20 }, (_, i) => (i + 1) * 8); // 8 … 160
    expect(inpStats(latencies, 20)).toEqual({ p75Ms: 120, maxMs: 160, interactions: 20, underThreshold: 0 });
  });

  it('counts interactions that left no entry as under the threshold (0), which only lowers the p75', () => {
    expect(inpStats([40, 48, 200, 64], 8)).toEqual({
      p75Ms: 48,
      maxMs: 200,
      interactions: 8,
      underThreshold: 4,
    });
  });

  it('keeps entries beyond the interactions made, never hiding a slow one', () => {
    expect(inpStats([16, 24, 400], 2)).toMatchObject({ p75Ms: 400, interactions: 3, underThreshold: 0 });
  });

  it('is zero over nothing', () => {
    expect(inpStats([], 0)).toEqual({ p75Ms: 0, maxMs: 0, interactions: 0, underThreshold: 0 });
  });
});
