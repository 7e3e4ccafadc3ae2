import { describe, expect, it } from 'vitest';
import {
  REQUEST_STAGE_WORDS,
  REQUEST_STAGES,
  requestStage,
  stageLabel,
  stageOfDelivery,
  stageOfRow,
  stageSteps,
  statusChangeSentence,
  statusChoiceLabel,
  type RequestStage,
} from '../../../src/lib/request-status.ts';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../src/lib/vocabulary.ts';

describe('requestStage: the database status and the delivery → one word', () => {
  it.each<[InquiryStatus, boolean, RequestStage, string]>([
    ['new', false, 'sent', 'Sent'],
    ['new', true, 'delivered', 'Delivered'],
    ['contacted', false, 'contacted', 'Contacted'],
    ['contacted', true, 'contacted', 'Contacted'],
    ['closed', false, 'closed', 'Closed'],
    ['closed', true, 'closed', 'Closed'],
  ])('%s, delivered to the program: %s → %s (%s)', (status, delivered, stage, label) => {
    expect(requestStage(status, delivered)).toBe(stage);
    expect(stageLabel(requestStage(status, delivered))).toBe(label);
  });

  it('every database status maps to a stage, and the stages are in the order a request moves', () => {
    expect(REQUEST_STAGES).toEqual(['sent', 'delivered', 'contacted', 'closed']);
    for (const status of INQUIRY_STATUSES) {
      expect(REQUEST_STAGES).toContain(requestStage(status, false));
      expect(REQUEST_STAGES).toContain(requestStage(status, true));
    }
    expect(REQUEST_STAGES.map(stageLabel)).toEqual(['Sent', 'Delivered', 'Contacted', 'Closed']);
  });
});

describe('stageOfRow: a row with delivered_at (account, dashboard)', () => {
  it.each<[InquiryStatus, string | null, RequestStage]>([
    ['new', null, 'sent'],
    ['new', '2026-11-26T10:00:00.000Z', 'delivered'],
    ['contacted', null, 'contacted'],
    ['closed', '2026-11-26T10:00:00.000Z', 'closed'],
  ])('%s, delivered_at %s → %s', (status, deliveredAt, stage) => {
    expect(stageOfRow({ status, delivered_at: deliveredAt })).toBe(stage);
  });
});

describe("stageOfDelivery: the status page's delivery", () => {
  it.each<
    [
      InquiryStatus,
      { state: 'sending' | 'delivered' | 'forwarding'; to: 'program' | 'site_team' } | null,
      RequestStage,
    ]
  >([
    ['new', null, 'sent'],
    ['new', { state: 'sending', to: 'program' }, 'sent'],
    ['new', { state: 'forwarding', to: 'program' }, 'sent'],
    ['new', { state: 'delivered', to: 'program' }, 'delivered'],
    // Delivered to the site team, who pass it on: not yet at the program.
    ['new', { state: 'delivered', to: 'site_team' }, 'sent'],
    ['contacted', { state: 'delivered', to: 'site_team' }, 'contacted'],
    ['contacted', { state: 'forwarding', to: 'program' }, 'contacted'],
    ['closed', null, 'closed'],
  ])('%s with %j → %s', (status, delivery, stage) => {
    expect(stageOfDelivery(status, delivery)).toBe(stage);
  });
});

describe("statusChoiceLabel: the program's select says the same words", () => {
  it.each<[InquiryStatus, boolean, string]>([
    ['new', true, 'Delivered'],
    ['new', false, 'Sent'],
    ['contacted', true, 'Contacted'],
    ['closed', false, 'Closed'],
  ])('%s (delivered %s) → %s', (status, delivered, label) => {
    expect(statusChoiceLabel(status, delivered)).toBe(label);
  });
});

describe('words', () => {
  it('each stage says what it means to the family and to the program', () => {
    for (const stage of REQUEST_STAGES) {
      const words = REQUEST_STAGE_WORDS[stage];
      expect(words.label).toMatch(/^[A-Z][a-z]+$/);
      expect(words.family.length).toBeGreaterThan(20);
      expect(words.program.length).toBeGreaterThan(5);
    }
  });

  it.each<[RequestStage, RegExp]>([
    ['contacted', /^Pine Hollow marked your request as Contacted: they say they have contacted you\./],
    ['closed', /^Pine Hollow marked your request as Closed\./],
    ['delivered', /^Pine Hollow changed your request back to Delivered: they have not contacted you yet\.$/],
    ['sent', /^Pine Hollow changed your request back to Sent: they have not contacted you yet\.$/],
  ])('the status-change e-mail sentence for %s', (stage, pattern) => {
    expect(statusChangeSentence(stage, 'Pine Hollow')).toMatch(pattern);
  });
});

describe('stageSteps: what the status page marks', () => {
  const marks = (stage: RequestStage, delivered: boolean) =>
    stageSteps(stage, delivered).map((s) => `${s.stage}:${s.state}`);

  it.each<[RequestStage, boolean, string[]]>([
    ['sent', false, ['sent:current', 'delivered:todo', 'contacted:todo', 'closed:todo']],
    ['delivered', true, ['sent:done', 'delivered:current', 'contacted:todo', 'closed:todo']],
    ['contacted', true, ['sent:done', 'delivered:done', 'contacted:current', 'closed:todo']],
    // Passed on by the site team: the e-mail never went to the program itself.
    ['contacted', false, ['sent:done', 'delivered:unknown', 'contacted:current', 'closed:todo']],
    // Closed: whether the program made contact first is not recorded.
    ['closed', true, ['sent:done', 'delivered:done', 'contacted:unknown', 'closed:current']],
    ['closed', false, ['sent:done', 'delivered:unknown', 'contacted:unknown', 'closed:current']],
  ])('%s (delivered %s)', (stage, delivered, expected) => {
    expect(marks(stage, delivered)).toEqual(expected);
  });
});
