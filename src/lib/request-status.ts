/**
 * The one set of words for where a family's information or call request stands
 * (docs/product-rules.md#request-statuses): Sent → Delivered → Contacted → Closed. The status page,
 * the family's account, the provider's dashboard and the e-mails all say these, from two facts the
 * database keeps:
 *
 * - `provider_inquiries.status` (`new`, `contacted`, `closed`), which the program sets;
 * - whether the request's e-mail to the program was handed to the mail transport (the outbox's
 *   `inquiry` message to the program was sent: `provider_inquiries.delivered_at`, or the status
 *   page's `delivery`). An e-mail to the site team (a program without an admissions address) is
 *   not a delivery to the program: such a request stays Sent until the site team marks it
 *   contacted.
 *
 * | status      | e-mail to the program sent | stage     |
 * | ----------- | -------------------------- | --------- |
 * | `new`       | no (sending, failed, none) | Sent      |
 * | `new`       | yes                        | Delivered |
 * | `contacted` | either                     | Contacted |
 * | `closed`    | either                     | Closed    |
 */
import type { InquiryStatus } from './vocabulary.ts';

export const REQUEST_STAGES = ['sent', 'delivered', 'contacted', 'closed'] as const;
export type RequestStage = (typeof REQUEST_STAGES)[number];

export interface StageWords {
  /** The word itself, everywhere. */
  label: string;
  /** What it means for the family (status page, account). */
  family: string;
  /** What it means for the program (dashboard). */
  program: string;
}

export const REQUEST_STAGE_WORDS: Readonly<Record<RequestStage, StageWords>> = {
  sent: {
    label: 'Sent',
    family: 'Your request is saved and on its way to the program.',
    program: 'Saved. The email to your inquiry address has not gone out yet.',
  },
  delivered: {
    label: 'Delivered',
    family:
      'The program has your request by email. Admissions teams usually reply within a few business days.',
    program: 'Emailed to your inquiry address. Mark it Contacted once you have answered the family.',
  },
  contacted: {
    label: 'Contacted',
    family: 'The program says it has contacted you. Check your email (and spam folder) and your phone.',
    program: 'You have answered the family.',
  },
  closed: {
    label: 'Closed',
    family:
      'The program has closed this request. If you still need help, you can send a new request from its page.',
    program: 'Nothing more to do for this request.',
  },
};

/** The stage of a request from its status and whether its e-mail reached the program. */
export function requestStage(status: InquiryStatus, deliveredToProgram: boolean): RequestStage {
  if (status === 'contacted' || status === 'closed') return status;
  return deliveredToProgram ? 'delivered' : 'sent';
}

/** The stage of a row that carries `delivered_at` (the account's and the dashboard's lists). */
export function stageOfRow(row: { status: InquiryStatus; delivered_at: string | null }): RequestStage {
  return requestStage(row.status, row.delivered_at !== null);
}

/** The stage of the status page's answer: its status and the delivery of its e-mail. */
export function stageOfDelivery(
  status: InquiryStatus,
  delivery: { state: 'sending' | 'delivered' | 'forwarding'; to: 'program' | 'site_team' } | null,
): RequestStage {
  return requestStage(status, delivery?.state === 'delivered' && delivery.to === 'program');
}

/** The word of a stage. */
export function stageLabel(stage: RequestStage): string {
  return REQUEST_STAGE_WORDS[stage].label;
}

/**
 * The words of the statuses a program chooses from (its dashboard's select): `new` reads as the
 * stage the request is at without an answer (Sent or Delivered), the others as themselves.
 */
export function statusChoiceLabel(status: InquiryStatus, deliveredToProgram: boolean): string {
  return stageLabel(requestStage(status, deliveredToProgram));
}

/**
 * The sentence of the e-mail that tells the family the program changed the status of their
 * request (no health details: the program's name and the new word only).
 */
export function statusChangeSentence(stage: RequestStage, programName: string): string {
  switch (stage) {
    case 'contacted':
      return `${programName} marked your request as Contacted: they say they have contacted you. Check your email (and spam folder) and your phone.`;
    case 'closed':
      return `${programName} marked your request as Closed. If you still need help, you can send a new request from the program's page in the directory.`;
    case 'delivered':
    case 'sent':
      return `${programName} changed your request back to ${stageLabel(stage)}: they have not contacted you yet.`;
  }
}

/**
 * How the status page marks each stage: `done` (known to have happened), `current`, `todo` (not
 * yet), or `unknown` (passed, but not recorded: Delivered when the e-mail went to the site team or
 * was forwarded by hand, Contacted when the program closed the request, which may happen without a
 * contact). Only `sent` is always done: the request is saved before anything else.
 */
export type StepState = 'done' | 'current' | 'todo' | 'unknown';

export function stageSteps(
  stage: RequestStage,
  deliveredToProgram: boolean,
): { stage: RequestStage; state: StepState }[] {
  const current = REQUEST_STAGES.indexOf(stage);
  return REQUEST_STAGES.map((step, index) => {
    if (index === current) return { stage: step, state: 'current' };
    if (index > current) return { stage: step, state: 'todo' };
    if (step === 'sent') return { stage: step, state: 'done' };
    if (step === 'delivered') return { stage: step, state: deliveredToProgram ? 'done' : 'unknown' };
    return { stage: step, state: 'unknown' };
  });
}
